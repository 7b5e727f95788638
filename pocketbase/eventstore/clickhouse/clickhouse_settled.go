package clickhouse

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"errors"
	"fmt"
	"log"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"
)

// The session-level figures of a day on ClickHouse (visitors, sessions, bounces, entries, page
// visitors, conversions once per session and goal, converted sessions, dimensions) cannot be added
// up at insert: a late event may change a session's start, pages or conversions. They are computed
// per start day from the rollup tables (Rollups: a row per session and day, a row per
// goal, session and day) and, for closed days, kept in `settled` with their basis: the events
// stored on the day before, the day and the day after (day_figures.n), once computed from whole
// inserts (wholeDays). A settled day is used only
// while its basis is unchanged; a late event, a copy or a prune of those days changes it, and the
// day is computed again. So a route reads the range's settled rows (thousands) and computes only
// today, yesterday and changed days from their sessions.
//
// A session counts on the day of its first event, with its events of the day before (none, if it
// started that day) to the day after; a (session, goal) conversion on the day of its first
// completion in the day before and that day.

// dayFigs is one start day's session-level figures.
type dayFigs struct {
	t     eventstore.Totals
	pages map[string]*eventstore.PageFigures
	dims  map[[2]string]*eventstore.DimFigures
}

func newDayFigs() *dayFigs {
	return &dayFigs{pages: map[string]*eventstore.PageFigures{}, dims: map[[2]string]*eventstore.DimFigures{}}
}

func (f *dayFigs) page(path string) *eventstore.PageFigures {
	if f.pages[path] == nil {
		f.pages[path] = &eventstore.PageFigures{Path: path}
	}
	return f.pages[path]
}

func (f *dayFigs) dim(dim, value string) *eventstore.DimFigures {
	k := [2]string{dim, eventrow.Truncate(value, 200)}
	if f.dims[k] == nil {
		f.dims[k] = &eventstore.DimFigures{Dim: k[0], Value: k[1]}
	}
	return f.dims[k]
}

// chSettleLag is how many days before today (UTC) a day must be to be settled: zones reach a day
// either way, and yesterday still receives late events.
const chSettleLag = 2

// chSessSQL is one row per session with rollup rows from {:lo} to {:hi}, started from {:from} to {:to}.
const chSessSQL = `SELECT session, anyMerge(visitor) AS s_visitor, minMerge(started) AS started, argMinMerge(start_day) AS sd,
	sumMerge(pageviews) AS pv, argMinIfMerge(entry) AS entry, ` + chSessDimsSQL + `
	FROM sessions WHERE site_id = {:site} AND day >= toDate({:lo}) AND day <= toDate({:hi}) GROUP BY session
	HAVING sd >= toDate({:from}) AND sd <= toDate({:to})`

// chGoalsSQL is one row per (kind, session, goal) with rollup rows from {:lo} to {:to}: its first day and page.
const chGoalsSQL = `SELECT kind, sess, goal, minMerge(first_at) AS first_at, argMinMerge(first_day) AS d,
	argMinMerge(c_path) AS c_path, maxMerge(in_session) AS in_session
	FROM goal_firsts WHERE site_id = {:site} AND day >= toDate({:lo}) AND day <= toDate({:to}) GROUP BY kind, sess, goal`

const chDimColsSQL = `if(domain(s_ref) != '', domain(s_ref), s_ref) AS ref, s_us, s_um, s_uc, s_device, s_browser, s_country`

