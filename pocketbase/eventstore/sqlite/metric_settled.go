package sqlite

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// Settled metrics (issue 32): computing guardrails and ratio metrics from every exposed visitor's
// raw events on each request grew with the events (809 ms at 200,000). The settle pass
// (metric_settle.go) keeps each exposed visitor's figures of a metric in metric_visitors and their
// sums in metric_settled, with `since`: a visitor's figures change only through an event at or
// after since (events written within lateAfter of their time), a session stored after
// sessions_rowid, an exposure at or after since, or a late event, which the writer notes in
// metric_late. A read takes the settled sums and recomputes from raw events only the visitors
// active since min(since, late mark): their current figures in, their settled ones out. So the
// answer is the raw computation's, at the cost of the recent visitors.

// tailVisitorsSQL are the site's visitors whose figures may have changed since the settled ones,
// each part a range of an index: events by (site_id, ts), sessions by rowid (the unary + keeps
// SQLite from walking the site's every session by idx_sessions_site_visitor), exposures by
// (experiment, ts).
const tailVisitorsSQL = ` AND x.visitor IN (SELECT visitor FROM events WHERE site_id = {:site} AND ts >= {:since_ms}
	UNION SELECT visitor FROM sessions WHERE rowid > {:sessions_rowid} AND +site_id = {:site}
	UNION SELECT visitor FROM experiment_exposures WHERE experiment = {:exp} AND ts >= {:since_iso})`

// settledHeader is a metric's row in metric_settled; LateSince and LateNotes are the site's late
// mark its computation saw (all of its notes were in what it read).
type settledHeader struct {
	Since         int64  `db:"since"` // ms; 0: to be computed again whole (retention pruned raw events)
	SessionsRowid int64  `db:"sessions_rowid"`
	Sums          string `db:"sums"`
	LateSince     string `db:"late_since"`
	LateNotes     int64  `db:"late_notes"`
}

const headerColumns = `since, sessions_rowid, sums, late_since, late_notes`

// lateMark is a site's metric_late row: the oldest late event noted since the mark was last
// cleared (” none) and the site's count of notes, which is never reset (migration 1764308100).
type lateMark struct {
	Since string `db:"since"`
	Notes int64  `db:"notes"`
}

func readLateMark(b dbx.Builder, site string) (lateMark, error) {
	var m lateMark
	err := b.NewQuery(`SELECT since, notes FROM metric_late WHERE site_id = {:site}`).Bind(dbx.Params{"site": site}).One(&m)
	if errors.Is(err, sql.ErrNoRows) {
		return lateMark{}, nil
	}
	return m, err
}

// recentSince is the time from which a settled metric's visitors are computed again: its since,
// or the late mark if earlier and noted after the metric's computation (a mark it saw whole, as
// every metric computed after a bulk import of old events sees, is in its figures). ok is false
// for an unreadable mark (the metric is computed again whole).
func recentSince(h settledHeader, mark lateMark) (int64, bool) {
	if mark.Since == "" || mark.Notes == h.LateNotes {
		return h.Since, true
	}
	at, err := parseDBTime(mark.Since)
	if err != nil {
		return 0, false
	}
	return min(h.Since, max(eventTime(at), 1)), true
}

// tailFigures is a recent visitor's current figures beside its settled ones (Settled false: none).
type tailFigures struct {
	visitorFigures
	Settled  bool    `db:"settled"`
	MVariant string  `db:"m_variant"`
	MA       float64 `db:"m_a"`
	MB       float64 `db:"m_b"`
	MApre    float64 `db:"m_apre"`
	MBpre    float64 `db:"m_bpre"`
}

func (d metricDef) tailSQL() string {
	return `SELECT t.*, m.visitor IS NOT NULL AS settled, COALESCE(m.variant, '') AS m_variant, COALESCE(m.a, 0) AS m_a,
		COALESCE(m.b, 0) AS m_b, COALESCE(m.apre, 0) AS m_apre, COALESCE(m.bpre, 0) AS m_bpre FROM (` + d.perVisitorSQL(tailVisitorsSQL) + `) t
		LEFT JOIN metric_visitors m ON m.site_id = {:site} AND m.metric = {:metric} AND m.visitor = t.visitor`
}

