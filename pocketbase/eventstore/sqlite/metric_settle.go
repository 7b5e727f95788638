package sqlite

import (
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// The settle pass of guardrails and ratio metrics (metric_settled.go has what it keeps and how a
// read uses it). It runs off the ingest path, in its own transactions: at start, every
// CRO_METRIC_SETTLE_SECONDS (60), and 2 s after an experiment is saved. A metric never settled (or
// whose raw events retention pruned) is computed whole and written in chunks before its sums make
// it readable; a settled one recomputes only the visitors active since its `since`, in one
// transaction with its new sums. One computation of a metric at a time (once): a read that finds
// the metric not settled settles it itself, or waits for the pass computing it, and the pass skips
// what a read settled meanwhile; before, both computed it from raw events side by side.

// settleChunk: visitors computed and written per transaction of a whole computation (the writer
// waits meanwhile); a variable for tests.
var settleChunk = 500

const (
	// settleMargin: an ingest transaction open when a pass starts still counts its events as not late.
	settleMargin = 5 * time.Minute
	// unreadFor: a stored metric no running experiment defines and nobody read for this long goes.
	unreadFor = 7 * 24 * time.Hour
)

// A nil settler (a store made in a test without one) settles nothing.
type metricSettler struct {
	s       *sqliteStore
	mu      sync.Mutex
	asked   map[[2]string]metricDef // site, key: a read's own settling failed
	reads   map[[2]string]bool      // read since the last pass (read_at)
	flights map[[2]string]*flight   // computations under way
	defs    func(siteID string) ([]eventstore.RatioQuery, error)
	wake    chan struct{}
	quit    chan struct{}
	done    chan struct{}
	pass    sync.Mutex      // one pass at a time (the loop, tests)
	onWhole func(metricDef) // tests: a whole computation starts
}

func newMetricSettler(s *sqliteStore) *metricSettler {
	return &metricSettler{s: s, asked: map[[2]string]metricDef{}, reads: map[[2]string]bool{}, flights: map[[2]string]*flight{},
		wake: make(chan struct{}, 1)}
}

// flight is one computation of a metric under way; whoever needs the same metric meanwhile waits
// for it instead of computing it again.
type flight struct {
	done    chan struct{}
	err     error
	waiting int // tests: others waiting for it
}

// once runs f for the metric, or waits for the computation of it under way and returns its error.
func (m *metricSettler) once(d metricDef, f func() error) error {
	k := [2]string{d.site, d.key}
	m.mu.Lock()
	if fl := m.flights[k]; fl != nil {
		fl.waiting++
		m.mu.Unlock()
		<-fl.done
		return fl.err
	}
	fl := &flight{done: make(chan struct{})}
	m.flights[k] = fl
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		delete(m.flights, k)
		m.mu.Unlock()
		close(fl.done)
	}()
	fl.err = f()
	return fl.err
}

// settleRead settles a metric a read found not settled, or waits for the pass settling it.
func (m *metricSettler) settleRead(d metricDef) error {
	return m.settle(d, nil, m.s.clock().UnixMilli())
}

func (m *metricSettler) ask(d metricDef) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.asked[[2]string{d.site, d.key}] = d
	m.mu.Unlock()
	m.poke()
}

func (m *metricSettler) read(d metricDef) { m.readKey(d.site, d.key) }

func (m *metricSettler) readKey(site, key string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.reads[[2]string{site, key}] = true
	m.mu.Unlock()
}

func (m *metricSettler) define(f func(siteID string) ([]eventstore.RatioQuery, error)) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.defs = f
	m.mu.Unlock()
}

func (m *metricSettler) poke() {
	if m == nil {
		return
	}
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

func settleInterval() time.Duration {
	if n, err := strconv.Atoi(os.Getenv("CRO_METRIC_SETTLE_SECONDS")); err == nil {
		return time.Duration(n) * time.Second
	}
	return time.Minute
}

// start runs the passes until stop (none when CRO_METRIC_SETTLE_SECONDS is 0).
func (m *metricSettler) start() {
	every := settleInterval()
	if m == nil || every <= 0 || m.quit != nil {
		return
	}
	m.quit, m.done = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(m.done)
		next := time.NewTimer(5 * time.Second)
		defer next.Stop()
		for {
			select {
			case <-m.quit:
				return
			case <-m.wake:
				select {
				case <-m.quit:
					return
				case <-time.After(2 * time.Second): // the experiment's other saves, other reads
				}
			case <-next.C:
			}
			if err := m.settleAll(); err != nil {
				slog.Warn("events store: settling metrics", "error", err)
			}
			next.Reset(every)
		}
	}()
}