// computeDays computes the session-level figures of the start days from..to (one contiguous run):
// those of kinds ("day", "page", "dim"), or all with none given.
func (s *chStore) computeDays(db *Client, siteID, from, to string, kinds ...string) (map[string]*dayFigs, error) {
	p := map[string]any{"site": siteID, "from": from, "to": to, "lo": dayBefore(from), "hi": dayAfter(to)}
	// events is ordered by ts, not day: the page visitors' read is bounded by ts (a zone is at most
	// 14 hours from UTC) as well as by day, so that it reads the run's days, not its months'.
	if lo, err := time.Parse(time.DateOnly, p["lo"].(string)); err == nil {
		p["loSec"] = lo.Unix() - 86400
	}
	if hi, err := time.Parse(time.DateOnly, to); err == nil {
		p["hiSec"] = hi.Unix() + 2*86400
	}
	out := map[string]*dayFigs{}
	day := func(d string) *dayFigs {
		if out[d] == nil {
			out[d] = newDayFigs()
		}
		return out[d]
	}
	dimsOf := func(r func(string) string) [][2]string {
		return eventrow.SessionDims(collect.Source(r("ref")), r("s_us"), r("s_um"), r("s_uc"), r("s_device"), r("s_browser"), r("s_country"))
	}
	steps := []struct {
		kind string // the figures it fills: "day", "page" or "dim" (sessionFigures' kind)
		sql  string
		fill func(f *dayFigs, str func(string) string, num func(string) float64)
	}{
		{"day", `SELECT toString(sd) AS d_day, uniqExact(s_visitor) AS visitors, count() AS sessions, countIf(pv = 1) AS bounces
			FROM (` + chSessSQL + `) GROUP BY sd`,
			func(f *dayFigs, _ func(string) string, n func(string) float64) {
				f.t.Visitors, f.t.Sessions, f.t.Bounces = n("visitors"), n("sessions"), n("bounces")
			}},
		{"page", `SELECT toString(sd) AS d_day, entry AS path, count() AS entries, countIf(pv = 1) AS bounces
			FROM (` + chSessSQL + `) WHERE pv > 0 GROUP BY sd, entry`,
			func(f *dayFigs, str func(string) string, n func(string) float64) {
				if str("path") != "" {
					pg := f.page(str("path"))
					pg.Entries, pg.Bounces = n("entries"), n("bounces")
				}
			}},
		// A session counts once per page, on the day it first saw it.
		{"page", `SELECT toString(d) AS d_day, path, count() AS visitors FROM (SELECT path, session, min(day) AS d FROM events
			WHERE site_id = {:site} AND ts >= toDateTime({:loSec}) AND ts < toDateTime({:hiSec})
				AND day >= toDate({:lo}) AND day <= toDate({:to}) AND type = 'pageview'
			GROUP BY path, session) WHERE d >= toDate({:from}) GROUP BY d, path`,
			func(f *dayFigs, str func(string) string, n func(string) float64) {
				if str("path") != "" {
					f.page(str("path")).Visitors = n("visitors")
				}
			}},
		{"day", `SELECT toString(d) AS d_day, countIf(kind = 'conversion') AS conversions, countIf(kind = 'micro_conversion') AS micro
			FROM (` + chGoalsSQL + `) WHERE d >= toDate({:from}) GROUP BY d`,
			func(f *dayFigs, _ func(string) string, n func(string) float64) {
				f.t.Conversions, f.t.Micro = n("conversions"), n("micro")
			}},
		{"day", `SELECT toString(d) AS d_day, count() AS converted FROM (SELECT sess, argMin(d, first_at) AS d FROM (` + chGoalsSQL + `)
			WHERE kind = 'conversion' AND in_session GROUP BY sess) WHERE d >= toDate({:from}) GROUP BY d`,
			func(f *dayFigs, _ func(string) string, n func(string) float64) {
				f.t.ConvertedSessions = n("converted")
			}},
		{"page", `SELECT toString(d) AS d_day, c_path AS path, count() AS conversions FROM (` + chGoalsSQL + `)
			WHERE kind = 'conversion' AND in_session AND d >= toDate({:from}) GROUP BY d, c_path`,
			func(f *dayFigs, str func(string) string, n func(string) float64) {
				if str("path") != "" {
					f.page(str("path")).Conversions = n("conversions")
				}
			}},
		// Sessions by their dimensions; visitors counts each visitor's first session of its start day.
		{"dim", `SELECT toString(sd) AS d_day, ` + chDimColsSQL + `, count() AS sessions, sum(first) AS visitors
			FROM (SELECT sd, s_ref, s_us, s_um, s_uc, s_device, s_browser, s_country, if(started = min_started, 1, 0) AS first
			FROM (` + chSessSQL + `)
			ANY LEFT JOIN (SELECT s_visitor, sd, min(started) AS min_started FROM (` + chSessSQL + `) GROUP BY s_visitor, sd)
			USING (s_visitor, sd))
			GROUP BY sd, ref, s_us, s_um, s_uc, s_device, s_browser, s_country`,
			func(f *dayFigs, str func(string) string, n func(string) float64) {
				for _, dv := range dimsOf(str) {
					x := f.dim(dv[0], dv[1])
					x.Sessions += n("sessions")
					x.Visitors += n("visitors")
				}
			}},
		// Conversions and revenue count under the converting session's values, on their own day.
		{"dim", `SELECT d_day, ` + chDimColsSQL + `, sum(conversions) AS conversions, sum(revenue) AS revenue FROM (
			SELECT d_day, sess, sum(conversions) AS conversions, sum(revenue) AS revenue FROM (
				SELECT toString(d) AS d_day, sess, count() AS conversions, 0 AS revenue FROM (` + chGoalsSQL + `)
				WHERE kind = 'conversion' AND d >= toDate({:from}) GROUP BY d, sess
				UNION ALL
				SELECT toString(day) AS d_day, session AS sess, 0 AS conversions, sumMerge(revenue) AS revenue FROM sessions
				WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day, session HAVING revenue != 0)
			GROUP BY d_day, sess)
			ANY INNER JOIN (SELECT session AS sess, ` + chSessDimsSQL + `
				FROM sessions WHERE site_id = {:site} AND day >= toDate({:lo}) AND day <= toDate({:to}) GROUP BY session) USING (sess)
			GROUP BY d_day, ref, s_us, s_um, s_uc, s_device, s_browser, s_country`,
			func(f *dayFigs, str func(string) string, n func(string) float64) {
				for _, dv := range dimsOf(str) {
					x := f.dim(dv[0], dv[1])
					x.Conversions += n("conversions")
					x.Revenue += n("revenue")
				}
			}},
	}
	if len(kinds) > 0 {
		kept := steps[:0:0]
		for _, st := range steps {
			if slices.Contains(kinds, st.kind) {
				kept = append(kept, st)
			}
		}
		steps = kept
	}
	// The steps are independent reads: run together, their latency is the slowest one's, not the sum
	// (each is a few ms of ClickHouse work and a round trip); filled in order afterwards.
	results := make([][]Row, len(steps))
	if err := s.queryEach(len(steps), func(i int) (err error) {
		results[i], err = queryOn(db, steps[i].sql, p)
		return err
	}); err != nil {
		return nil, err
	}
	for i, st := range steps {
		for _, r := range results[i] {
			st.fill(day(r.Str("d_day")), r.Str, r.Num)
		}
	}
	return out, nil
}