// metricSums answers a metric: settled sums and the recent visitors when settled, else the read
// settles it (or waits for the pass settling it) and reads that; the raw pass only when settling
// failed (the settle pass is then asked to settle it) or the store has no settler.
func (s *sqliteStore) metricSums(d metricDef) ([]eventstore.RatioSums, error) {
	sums, ok, err := s.settledSums(d)
	if err != nil || ok {
		return sums, err
	}
	if s.settler != nil {
		if err := s.settler.settleRead(d); err != nil {
			slog.Warn("events store: settling a metric on its read", "site", d.site, "metric", d.key, "error", err)
		} else if sums, ok, err = s.settledSums(d); err != nil || ok {
			return sums, err
		}
	}
	s.settler.ask(d)
	var rows []eventstore.RatioSums
	err = s.app.DB().NewQuery(d.rawSumsSQL()).Bind(d.params).All(&rows)
	return rows, err
}

// settledSums reads the header, the late mark and the recent visitors in one read transaction, so
// that a settle pass committing meanwhile is seen wholly or not at all.
func (s *sqliteStore) settledSums(d metricDef) ([]eventstore.RatioSums, bool, error) {
	db, ok := s.app.ConcurrentDB().(*dbx.DB)
	if !ok {
		return nil, false, fmt.Errorf("unexpected reader db type %T", s.app.ConcurrentDB())
	}
	tx, err := db.Begin()
	if err != nil {
		return nil, false, err
	}
	defer tx.Rollback() //nolint:errcheck // read only
	var h settledHeader
	err = tx.NewQuery(`SELECT ` + headerColumns + ` FROM metric_settled WHERE site_id = {:site} AND metric = {:metric}`).
		Bind(dbx.Params{"site": d.site, "metric": d.key}).One(&h)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && h.Since == 0) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	mark, err := readLateMark(tx, d.site)
	if err != nil {
		return nil, false, err
	}
	since, ok := recentSince(h, mark)
	if !ok {
		since = 1 // unreadable: every visitor is recent (0 would mean "not settled")
	}
	var base []eventstore.RatioSums
	if err := json.Unmarshal([]byte(h.Sums), &base); err != nil {
		return nil, false, nil // unreadable: the raw pass answers, the settle pass redoes it
	}
	tail, err := readTail(tx, d, since, h.SessionsRowid)
	if err != nil {
		return nil, false, err
	}
	s.settler.read(d)
	return foldTail(base, tail), true, nil
}

func readTail(b dbx.Builder, d metricDef, since, sessionsRowid int64) ([]tailFigures, error) {
	p := dbx.Params{"metric": d.key, "since_ms": since, "since_iso": eventTimeISO(since), "sessions_rowid": sessionsRowid}
	for k, v := range d.params {
		p[k] = v
	}
	var rows []tailFigures
	err := b.NewQuery(d.tailSQL()).Bind(p).All(&rows)
	return rows, err
}

// foldTail is the settled sums with each recent visitor's settled figures out and current ones in;
// variants nobody is exposed to any more are left out, as the raw pass's GROUP BY does.
func foldTail(base []eventstore.RatioSums, tail []tailFigures) []eventstore.RatioSums {
	sums := map[string]*eventstore.RatioSums{}
	for i := range base {
		b := base[i]
		sums[b.Variant] = &b
	}
	for _, t := range tail {
		old := visitorFigures{Visitor: t.Visitor, Variant: t.MVariant, A: t.MA, B: t.MB, Apre: t.MApre, Bpre: t.MBpre}
		if t.Settled && old == t.visitorFigures {
			continue // unchanged: out and in again could round revenue sums differently
		}
		if t.Settled {
			addVisitor(sums, old, -1)
		}
		addVisitor(sums, t.visitorFigures, 1)
	}
	out := make([]eventstore.RatioSums, 0, len(sums))
	for _, s := range sums {
		if s.Count > 0 {
			out = append(out, *s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Variant < out[j].Variant })
	return out
}
