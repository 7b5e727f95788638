package clickhouse

import (
	"sort"
	"strings"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
)

// Guardrails' and ratio metrics' figures of each activity day (clickhouse_metric_days.go), from
// the exposed visitors' sessions, purchases and conversions, with the meaning of the queries over
// every exposed visitor (SQLite's sqlite_guardrails.go and ratio_sums.go): a day D's figures are
// what those queries gain when the events of D are added to those before it. Each visitor's
// values grow on the days of their events at or after the first exposure (what came earlier
// counts on the exposure's day); a product of two values (a square, num × den) grows on D by
// a·Δb + b·Δa + Δa·Δb, a and b the visitor's totals before D, so it splits per day as the
// outcome days' squares do. A session counts from the first day it has an event at or after the
// exposure, its earlier page views with it; a visitor stops bouncing on the day their pages since
// the exposure reach 2 and errs on the day of their first error since it.

// metricSpec is what a metric reads: a ratio's parts and window, or the guardrails.
type metricSpec struct {
	guardrails bool
	q          eventstore.RatioQuery
}

// metricKey names a metric's rows (visitor_metric_days.goal).
func (m metricSpec) key() string {
	if m.guardrails {
		return "guardrails"
	}
	return strings.Join([]string{"ratio", m.q.Numerator, m.q.Denominator, m.q.GoalID, itoa(max(m.q.WindowDays, 0))}, "/")
}

func (m metricSpec) uses(part string) bool {
	return !m.guardrails && (m.q.Numerator == part || m.q.Denominator == part)
}

// The figures of a day per variant: guardrails' users, visitors who erred and who stopped
// bouncing; a ratio's RatioSums in field order (count first).
const (
	gUsers, gErrors, gDeep = 0, 1, 2
	ratioFields            = 15
)

// Sources of a computation: the exposed visitors (x), their sessions' rows per day, their
// purchases and conversions (visitor_events) and their capped revenue (experiment_events).
const (
	chMetricExposedSQL  = `SELECT visitor, x_variant, x_at, toString(x_day) AS xd FROM exposure_strata WHERE site_id = {:site} AND experiment = {:exp} AND version IN {:strata}{{recent}}{{part}}`
	chMetricVisitorsSQL = `SELECT visitor FROM exposure_strata WHERE site_id = {:site} AND experiment = {:exp} AND version IN {:strata}{{recent}}{{part}}`
	// chMetricRecentSQL narrows a computation from {:from} to the visitors first exposed from it or
	// with a session, purchase, conversion or revenue row from it (nobody else's figures change).
	chMetricRecentSQL = ` AND (x_day >= toDate({:from}) OR visitor IN (SELECT finalizeAggregation(visitor) FROM sessions
		WHERE site_id = {:site} AND day >= toDate({:from}) UNION ALL SELECT visitor FROM visitor_events WHERE site_id = {:site}
		AND day >= toDate({:from}) UNION ALL SELECT visitor FROM experiment_events WHERE site_id = {:site} AND experiment = ''
		AND goal = {:rev} AND day >= toDate({:from})))`
	chMetricSessionsSQL = `SELECT sv AS visitor, session, toString(day) AS d, s_start, s_last, s_pv, s_err FROM (
		SELECT finalizeAggregation(visitor) AS sv, session, day, minMerge(started) AS s_start, maxMerge(last_at) AS s_last,
			sumMerge(pageviews) AS s_pv, maxMerge(last_error) AS s_err
		FROM sessions WHERE site_id = {:site} AND sv IN (` + chMetricVisitorsSQL + `) GROUP BY sv, session, day)`
	chMetricEventsSQL = `SELECT visitor, type AS e_type, goal AS e_goal, value, at, toString(day) AS d FROM visitor_events
		WHERE site_id = {:site} AND visitor IN (` + chMetricVisitorsSQL + `)`
	chMetricRevenueSQL = `SELECT visitor, 'revenue' AS e_type, '' AS e_goal, value, at, toString(day) AS d FROM experiment_events
		WHERE site_id = {:site} AND experiment = '' AND goal = {:rev} AND visitor IN (` + chMetricVisitorsSQL + `)`
)

type metricVisitor struct {
	variant, xDay string
	xAt           float64
	sessions      map[string][]chMetricSession
	events        []chMetricEvent
}

// chMetricSession is a row of chMetricSessionsSQL (a session's figures of one day) and
// chMetricEvent one of chMetricEventsSQL or chMetricRevenueSQL: decoded as they stream in (a
// part's rows as maps were most of a 1M-event server's peak memory, during a first computation).
type chMetricSession struct {
	Visitor string  `json:"visitor"`
	Session string  `json:"session"`
	D       string  `json:"d"`
	Start   float64 `json:"s_start"`
	Last    float64 `json:"s_last"`
	PV      float64 `json:"s_pv"`
	Err     float64 `json:"s_err"`
}