// chBackgroundPriority is ClickHouse's query priority of the store's background reads (settling
// closed days, computing a route's other kinds): they pause while a route's reads run.
const chBackgroundPriority = 10

// chBackgroundSeconds is how long ClickHouse runs one background read (max_execution_time)
// before it gives up: under the client's 60 s, so that a read the client stops waiting for stops
// on the server too rather than running on beside the next pass's.
const chBackgroundSeconds = 50

// background is the client of the store's background reads (chBackgroundPriority).
func (s *chStore) background() *Client {
	return s.db.withPriority(chBackgroundPriority).withSetting("max_execution_time", strconv.Itoa(chBackgroundSeconds))
}

// queryOn binds and runs a read on db (the store's, or its background client).
func queryOn(db *Client, sql string, params map[string]any) ([]Row, error) {
	q, err := Bind(sql, params)
	if err != nil {
		return nil, err
	}
	return db.Query(q)
}

// queryEachOf runs sql through db with params bound, handing each row, decoded into a T, to each
// as it arrives (QueryEachOf).
func queryEachOf[T any](db *Client, sql string, params map[string]any, each func(*T) error) error {
	q, err := Bind(sql, params)
	if err != nil {
		return err
	}
	return QueryEachOf(db, q, each)
}

// chQueryConcurrency bounds the reads one request runs at once (queryEach).
const chQueryConcurrency = 4

// queryEach runs read(0..n-1), at most chQueryConcurrency at a time, and returns their errors joined.
func (s *chStore) queryEach(n int, read func(i int) error) error {
	errs := make([]error, n)
	sem := make(chan struct{}, chQueryConcurrency)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer func() { <-sem; wg.Done() }()
			errs[i] = read(i)
		}(i)
	}
	wg.Wait()
	return errors.Join(errs...)
}

// dayCounts are the events stored per day from..to (day_figures.n), the settled figures' basis.
func (s *chStore) dayCounts(siteID, from, to string) (map[string]uint64, error) {
	return s.dayCountsOn(s.db, siteID, from, to)
}

// dayCountsOn is dayCounts read through db (the warm-up's: background priority).
func (s *chStore) dayCountsOn(db *Client, siteID, from, to string) (map[string]uint64, error) {
	rows, err := queryOn(db, `SELECT toString(day) AS d_day, sum(n) AS n FROM day_figures
		WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day`,
		map[string]any{"site": siteID, "from": from, "to": to})
	out := map[string]uint64{}
	for _, r := range rows {
		out[r.Str("d_day")] = uint64(r.Num("n"))
	}
	return out, err
}