// stopping: the server is stopping, the pass leaves what remains for the next start.
func (m *metricSettler) stopping() bool {
	if m.quit == nil {
		return false
	}
	select {
	case <-m.quit:
		return true
	default:
		return false
	}
}

func (m *metricSettler) stop() {
	if m == nil {
		return
	}
	if m.quit != nil {
		close(m.quit)
		<-m.done
		m.quit = nil
	}
}

// settleAll settles every site's stored, defined and asked metrics.
func (m *metricSettler) settleAll() error {
	m.pass.Lock()
	defer m.pass.Unlock()
	db := m.s.app.DB()
	sites := map[string]bool{}
	var stored []string
	if err := db.NewQuery(`SELECT DISTINCT site_id FROM metric_settled`).Column(&stored); err != nil {
		return err
	}
	m.mu.Lock()
	defs := m.defs
	for k := range m.asked {
		sites[k[0]] = true
	}
	m.mu.Unlock()
	if defs != nil {
		if err := db.NewQuery(`SELECT id FROM sites`).Column(&stored); err != nil {
			return err
		}
	}
	for _, s := range stored {
		sites[s] = true
	}
	var errs []error
	for site := range sites {
		if m.stopping() {
			break
		}
		if err := m.settleSite(site, defs); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

type storedMetric struct {
	Metric string `db:"metric"`
	ReadAt int64  `db:"read_at"`
	settledHeader
}

// settleSite settles the site's metrics, then clears the late mark once every stored metric has
// seen its last note (clearMarkSQL; a note written meanwhile keeps it for the next pass).
func (m *metricSettler) settleSite(site string, defs func(string) ([]eventstore.RatioQuery, error)) error {
	db := m.s.app.DB()
	var rows []storedMetric
	if err := db.NewQuery(`SELECT metric, read_at, ` + headerColumns + ` FROM metric_settled WHERE site_id = {:site}`).
		Bind(dbx.Params{"site": site}).All(&rows); err != nil {
		return err
	}
	wanted := map[string]metricDef{}
	if defs != nil {
		qs, err := defs(site)
		if err != nil {
			return err
		}
		for _, q := range qs {
			if d, err := ratioMetric(q); err == nil {
				wanted[d.key] = d
			}
			g := guardrailMetric(site, q.ExperimentID) // a test showing ratio metrics shows its guardrails
			wanted[g.key] = g
		}
	}
	m.mu.Lock()
	for k, d := range m.asked {
		if k[0] == site {
			wanted[d.key] = d
			delete(m.asked, k)
		}
	}
	read := map[string]bool{}
	for k := range m.reads {
		if k[0] == site {
			read[k[1]] = true
			delete(m.reads, k)
		}
	}
	m.mu.Unlock()
	now := m.s.clock()
	var errs []error
	for _, r := range rows {
		readAt := r.ReadAt
		if read[r.Metric] {
			readAt = now.UnixMilli()
		}
		if _, ok := wanted[r.Metric]; !ok && now.Sub(time.UnixMilli(readAt)) > unreadFor {
			errs = append(errs, m.drop(site, r.Metric))
			continue
		}
		if _, ok := banditPeriodEnd(r.Metric); ok {
			errs = append(errs, m.settleBandit(site, r.Metric, r.settledHeader, readAt))
			continue
		}
		d, err := metricOfKey(site, r.Metric)
		if err != nil {
			errs = append(errs, m.drop(site, r.Metric))
			continue
		}
		h := r.settledHeader
		errs = append(errs, m.settle(d, &h, readAt))
		delete(wanted, r.Metric)
	}
	for _, d := range wanted {
		if m.stopping() {
			break
		}
		errs = append(errs, m.settle(d, nil, now.UnixMilli()))
	}
	_, err := m.s.app.NonconcurrentDB().NewQuery(clearMarkSQL).Bind(dbx.Params{"site": site}).Execute()
	return errors.Join(append(errs, err)...)
}

// clearMarkSQL clears a site's late mark when every stored metric has seen its last note: the
// notes count stays, so a header's late_notes tells whether a note came after it.
const clearMarkSQL = `UPDATE metric_late SET since = '' WHERE site_id = {:site} AND since != ''
	AND NOT EXISTS (SELECT 1 FROM metric_settled s WHERE s.site_id = metric_late.site_id AND s.late_notes != metric_late.notes)`

// settle brings one metric up to date: its recent visitors when settled, else every visitor (h
// nil: not settled when the pass listed the stored metrics, or a read found it not settled; it is
// looked up again once no other computation of it is under way, which may have settled it).
func (m *metricSettler) settle(d metricDef, h *settledHeader, readAt int64) error {
	return m.once(d, func() error {
		if h == nil {
			var stored settledHeader
			err := m.s.app.DB().NewQuery(`SELECT ` + headerColumns + ` FROM metric_settled WHERE site_id = {:site} AND metric = {:metric}`).
				Bind(dbx.Params{"site": d.site, "metric": d.key}).One(&stored)
			if err == nil && stored.Since != 0 {
				return nil // settled since it was listed: just now, by another computation
			}
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		return m.settleNow(d, h, readAt)
	})
}

// settleNow: the late mark is read before the computation, so that every late event it notes is
// in what the computation reads; the header keeps it (a read then skips a mark with no later note).
func (m *metricSettler) settleNow(d metricDef, h *settledHeader, readAt int64) error {
	db := m.s.app.DB()
	start := m.s.clock()
	var sessionsRowid int64
	if err := db.NewQuery(`SELECT COALESCE(MAX(rowid), 0) FROM sessions`).Row(&sessionsRowid); err != nil {
		return err
	}
	mark, err := readLateMark(db, d.site)
	if err != nil {
		return err
	}
	next := settledHeader{Since: eventTime(start.Add(-lateAfter - settleMargin)), SessionsRowid: sessionsRowid, LateSince: mark.Since,
		LateNotes: mark.Notes}
	if h == nil || h.Since == 0 {
		return m.settleWhole(d, next, readAt)
	}
	from, ok := recentSince(*h, mark)
	if !ok {
		return m.settleWhole(d, next, readAt)
	}
	tail, err := readTail(db, d, from, h.SessionsRowid)
	if err != nil {
		return err
	}
	// The new sums are the old ones with the recent visitors' figures folded in, as a read computes
	// them: summing every stored visitor again grew with the exposed visitors on every pass.
	var base []eventstore.RatioSums
	var sums []eventstore.RatioSums
	if json.Unmarshal([]byte(h.Sums), &base) == nil {
		sums = foldTail(base, tail)
	}
	return m.s.app.RunInTransaction(func(tx core.App) error {
		if err := upsertVisitors(tx, d, figuresOf(tail)); err != nil {
			return err
		}
		return writeHeader(tx, d, next, readAt, sums)
	})
}

func figuresOf(tail []tailFigures) []visitorFigures {
	out := make([]visitorFigures, len(tail))
	for i, t := range tail {
		out[i] = t.visitorFigures
	}
	return out
}

// settleWhole computes every exposed visitor and replaces the stored rows while the metric has no
// header (a read meanwhile waits for this computation), then writes the header. SQLite computes
// and writes each run of settleChunk visitors in one statement, in visitor order (the exposures'
// (experiment, visitor) index): no row goes through Go (decoding the rows and binding them again
// was 40% of a computation's CPU), the stored rows' key grows at its end, and the visitors'
// sessions and events are read in their indexes' order. A run's visitors may be computed after
// since; they are recomputed on reads as every visitor active since is.
func (m *metricSettler) settleWhole(d metricDef, next settledHeader, readAt int64) error {
	if m.onWhole != nil {
		m.onWhole(d)
	}
	p := dbx.Params{"site": d.site, "metric": d.key, "chunk": settleChunk, "after": ""}
	for k, v := range d.params {
		p[k] = v
	}
	if err := m.s.app.RunInTransaction(func(tx core.App) error {
		if _, err := tx.DB().NewQuery(`DELETE FROM metric_settled WHERE site_id = {:site} AND metric = {:metric}`).Bind(p).Execute(); err != nil {
			return err
		}
		_, err := tx.DB().NewQuery(`DELETE FROM metric_visitors WHERE site_id = {:site} AND metric = {:metric}`).Bind(p).Execute()
		return err
	}); err != nil {
		return err
	}
	for op := ">="; ; op = ">" {
		var n int64
		if err := m.s.app.RunInTransaction(func(tx core.App) error {
			res, err := tx.DB().NewQuery(d.settleChunkSQL(op)).Bind(p).Execute()
			if err != nil {
				return err
			}
			if n, err = res.RowsAffected(); err != nil || n == 0 {
				return err
			}
			var last string
			err = tx.DB().NewQuery(`SELECT MAX(visitor) FROM metric_visitors WHERE site_id = {:site} AND metric = {:metric}`).Bind(p).Row(&last)
			p["after"] = last
			return err
		}); err != nil {
			return err
		}
		if n < int64(settleChunk) {
			break
		}
	}
	return m.s.app.RunInTransaction(func(tx core.App) error { return writeHeader(tx, d, next, readAt, nil) })
}

// settleChunkSQL computes and stores the next settleChunk visitors after {:after} (op ">=" for the
// first run, whose {:after} is ”).
func (d metricDef) settleChunkSQL(op string) string {
	return `INSERT INTO metric_visitors (site_id, metric, visitor, variant, a, b, apre, bpre)
		SELECT {:site}, {:metric}, visitor, variant, a, b, apre, bpre FROM (` +
		d.perVisitorSQL(` AND x.visitor `+op+` {:after}`) + ` ORDER BY x.visitor LIMIT {:chunk})`
}

// upsertVisitors writes visitors' figures, a multi-row statement per 100.
func upsertVisitors(tx core.App, d metricDef, rows []visitorFigures) error {
	for len(rows) > 0 {
		n := min(len(rows), 100)
		var b strings.Builder
		b.WriteString(`INSERT INTO metric_visitors (site_id, metric, visitor, variant, a, b, apre, bpre) VALUES `)
		p := dbx.Params{"site": d.site, "metric": d.key}
		for i, r := range rows[:n] {
			if i > 0 {
				b.WriteString(", ")
			}
			k := strconv.Itoa(i)
			b.WriteString(`({:site}, {:metric}, {:v` + k + `}, {:n` + k + `}, {:a` + k + `}, {:b` + k + `}, {:ap` + k + `}, {:bp` + k + `})`)
			p["v"+k], p["n"+k], p["a"+k], p["b"+k], p["ap"+k], p["bp"+k] = r.Visitor, r.Variant, r.A, r.B, r.Apre, r.Bpre
		}
		b.WriteString(` ON CONFLICT (site_id, metric, visitor) DO UPDATE SET variant = excluded.variant, a = excluded.a, b = excluded.b,
			apre = excluded.apre, bpre = excluded.bpre`)
		if _, err := tx.DB().NewQuery(b.String()).Bind(p).Execute(); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// writeHeader writes a metric's header with its sums, or (nil) the stored visitors' sums, computed
// in the same transaction as their rows.
func writeHeader(tx core.App, d metricDef, h settledHeader, readAt int64, sums []eventstore.RatioSums) error {
	if sums == nil {
		if err := tx.DB().NewQuery(sumsSQL(`SELECT a, b, apre, bpre, variant FROM metric_visitors WHERE site_id = {:site} AND metric = {:metric}`)).
			Bind(dbx.Params{"site": d.site, "metric": d.key}).All(&sums); err != nil {
			return err
		}
	}
	js, err := json.Marshal(sums)
	if err != nil {
		return err
	}
	_, err = tx.DB().NewQuery(`INSERT INTO metric_settled (site_id, metric, since, sessions_rowid, sums, read_at, late_since, late_notes)
		VALUES ({:site}, {:metric}, {:since}, {:rowid}, {:sums}, {:read_at}, {:late_since}, {:late_notes})
		ON CONFLICT (site_id, metric) DO UPDATE SET since = excluded.since, sessions_rowid = excluded.sessions_rowid,
		late_since = excluded.late_since, late_notes = excluded.late_notes,
		sums = excluded.sums, read_at = excluded.read_at`).
		Bind(dbx.Params{"site": d.site, "metric": d.key, "since": h.Since, "rowid": h.SessionsRowid, "sums": string(js), "read_at": readAt,
			"late_since": h.LateSince, "late_notes": h.LateNotes}).Execute()
	return err
}

func (m *metricSettler) drop(site, key string) error {
	p := dbx.Params{"site": site, "metric": key}
	return m.s.app.RunInTransaction(func(tx core.App) error {
		if _, err := tx.DB().NewQuery(`DELETE FROM metric_settled WHERE site_id = {:site} AND metric = {:metric}`).Bind(p).Execute(); err != nil {
			return err
		}
		_, err := tx.DB().NewQuery(`DELETE FROM metric_visitors WHERE site_id = {:site} AND metric = {:metric}`).Bind(p).Execute()
		return err
	})
}