type chMetricEvent struct {
	Visitor string  `json:"visitor"`
	Type    string  `json:"e_type"`
	Goal    string  `json:"e_goal"`
	Value   float64 `json:"value"`
	At      float64 `json:"at"`
	D       string  `json:"d"`
}

// chMetricPart is how many exposed visitors one pass of a computation reads (their sessions,
// purchases and revenue rows held in memory at once): a site's first computation (every exposed
// visitor) goes in parts by the visitor's hash, each pass re-reading the sessions rollup.
var chMetricPart = 50_000

// computeMetricDays reads the sources of the visitors whose figures change from `from` on (every
// exposed visitor when recentOnly is false) and returns each day's figures per variant from it.
func (s *chStore) computeMetricDays(db *Client, siteID, expID string, m metricSpec, versions []string, from string,
	recentOnly bool) (map[string]map[string][]float64, error) {
	recent := ""
	if recentOnly {
		recent = chMetricRecentSQL
	}
	p := map[string]any{"site": siteID, "exp": expID, "strata": versions, "from": from, "rev": eventrow.RevenueGoal}
	part := ""
	bind := func(sql string) string {
		return strings.NewReplacer("{{recent}}", recent, "{{part}}", part).Replace(sql)
	}
	n, err := queryOn(db, bind(`SELECT count() AS n FROM (`+chMetricVisitorsSQL+`)`), p)
	if err != nil || len(n) == 0 {
		return nil, err
	}
	out := map[string]map[string][]float64{}
	add := func(d, variant string, i int, n float64) {
		if d < from || n == 0 {
			return
		}
		if out[d] == nil {
			out[d] = map[string][]float64{}
		}
		f := out[d][variant]
		if f == nil {
			f = make([]float64, ratioFields)
			out[d][variant] = f
		}
		f[i] += n
	}
	parts := (n[0].Int("n") + chMetricPart - 1) / chMetricPart
	for i := 0; i < parts; i++ {
		if parts > 1 {
			part = ` AND cityHash64(visitor) % {:parts} = {:part}`
			p["parts"], p["part"] = uint64(parts), uint64(i)
		}
		visitors, err := s.readMetricSources(db, bind, p, m)
		if err != nil {
			return nil, err
		}
		for _, id := range sortedKeys(visitors) { // in one order: the same float sums on every computation
			if m.guardrails {
				guardrailDays(visitors[id], add)
			} else {
				ratioDays(visitors[id], m.q, add)
			}
		}
	}
	return out, nil
}