// basisOf is a day's basis: the events stored on the day before, the day and the day after ("whole":
// kept only once wholeDays held, see there; settled rows of earlier releases are computed again).
func basisOf(n map[string]uint64, day string) string {
	return fmt.Sprintf("whole:%d,%d,%d", n[dayBefore(day)], n[day], n[dayAfter(day)])
}

// wholeDays tells whether every insert into the days from..to has reached each rollup the figures
// read, and no event arrived since counts were read. ClickHouse runs an insert's views one after
// another (sessions among the last), after writing the events themselves: a read between them sees
// the events, day_figures and goal_firsts with the insert and sessions without. sessions.n and
// goal_firsts.n (migration 14) count the events in their rows, written by the same view insert, so
// they equal the events' own counts only once every insert is whole. A figure computed from a
// half-applied insert is returned but never kept (in memory or settled), and its basis (counts)
// does not hold once the insert is whole.
func (s *chStore) wholeDays(db *Client, siteID, from, to string, counts map[string]uint64) (bool, error) {
	lo, err1 := time.Parse("2006-01-02", from)
	hi, err2 := time.Parse("2006-01-02", to)
	if err1 != nil || err2 != nil {
		return false, nil
	}
	// ts (UTC) bounds around the local days: a zone is at most 14 hours from UTC.
	rows, err := queryOn(db, `SELECT d_day, sum(es) AS es, sum(eg) AS eg, sum(ss) AS ss, sum(gs) AS gs, sum(fn) AS fn FROM (
		SELECT toString(day) AS d_day, countIf(session != '') AS es, countIf(type IN ('conversion', 'micro_conversion')) AS eg,
			toUInt64(0) AS ss, toUInt64(0) AS gs, toUInt64(0) AS fn FROM events
		WHERE site_id = {:site} AND ts >= toDateTime({:loSec}) AND ts < toDateTime({:hiSec})
			AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day
		UNION ALL SELECT toString(day) AS d_day, toUInt64(0) AS es, toUInt64(0) AS eg, countMerge(n) AS ss, toUInt64(0) AS gs,
			toUInt64(0) AS fn FROM sessions WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day
		UNION ALL SELECT toString(day) AS d_day, toUInt64(0) AS es, toUInt64(0) AS eg, toUInt64(0) AS ss, countMerge(n) AS gs,
			toUInt64(0) AS fn FROM goal_firsts WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day
		UNION ALL SELECT toString(day) AS d_day, toUInt64(0) AS es, toUInt64(0) AS eg, toUInt64(0) AS ss, toUInt64(0) AS gs,
			sum(n) AS fn FROM day_figures WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day)
		GROUP BY d_day`,
		map[string]any{"site": siteID, "from": from, "to": to, "loSec": lo.Unix() - 86400, "hiSec": hi.Unix() + 2*86400})
	if err != nil {
		return false, err
	}
	seen := map[string]bool{}
	for _, r := range rows {
		d := r.Str("d_day")
		seen[d] = true
		if r.Num("es") != r.Num("ss") || r.Num("eg") != r.Num("gs") || uint64(r.Num("fn")) != counts[d] {
			return false, nil
		}
	}
	for d, n := range counts { // a day's events deleted since (retention, events-copy's undo)
		if n > 0 && d >= from && d <= to && !seen[d] {
			return false, nil
		}
	}
	return true, nil
}

// sessionFigures are the session-level figures of the range's days that have events: settled
// ones whose basis holds, the rest computed (and settled when closed). Of settled days only the
// figures of kind ("day", "page" or "dim": what the caller reads) are read.
func (s *chStore) sessionFigures(siteID string, days eventstore.DayRange, kind string) (map[string]*dayFigs, error) {
	p := chRange(siteID, days)
	counts, err := s.dayCounts(siteID, p["from1"].(string), p["to1"].(string))
	if err != nil {
		return nil, err
	}
	return s.sessionFiguresOf(siteID, days, kind, counts)
}

// sessionFiguresOf is sessionFigures with the events per day from the day before the range to
// the day after already read (counts).
func (s *chStore) sessionFiguresOf(siteID string, days eventstore.DayRange, kind string, counts map[string]uint64) (map[string]*dayFigs, error) {
	return s.sessionFiguresOn(s.db, siteID, days, kind, counts, 0)
}

