package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/batchonce"
	"cro/pocketbase/eventstore/funneldays"
	"database/sql"
	"errors"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// sqliteStore keeps events in the app's SQLite database: raw events and sessions written by the
// group-commit Writer together with per-day rollups, which the dashboard queries read.
type sqliteStore struct {
	app core.App
	w   *Writer
	now func() time.Time // the clock of funnel days (tests set it); nil is time.Now
	// dayCache keeps the funnels' closed days in memory (eventstore/funneldays).
	dayCache *funneldays.Cache
	// sessionDimsCache keeps the sessions' breakdown values (funnel_session_dims.go).
	sessionDimsCache *sessionDimsCache
	// funnelDefs lists a site's funnels (eventstore.Definitions, funnel_days_prune.go), nil until told.
	defsMu     sync.Mutex
	funnelDefs func(siteID string) ([]eventstore.FunnelQuery, error)
	// settler keeps guardrails and ratio metrics settled ahead (metric_settle.go).
	settler *metricSettler
	// once keeps a re-sent batch from being written twice (eventstore/batchonce).
	once *batchonce.Set
}

func (s *sqliteStore) clock() time.Time {
	if s.now != nil {
		return s.now()
	}
	return time.Now()
}

// NewSQLiteStore returns the event store in the app's own database.
func NewSQLiteStore(app core.App) eventstore.Store {
	s := &sqliteStore{app: app, w: newWriter(app), dayCache: funneldays.NewCache(), sessionDimsCache: newSessionDimsCache(),
		once: batchonce.New()}
	s.settler = newMetricSettler(s)
	return s
}

func (s *sqliteStore) Start() { s.w.start(); s.settler.start() }
func (s *sqliteStore) Stop()  { s.settler.stop(); s.w.stop() }

func (s *sqliteStore) job(in eventstore.Ingest) *job {
	return &job{site: in.Site, batch: in.Batch, device: in.Device, browser: in.Browser, country: in.Country, client: in.Client,
		verified: in.Verified}
}

// Submit claims the batch's id first: the writer ends the claim when the batch's transaction
// ended, which may be after submit gave up waiting (a 503 whose batch was written later).
func (s *sqliteStore) Submit(in eventstore.Ingest) error {
	j := s.jobOf(in)
	if in.Batch != nil && in.Batch.ID != "" {
		key := batchonce.Key(in.Site.ID, in.Batch.ID)
		if !s.once.Claim(key) {
			return eventstore.ErrDuplicate
		}
		j.ended = func(written bool) { s.once.Done(key, written) }
	}
	return s.w.submit(j)
}

func (s *sqliteStore) WriteAll(in []eventstore.Ingest) error {
	jobs := make([]*job, len(in))
	for i := range in {
		jobs[i] = s.jobOf(in[i])
	}
	return s.w.write(jobs)
}

func (s *sqliteStore) TakeDirty() []string { return s.w.takeDirty() }

func (s *sqliteStore) ActiveVisitors(siteID string, now time.Time) int {
	return s.w.activeVisitors(siteID, now)
}

// Prune deletes per site in chunks, using the (site_id, ts) and (site_id, started_at) indexes, so
// that ingestion is never blocked for long.
func (s *sqliteStore) Prune(before time.Time) error {
	cutoff := dbTime(before)
	var siteIDs []string
	if err := s.app.DB().NewQuery(`SELECT id FROM sites`).Column(&siteIDs); err != nil {
		return err
	}
	var errs []error
	for _, site := range siteIDs {
		if err := s.pruneSite(site, cutoff); err != nil {
			errs = append(errs, err) // one failing site does not keep the others' old events
		}
	}
	return errors.Join(errs...)
}

// DistinctVisitors reads the (site_id, visitor, started_at) index only.
func (s *sqliteStore) DistinctVisitors(siteID string, from time.Time) (int, error) {
	var n int
	err := s.app.DB().NewQuery(`SELECT COUNT(DISTINCT visitor) FROM sessions WHERE site_id = {:site} AND started_at >= {:from}`).
		Bind(dbx.Params{"site": siteID, "from": dbTime(from)}).Row(&n)
	return n, err
}

// SessionConverted reads the session's row through its (site_id, session_key) unique index.
func (s *sqliteStore) SessionConverted(siteID, sessionKey string) (bool, error) {
	var n int
	err := s.app.DB().NewQuery(`SELECT conversions FROM sessions WHERE site_id = {:site} AND session_key = {:key}`).
		Bind(dbx.Params{"site": siteID, "key": sessionKey}).Row(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return n > 0, err
}

// goalCompletionsSQL reads micro goal completions (raw events, through the (site_id, ts) index).
const goalCompletionsSQL = `SELECT goal, COUNT(DISTINCT session) AS n FROM events WHERE site_id = {:site}
	AND type = 'micro_conversion' AND ts >= {:from} AND ts < {:to} GROUP BY goal`

func (s *sqliteStore) GoalCompletions(siteID string, goalIDs []string, from, to time.Time) (map[string]int, error) {
	out := map[string]int{}
	want := map[string]bool{}
	for _, id := range goalIDs {
		want[id] = true
	}
	var rows []struct {
		Goal string `db:"goal"`
		N    int    `db:"n"`
	}
	err := s.app.DB().NewQuery(goalCompletionsSQL).Bind(dbx.Params{"site": siteID, "from": eventTime(from), "to": eventTime(to)}).All(&rows)
	for _, r := range rows {
		if want[r.Goal] {
			out[r.Goal] = r.N
		}
	}
	return out, err
}

func (s *sqliteStore) PruneSite(siteID string, before time.Time) error {
	return s.pruneSite(siteID, dbTime(before))
}

func (s *sqliteStore) pruneSite(site, cutoff string) error {
	// The funnels' days and sessions held in memory go with the rows (a short retention reaches recent days).
	defer s.dayCache.Drop(site)
	defer s.sessionDimsCache.drop(site)
	at, err := parseDBTime(cutoff)
	if err != nil {
		return err
	}
	cutoffMs := eventTime(at)
	pruned := int64(0)
	for _, q := range []string{
		`DELETE FROM events WHERE rowid IN (SELECT rowid FROM events WHERE site_id = {:site} AND ts < {:cutoff_ms} LIMIT 5000)`,
		`DELETE FROM sessions WHERE rowid IN (SELECT rowid FROM sessions WHERE site_id = {:site} AND started_at < {:cutoff} LIMIT 5000)`,
		// funnel_days has a day, not a time: the cutoff's day and later stay (substr keeps the date part).
		`DELETE FROM funnel_days WHERE site_id = {:site} AND day < substr({:cutoff}, 1, 10)`,
	} {
		for i := 0; i < 10000; i++ {
			res, err := s.app.NonconcurrentDB().NewQuery(q).Bind(dbx.Params{"site": site, "cutoff": cutoff, "cutoff_ms": cutoffMs}).Execute()
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			if n == 0 {
				break
			}
			pruned += n
		}
	}
	if pruned > 0 { // settled metrics no longer equal the raw events: the settle pass computes them again
		if _, err := s.app.NonconcurrentDB().NewQuery(`UPDATE metric_settled SET since = 0 WHERE site_id = {:site}`).
			Bind(dbx.Params{"site": site}).Execute(); err != nil {
			return err
		}
	}
	if err := s.pruneUndefinedFunnels(site); err != nil {
		return err
	}
	return s.pruneClickDays(site, cutoff)
}

// jobOf is the writer's job for an ingest: a batch, or a server-side conversion.
func (s *sqliteStore) jobOf(in eventstore.Ingest) *job {
	j := s.job(in)
	j.conversion = in.Conversion
	return j
}