// readMetricSources reads the exposed visitors of one part and the sources the metric uses (bind
// gives a source's SQL for the part, p its parameters).
func (s *chStore) readMetricSources(db *Client, bind func(string) string, p map[string]any, m metricSpec) (map[string]*metricVisitor, error) {
	xs, err := queryOn(db, bind(chMetricExposedSQL), p)
	if err != nil || len(xs) == 0 {
		return nil, err
	}
	visitors := make(map[string]*metricVisitor, len(xs))
	for _, r := range xs {
		visitors[r.Str("visitor")] = &metricVisitor{variant: r.Str("x_variant"), xDay: r.Str("xd"), xAt: r.Num("x_at"), sessions: map[string][]chMetricSession{}}
	}
	days, names := interned{}, interned{} // one string per day and per event type or goal
	if m.guardrails || m.uses(eventstore.RatioSessions) || m.uses(eventstore.RatioPages) {
		err := queryEachOf(db, bind(chMetricSessionsSQL), p, func(r *chMetricSession) error {
			if v := visitors[r.Visitor]; v != nil {
				row := *r
				row.Visitor, row.D = "", days.of(r.D)
				v.sessions[r.Session] = append(v.sessions[r.Session], row)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	var sources []string
	if m.uses(eventstore.RatioOrders) || m.uses(eventstore.RatioGoal) || (m.uses(eventstore.RatioRevenue) && m.q.WindowDays > 0) {
		sources = append(sources, chMetricEventsSQL)
	}
	if m.uses(eventstore.RatioRevenue) {
		sources = append(sources, chMetricRevenueSQL)
	}
	for _, sql := range sources {
		err := queryEachOf(db, bind(sql), p, func(e *chMetricEvent) error {
			if v := visitors[e.Visitor]; v != nil {
				row := *e
				row.Visitor, row.D, row.Type, row.Goal = "", days.of(e.D), names.of(e.Type), names.of(e.Goal)
				v.events = append(v.events, row)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return visitors, nil
}

// sessionDays calls f with each of a visitor's session rows and the day its page views count on
// (the session's first day with an event at or after the exposure, or the row's own day after it),
// and reports each session's first such day (first); sessions without one are left out.
func sessionDays(v *metricVisitor, f func(r chMetricSession, day string), first func(day string)) {
	for _, rows := range v.sessions {
		active := ""
		for _, r := range rows {
			if r.Last >= v.xAt && (active == "" || r.D < active) {
				active = r.D
			}
		}
		if active == "" {
			continue
		}
		first(active)
		for _, r := range rows {
			f(r, max(r.D, active))
		}
	}
}

// guardrailDays adds a visitor's guardrail figures: a user on the exposure's day, an error on the
// day of the first error since the exposure, and the day the pages since it reach 2.
func guardrailDays(v *metricVisitor, add func(d, variant string, i int, n float64)) {
	add(v.xDay, v.variant, gUsers, 1)
	errDay := ""
	pages := map[string]float64{}
	for _, rows := range v.sessions {
		for _, r := range rows {
			if r.Err > 0 && r.Err >= v.xAt && (errDay == "" || max(r.D, v.xDay) < errDay) {
				errDay = max(r.D, v.xDay)
			}
		}
	}
	if errDay != "" {
		add(errDay, v.variant, gErrors, 1)
	}
	sessionDays(v, func(r chMetricSession, d string) { pages[d] += r.PV }, func(string) {})
	days := sortedKeys(pages)
	total := 0.0
	for _, d := range days {
		total += pages[d]
		if total >= 2 {
			add(d, v.variant, gDeep, 1)
			return
		}
	}
}

// ratioDays adds a visitor's ratio sums' growth per day (RatioSums' fields: count, then the
// numerator, denominator, their pre-exposure values and products).
func ratioDays(v *metricVisitor, q eventstore.RatioQuery, add func(d, variant string, i int, n float64)) {
	type vals [4]float64 // num, den, npre, dpre
	byDay := map[string]*vals{v.xDay: {}}
	put := func(d string, i int, n float64) {
		d = max(d, v.xDay)
		if byDay[d] == nil {
			byDay[d] = &vals{}
		}
		byDay[d][i] += n
	}
	windowStart := v.xAt - float64(max(q.WindowDays, 0))*86400000
	inWindow := func(at float64) bool { return q.WindowDays > 0 && at >= windowStart && at < v.xAt }
	for i, part := range []string{q.Numerator, q.Denominator} {
		switch part {
		case eventstore.RatioSessions, eventstore.RatioPages:
			pages := part == eventstore.RatioPages
			sessionDays(v, func(r chMetricSession, d string) {
				if pages {
					put(d, i, r.PV)
				}
			}, func(d string) {
				if !pages {
					put(d, i, 1)
				}
			})
			for _, rows := range v.sessions {
				start := rows[0].Start
				for _, r := range rows {
					start = min(start, r.Start)
				}
				if !inWindow(start) {
					continue
				}
				for _, r := range rows {
					if pages {
						put(r.D, i+2, r.PV)
					}
				}
				if !pages {
					put(v.xDay, i+2, 1)
				}
			}
		default:
			for _, e := range v.events {
				since, pre := ratioEvent(part, q.GoalID, e)
				switch at := e.At; {
				case since != 0 && at >= v.xAt:
					put(e.D, i, since)
				case pre != 0 && inWindow(at):
					put(e.D, i+2, pre)
				}
			}
		}
	}
	var a vals
	for _, d := range sortedKeys(byDay) {
		dv := byDay[d]
		if d == v.xDay {
			add(d, v.variant, 0, 1)
		}
		grow := func(i, j int) float64 { return a[i]*dv[j] + a[j]*dv[i] + dv[i]*dv[j] }
		// RatioSums' order: num, num², den, den², num·den, npre, npre², dpre, dpre², num·npre,
		// den·dpre, npre·dpre, num·dpre, npre·den.
		for k, g := range []float64{dv[0], grow(0, 0), dv[1], grow(1, 1), grow(0, 1), dv[2], grow(2, 2), dv[3], grow(3, 3),
			grow(0, 2), grow(1, 3), grow(2, 3), grow(0, 3), grow(2, 1)} {
			add(d, v.variant, k+1, g)
		}
		for i := range a {
			a[i] += dv[i]
		}
	}
}

// ratioEvent is what a purchase, conversion or revenue row adds to a part since the exposure and
// in the window before it: revenue since is the experiment's capped revenue (experiment_events),
// before it the purchases' values (visitor_events).
func ratioEvent(part, goal string, e chMetricEvent) (since, pre float64) {
	purchase := e.Type == "custom" && e.Value > 0
	switch part {
	case eventstore.RatioRevenue:
		if e.Type == "revenue" {
			return e.Value, 0
		}
		if purchase {
			return 0, e.Value
		}
	case eventstore.RatioOrders:
		if purchase {
			return 1, 1
		}
	case eventstore.RatioGoal:
		if e.Type == "conversion" && e.Goal == goal {
			return 1, 1
		}
	}
	return 0, 0
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