// sessionFiguresOn is sessionFiguresOf reading through db (the warm-up's: background priority),
// computing runs of at most maxRun days (0: each contiguous run of missing days at once, as a
// route wants its days in one round).
func (s *chStore) sessionFiguresOn(db *Client, siteID string, days eventstore.DayRange, kind string, counts map[string]uint64,
	maxRun int) (map[string]*dayFigs, error) {
	p := chRange(siteID, days)
	var want []string
	for d, n := range counts {
		if n > 0 && d >= days.From && d <= p["to"].(string) {
			want = append(want, d)
		}
	}
	out := map[string]*dayFigs{}
	if len(want) == 0 {
		return out, nil
	}
	sort.Strings(want)
	// Days in memory with their basis (settled or computed) are not read again: a route reads only
	// the day counts and sums, not the range's settled rows (thousands of dimensions at 90 days).
	var missing []string
	s.memoMu.Lock()
	for _, d := range want {
		if f, ok := s.memo[memoKey(siteID, d, counts, kind)]; ok {
			out[d] = f
		} else {
			missing = append(missing, d)
		}
	}
	s.memoMu.Unlock()
	if len(missing) > 0 {
		read := map[string]*dayFigs{}
		if err := s.readSettled(db, siteID, missing[0], missing[len(missing)-1], counts, kind, read); err != nil {
			return nil, err
		}
		s.memoMu.Lock()
		for d, f := range read {
			if out[d] == nil {
				out[d] = f
				s.memoPut(memoKey(siteID, d, counts, kind), f, kind)
			}
		}
		s.memoMu.Unlock()
	}
	var run []string
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		figs, whole, err := s.computeDaysOnce(db, siteID, run, counts, kind)
		if err != nil {
			return err
		}
		for _, d := range run { // figs may be shared (computeDaysOnce): read, never written
			out[d] = figs[d]
			if out[d] == nil {
				out[d] = newDayFigs()
			}
		}
		if whole {
			err = s.settle(siteID, run, figs, counts)
		}
		run = run[:0]
		return err
	}
	for _, d := range want {
		if out[d] != nil {
			continue
		}
		if len(run) > 0 && (dayAfter(run[len(run)-1]) != d || maxRun > 0 && len(run) >= maxRun) {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		run = append(run, d)
	}
	return out, flush()
}

// readSettled fills out with the settled days from..to whose latest version's basis holds, with
// their figures of kind ("day", "page", "dim"; "" for none: which days are settled).
func (s *chStore) readSettled(db *Client, siteID, from, to string, counts map[string]uint64, kind string, out map[string]*dayFigs) error {
	rows, err := queryOn(db, `SELECT toString(day) AS d_day, kind, k1, k2, visitors, sessions, entries, bounces, conversions,
		converted_sessions, micro, revenue FROM settled WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to})
		AND kind IN ('basis', {:kind}) AND (day, version) IN (SELECT day, max(version) FROM settled WHERE site_id = {:site}
			AND day >= toDate({:from}) AND day <= toDate({:to}) AND kind = 'basis' GROUP BY day)`,
		map[string]any{"site": siteID, "from": from, "to": to, "kind": kind})
	if err != nil {
		return err
	}
	valid := map[string]bool{}
	for _, r := range rows {
		if d := r.Str("d_day"); r.Str("kind") == "basis" && r.Str("k1") == basisOf(counts, d) {
			valid[d] = true
			if out[d] == nil {
				out[d] = newDayFigs()
			}
		}
	}
	for _, r := range rows {
		d := r.Str("d_day")
		if !valid[d] {
			continue
		}
		f, n := out[d], r.Num
		switch r.Str("kind") {
		case "day":
			f.t.Visitors, f.t.Sessions, f.t.Bounces = n("visitors"), n("sessions"), n("bounces")
			f.t.Conversions, f.t.ConvertedSessions, f.t.Micro = n("conversions"), n("converted_sessions"), n("micro")
		case "page":
			pg := f.page(r.Str("k1"))
			pg.Visitors, pg.Entries, pg.Bounces, pg.Conversions = n("visitors"), n("entries"), n("bounces"), n("conversions")
		case "dim":
			x := f.dim(r.Str("k1"), r.Str("k2"))
			x.Sessions, x.Visitors, x.Conversions, x.Revenue = n("sessions"), n("visitors"), n("conversions"), n("revenue")
		}
	}
	return nil
}

// settle stores the closed days of a run computed whole (wholeDays) with their basis.
func (s *chStore) settle(siteID string, run []string, figs map[string]*dayFigs, counts map[string]uint64) error {
	last := time.Now().UTC().AddDate(0, 0, -s.settleLag).Format("2006-01-02")
	if run[0] > last {
		return nil
	}
	version := uint64(time.Now().UnixNano())
	var rows []any
	row := func(d, kind, k1, k2 string, v map[string]any) {
		v["site_id"], v["day"], v["version"], v["kind"], v["k1"], v["k2"] = siteID, d, version, kind, k1, k2
		rows = append(rows, v)
	}
	for _, d := range run {
		if d > last {
			continue
		}
		f := figs[d]
		if f == nil {
			f = newDayFigs()
		}
		row(d, "basis", basisOf(counts, d), "", map[string]any{})
		row(d, "day", "", "", map[string]any{"visitors": f.t.Visitors, "sessions": f.t.Sessions, "bounces": f.t.Bounces,
			"conversions": f.t.Conversions, "converted_sessions": f.t.ConvertedSessions, "micro": f.t.Micro})
		for path, pg := range f.pages {
			row(d, "page", path, "", map[string]any{"visitors": pg.Visitors, "entries": pg.Entries, "bounces": pg.Bounces,
				"conversions": pg.Conversions})
		}
		for k, x := range f.dims {
			row(d, "dim", k[0], k[1], map[string]any{"sessions": x.Sessions, "visitors": x.Visitors, "conversions": x.Conversions,
				"revenue": x.Revenue})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return s.db.Insert("settled", rows)
}

// chMemoItems bounds the days' figures kept in memory (memoPut): keys plus their pages and
// dimensions (about 150 bytes each), so a few sites' 90-day Analytics stay in memory.
const chMemoItems = 400_000

// memoKey is the key of a day's figures of kind in memory: its basis is part of it, so a kept
// day is as exact as a settled one and is not used once an event of its basis arrives.
func memoKey(siteID, day string, counts map[string]uint64, kind string) string {
	return siteID + "|" + day + ":" + basisOf(counts, day) + "|" + kind
}

// memoPut keeps a day's figures of kind (memoMu held); the whole memory is dropped once it would
// weigh more than chMemoItems, and refills from settled rows and computed days.
func (s *chStore) memoPut(key string, f *dayFigs, kind string) {
	w := 1
	switch kind {
	case "page":
		w += len(f.pages)
	case "dim":
		w += len(f.dims)
	}
	if s.memo == nil || s.memoItems+w > chMemoItems {
		s.memo, s.memoItems = map[string]*dayFigs{}, 0
	}
	if _, ok := s.memo[key]; !ok {
		s.memoItems += w
	}
	s.memo[key] = f
}

// chKinds are the kinds of session-level figures (computeDays' steps, settled rows).
var chKinds = []string{"day", "page", "dim"}

// computeDaysOnce is computeDays, kept in memory per day and kind while the day's basis holds: a
// route asks for the same open days several times and in different runs (the Overview: today
// alone, and yesterday with today), and each day is computed once until an event of its basis
// arrives. The key holds the day's basis, so a kept day is as exact as a settled one (and, like a
// settled day, used by any run that holds it). A run of open days computes only the kind the
// route reads (the Overview's totals: three of the eight queries) and the other kinds in the
// background for the routes that follow; a run with a closed day computes all, to settle them.
// whole: every kind was computed from whole inserts with this basis (wholeDays), to be settled.
func (s *chStore) computeDaysOnce(db *Client, siteID string, run []string, counts map[string]uint64, kind string) (map[string]*dayFigs, bool, error) {
	key := func(d, k string) string { return memoKey(siteID, d, counts, k) }
	kept := func() (map[string]*dayFigs, []chan struct{}) {
		figs, wait := map[string]*dayFigs{}, []chan struct{}{}
		s.memoMu.Lock()
		defer s.memoMu.Unlock()
		for _, d := range run {
			if f, ok := s.memo[key(d, kind)]; ok {
				figs[d] = f
			} else if c, ok := s.filling[key(d, kind)]; ok {
				wait = append(wait, c)
			}
		}
		return figs, wait
	}
	figs, wait := kept()
	if len(figs)+len(wait) == len(run) && len(wait) > 0 { // the rest is being computed: waited for
		for _, c := range wait {
			<-c
		}
		figs, _ = kept()
	}
	if len(figs) == len(run) {
		return figs, false, nil // kept: settled already, or open
	}
	last := time.Now().UTC().AddDate(0, 0, -s.settleLag).Format("2006-01-02")
	kinds := chKinds
	if run[0] > last {
		kinds = []string{kind}
	}
	// Marked as being computed, so that a concurrent read of the same days (the Overview's week,
	// today and month read today at once) waits for this one instead of computing them again.
	computing := make(chan struct{})
	var mine []string
	s.memoMu.Lock()
	if s.filling == nil {
		s.filling = map[string]chan struct{}{}
	}
	for _, d := range run {
		for _, k := range kinds {
			if _, busy := s.filling[key(d, k)]; !busy {
				s.filling[key(d, k)] = computing
				mine = append(mine, key(d, k))
			}
		}
	}
	s.memoMu.Unlock()
	figs, whole, err := s.computeKept(db, siteID, run, counts, kinds, key)
	s.memoMu.Lock()
	for _, k := range mine {
		delete(s.filling, k)
	}
	s.memoMu.Unlock()
	close(computing)
	if err != nil || !whole || len(kinds) == len(chKinds) {
		return figs, whole, err
	}
	var rest []string
	for _, k := range chKinds {
		if k != kind {
			rest = append(rest, k)
		}
	}
	done := make(chan struct{})
	var fill []string
	s.memoMu.Lock()
	if s.filling == nil {
		s.filling = map[string]chan struct{}{}
	}
	for _, d := range run {
		for _, k := range rest {
			if _, busy := s.filling[key(d, k)]; !busy {
				s.filling[key(d, k)] = done
				fill = append(fill, key(d, k))
			}
		}
	}
	s.memoMu.Unlock()
	if len(fill) == len(run)*len(rest) {
		go func() {
			_, _, _ = s.computeKept(s.background(), siteID, run, counts, rest, key)
			s.memoMu.Lock()
			for _, k := range fill {
				delete(s.filling, k)
			}
			s.memoMu.Unlock()
			close(done)
		}()
	} else { // another request is computing some of them already: left to it
		s.memoMu.Lock()
		for _, k := range fill {
			delete(s.filling, k)
		}
		s.memoMu.Unlock()
		close(done)
	}
	return figs, false, nil
}

// computeKept is computeWhole of the kinds, kept in memory under each kind when whole.
func (s *chStore) computeKept(db *Client, siteID string, run []string, counts map[string]uint64, kinds []string,
	key func(d, k string) string) (map[string]*dayFigs, bool, error) {
	figs, whole, err := s.computeWhole(db, siteID, run, counts, kinds...)
	if err != nil || !whole {
		return figs, false, err
	}
	s.memoMu.Lock()
	for _, d := range run {
		f := figs[d]
		if f == nil {
			f = newDayFigs() // a day without sessions is kept as such
			figs[d] = f
		}
		for _, k := range kinds {
			s.memoPut(key(d, k), f, k)
		}
	}
	s.memoMu.Unlock()
	return figs, true, nil
}

// computeWhole is computeDays and whether the run's days and the days either side were whole
// (wholeDays) both before and after computing.
func (s *chStore) computeWhole(db *Client, siteID string, run []string, counts map[string]uint64, kinds ...string) (map[string]*dayFigs, bool, error) {
	from, to := dayBefore(run[0]), dayAfter(run[len(run)-1])
	before, err := s.wholeDays(db, siteID, from, to, counts)
	if err != nil {
		return nil, false, err
	}
	figs, err := s.computeDays(db, siteID, run[0], run[len(run)-1], kinds...)
	if err != nil || !before {
		return figs, false, err
	}
	after, err := s.wholeDays(db, siteID, from, to, counts)
	return figs, after, err
}

// Closed days are settled in the background (settleLoop, on the main server), so that no request
// pays for a site's history: at start, after the store's own inserts into closed days, every
// chSettleEvery for other writers' (collectors, events-copy), and by bulk writers when they end
// (analytics-seed). A pass reads each active site's bases and settled rows (two queries) and
// computes only the days whose basis does not hold, in runs of at most chSettleRun days.
const (
	chSettleHistory = 400 // days back from today that are kept settled (a year's comparisons)
	chSettleRun     = 14
	chSettleEvery   = 5 * time.Minute
	chSettleQuiet   = 2 * time.Second // after an insert into a closed day, for the next ones
)

// SettleClosedDays settles every active site's closed days that are not settled with their
// current basis (one pass, in the caller's goroutine).
func (s *chStore) SettleClosedDays() error {
	from, last := s.settleWindow()
	rows, err := s.query(`SELECT DISTINCT site_id FROM day_figures WHERE day >= toDate({:from}) AND day <= toDate({:to})`,
		map[string]any{"from": from, "to": last})
	if err != nil {
		return err
	}
	var first error
	for _, r := range rows { // one site's failure does not hold the others back
		if err := s.settleSite(r.Str("site_id"), from, last); err != nil && first == nil {
			first = fmt.Errorf("site %s: %w", r.Str("site_id"), err)
		}
		if err := s.settleStrata(r.Str("site_id")); err != nil && first == nil { // clickhouse_strata.go
			first = fmt.Errorf("site %s: experiments' strata: %w", r.Str("site_id"), err)
		}
		// clickhouse_definitions.go: funnels deleted since the last pass leave memory too.
		s.forgetUndefinedFunnels(r.Str("site_id"))
		if err := s.pruneFunnelStoresHourly(r.Str("site_id")); err != nil && first == nil { // clickhouse_funnel_prune.go
			first = fmt.Errorf("site %s: stored funnel days: %w", r.Str("site_id"), err)
		}
	}
	return first
}

func (s *chStore) settleWindow() (from, last string) {
	now := time.Now().UTC()
	return now.AddDate(0, 0, -chSettleHistory).Format("2006-01-02"), now.AddDate(0, 0, -s.settleLag).Format("2006-01-02")
}

// settleSite settles the site's days from..last with events whose settled basis does not hold.
func (s *chStore) settleSite(siteID, from, last string) error {
	counts, err := s.dayCountsOn(s.background(), siteID, dayBefore(from), dayAfter(last))
	if err != nil {
		return err
	}
	var want []string
	for d, n := range counts {
		if n > 0 && d >= from && d <= last {
			want = append(want, d)
		}
	}
	if len(want) == 0 {
		return nil
	}
	sort.Strings(want)
	have := map[string]*dayFigs{}
	if err := s.readSettled(s.background(), siteID, want[0], want[len(want)-1], counts, "", have); err != nil {
		return err
	}
	// Each run is settled as soon as it is computed, and a run that fails (a read cut short)
	// does not hold back the runs after it: the next pass computes only the days left unsettled.
	var run []string
	var errs []error
	flush := func() {
		if len(run) == 0 {
			return
		}
		figs, whole, err := s.computeWhole(s.background(), siteID, run, counts)
		if err == nil && whole {
			err = s.settle(siteID, run, figs, counts)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("days %s to %s: %w", run[0], run[len(run)-1], err))
		}
		run = run[:0]
	}
	for _, d := range want {
		if have[d] != nil {
			continue
		}
		if len(run) > 0 && (dayAfter(run[len(run)-1]) != d || len(run) >= chSettleRun) {
			flush()
		}
		run = append(run, d)
	}
	flush()
	return errors.Join(errs...)
}

// settleLoop runs SettleClosedDays at start, chSettleQuiet after a kick (an insert into a day
// a settled day's basis covers) and every chSettleEvery, until stop closes. The passes at start and
// every chSettleEvery then warm the memory (warmMemory; not those after a kick: a site with live
// traffic would recompute its open days every few seconds).
func (s *chStore) settleLoop(kick <-chan struct{}, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	tick := time.NewTicker(chSettleEvery)
	defer tick.Stop()
	for warm := true; ; {
		if err := s.SettleClosedDays(); err != nil {
			log.Printf("events store: settling closed days: %v", err)
		}
		if warm {
			started := time.Now()
			// The benchmark waits for one of these lines to time a steady server
			// (scripts/bench/big-site.mjs); a pass cut short says so rather than "warmed".
			if err := s.warmMemory(); err != nil {
				log.Printf("events store: warming kept days stopped after %.1f s: %v", time.Since(started).Seconds(), err)
			} else {
				log.Printf("events store: kept days warmed in %.1f s", time.Since(started).Seconds())
			}
		}
		select {
		case <-stop:
			return
		case <-tick.C:
			warm = true
		case <-kick:
			warm = false
			select {
			case <-stop:
				return
			case <-time.After(chSettleQuiet):
			}
		}
	}
}

// kickSettle asks settleLoop for a pass when an inserted row's day is within a closed day's basis.
func (s *chStore) kickSettle(jobs []*chJob) {
	for _, j := range jobs {
		if s.inSettledBasis(j.rows) {
			s.settleSoon()
			return
		}
	}
}

// inSettledBasis tells whether a row's day is within a closed day's basis (the day after the
// last closed day or before).
func (s *chStore) inSettledBasis(rows []any) bool {
	_, last := s.settleWindow()
	limit := dayAfter(last)
	for _, r := range rows {
		if d := chRowDay(r); d != "" && d <= limit {
			return true
		}
	}
	return false
}

func (s *chStore) settleSoon() {
	select {
	case s.settleKick <- struct{}{}:
	default:
	}
}

func chRowDay(r any) string {
	switch r := r.(type) {
	case chRow:
		return r.Day
	case *chRow:
		return r.Day
	case map[string]any:
		d, _ := r["day"].(string)
		return d
	}
	return ""
}
