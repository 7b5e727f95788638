package clickhouse

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/storetest"
)

// The queries guardrails and ratio metrics read before their day figures (clickhouse_metric_days.go),
// over every exposed visitor's sessions and purchases on each read: the day figures must give the same.

// chRatioRefParts are each part's column since the first exposure and in the window before it.
var chRatioRefParts = map[string][2]string{
	eventstore.RatioRevenue:  {"rev_since", "rev_pre"},
	eventstore.RatioSessions: {"sess_since", "sess_pre"},
	eventstore.RatioPages:    {"pages_since", "pages_pre"},
	eventstore.RatioOrders:   {"orders_since", "orders_pre"},
	eventstore.RatioGoal:     {"goal_since", "goal_pre"},
}

const (
	chRatioRefExposedSQL  = `SELECT visitor, minMerge(x_at) AS x_at FROM exposures WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor`
	chRatioRefVisitorsSQL = chExposedVisitorsSQL
	chRatioRefSQL         = `SELECT x_variant AS variant, count() AS n, sum(r_num) AS num, sum(r_num * r_num) AS num2, sum(r_den) AS den,
	sum(r_den * r_den) AS den2, sum(r_num * r_den) AS prod, sum(r_npre) AS npre, sum(r_npre * r_npre) AS npre2, sum(r_dpre) AS dpre,
	sum(r_dpre * r_dpre) AS dpre2, sum(r_num * r_npre) AS num_npre, sum(r_den * r_dpre) AS den_dpre, sum(r_npre * r_dpre) AS npre_dpre,
	sum(r_num * r_dpre) AS num_dpre, sum(r_npre * r_den) AS npre_den
	FROM (SELECT x_variant, %s AS r_num, %s AS r_den, %s AS r_npre, %s AS r_dpre FROM
		(SELECT visitor, x_variant, sess_since, sess_pre, pages_since, pages_pre, orders_since, orders_pre, goal_since, goal_pre, rev_pre FROM
			(SELECT visitor, x_variant, sess_since, sess_pre, pages_since, pages_pre FROM
				(SELECT visitor, argMinMerge(x_variant) AS x_variant FROM exposures WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor)
				ANY LEFT JOIN (SELECT visitor, countIf(s_last >= x_at) AS sess_since, sumIf(s_pv, s_last >= x_at) AS pages_since,
					countIf(s_start ` + chRatioRefPreStart + `) AS sess_pre, sumIf(s_pv, s_start ` + chRatioRefPreStart + `) AS pages_pre
					FROM (` + chRatioRefExposedSQL + `) ALL INNER JOIN ({{sessions}}) USING visitor
					GROUP BY visitor) USING visitor)
			ANY LEFT JOIN (SELECT visitor, countIf(type = 'custom' AND value > 0 AND at >= x_at) AS orders_since,
				countIf(type = 'custom' AND value > 0 AND at ` + chRatioRefPreAt + `) AS orders_pre,
				sumIf(value, type = 'custom' AND value > 0 AND at ` + chRatioRefPreAt + `) AS rev_pre,
				countIf(type = 'conversion' AND goal = {:goal} AND at >= x_at) AS goal_since,
				countIf(type = 'conversion' AND goal = {:goal} AND at ` + chRatioRefPreAt + `) AS goal_pre
				FROM (` + chRatioRefExposedSQL + `) ALL INNER JOIN (SELECT visitor, type, value, goal, at FROM visitor_events WHERE site_id = {:site}
					AND visitor IN (` + chRatioRefVisitorsSQL + `)) USING visitor
				GROUP BY visitor) USING visitor)
		ANY LEFT JOIN (SELECT visitor, sumIf(o_value, o_at >= x_at) AS rev_since
			FROM (` + chRatioRefExposedSQL + `) ALL INNER JOIN (SELECT visitor, at AS o_at, value AS o_value FROM experiment_events
				WHERE site_id = {:site} AND experiment = '' AND goal = {:rev} AND visitor IN (` + chRatioRefVisitorsSQL + `)) USING visitor
			GROUP BY visitor) USING visitor)
	GROUP BY variant ORDER BY variant`
	chRatioRefPreStart = `>= x_at - {:w} AND s_start < x_at`
	chRatioRefPreAt    = `>= x_at - {:w} AND at < x_at`
)

// chGuardrailsRefSQL: each exposed visitor's sessions against the time of their first exposure.
const chGuardrailsRefSQL = `SELECT x_variant AS variant, count() AS users, countIf(err_after) AS error_visitors,
	countIf(pv_after <= 1) AS bounced FROM (
	SELECT visitor, any(x_variant) AS x_variant, max(s_err) >= any(x_at) AS err_after, sumIf(s_pv, s_last >= x_at) AS pv_after
	FROM (` + chExposedSQL + `)
	ALL LEFT JOIN ({{sessions}}) USING (visitor)
	GROUP BY visitor)
	GROUP BY variant ORDER BY variant`

// refMetrics are the guardrails and each ratio metric (without and with a window) by the queries
// above, flattened as the test compares them.
func refMetrics(t *testing.T, s *chStore, queries []eventstore.RatioQuery) []string {
	t.Helper()
	p := map[string]any{"site": storetest.SiteA, "exp": storetest.ExpOne}
	rows, err := s.query(strings.Replace(chGuardrailsRefSQL, "{{sessions}}", chSessionsOfExposed("s_last", "s_pv", "s_err"), 1), p)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprint(eventstore.GuardrailFigures{Variant: r.Str("variant"), Users: r.Num("users"),
			ErrorVisitors: r.Num("error_visitors"), BouncedVisitors: r.Num("bounced")}))
	}
	for _, q := range queries {
		num, den := chRatioRefParts[q.Numerator], chRatioRefParts[q.Denominator]
		npre, dpre := num[1], den[1]
		if q.WindowDays <= 0 {
			npre, dpre = "0", "0"
		}
		sql := strings.Replace(fmt.Sprintf(chRatioRefSQL, num[0], den[0], npre, dpre), "{{sessions}}", chSessionsOfExposed("s_start", "s_last", "s_pv"), 1)
		rows, err := s.query(sql, map[string]any{"site": q.SiteID, "exp": q.ExperimentID, "goal": q.GoalID, "rev": eventrow.RevenueGoal,
			"w": uint64(max(q.WindowDays, 0)) * 86400000})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			out = append(out, fmt.Sprint(q.Numerator, "/", q.Denominator, q.WindowDays, eventstore.RatioSums{Variant: r.Str("variant"), Count: r.Num("n"),
				Numerator: r.Num("num"), NumeratorSquares: r.Num("num2"), Denominator: r.Num("den"), DenominatorSquares: r.Num("den2"),
				Products: r.Num("prod"), NumeratorPre: r.Num("npre"), NumeratorPreSquares: r.Num("npre2"), DenominatorPre: r.Num("dpre"),
				DenominatorPreSquares: r.Num("dpre2"), NumeratorNumeratorPre: r.Num("num_npre"), DenominatorDenominatorPre: r.Num("den_dpre"),
				NumeratorPreDenominatorPre: r.Num("npre_dpre"), NumeratorDenominatorPre: r.Num("num_dpre"), NumeratorPreDenominatorPlain: r.Num("npre_den")}))
		}
	}
	return out
}

// metricQueries are the ratio metrics the product offers, without and with a 7-day window.
func metricQueries() []eventstore.RatioQuery {
	var out []eventstore.RatioQuery
	for _, q := range []eventstore.RatioQuery{{Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioSessions},
		{Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioOrders}, {Numerator: eventstore.RatioPages, Denominator: eventstore.RatioSessions},
		{Numerator: eventstore.RatioGoal, Denominator: eventstore.RatioSessions, GoalID: "goalpurchase"}} {
		for _, w := range []int{0, 7} {
			q.SiteID, q.ExperimentID, q.WindowDays = storetest.SiteA, storetest.ExpOne, w
			out = append(out, q)
		}
	}
	return out
}

// metricsOf are server's guardrails and ratio sums, flattened as refMetrics.
func metricsOf(t *testing.T, server *chStore, queries []eventstore.RatioQuery) []string {
	t.Helper()
	g, err := server.ExperimentGuardrails(storetest.SiteA, storetest.ExpOne)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range g {
		out = append(out, fmt.Sprint(f))
	}
	for _, q := range queries {
		sums, err := server.RatioSums(q)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range sums {
			out = append(out, fmt.Sprint(q.Numerator, "/", q.Denominator, q.WindowDays, r))
		}
	}
	return out
}

// Guardrails' and ratio metrics' day figures answer as the queries over every exposed visitor,
// and follow late events: into an earlier, closed day (a purchase, an error, a second page view
// of a session that crosses midnight, a session in the window before an exposure) and into today;
// a second server reads the settled days, computing nothing. Computations go in parts of 2
// exposed visitors (the contract's traffic has 7), as a large site's first one does.
func TestClickHouseMetricDaysFollowLateEvents(t *testing.T) {
	chMetricPart = 2
	t.Cleanup(func() { chMetricPart = 50_000 })
	store := experimentTrafficStore(t)
	queries := metricQueries()
	before := []string(nil)
	same := func(server *chStore, label string) []string {
		t.Helper()
		got, want := metricsOf(t, server, queries), refMetrics(t, store, queries)
		if len(want) < 2*len(queries) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: day figures\n got %q\nwant %q", label, got, want)
		}
		return got
	}
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	before = same(store, "first read")
	if again := same(store, "kept"); !reflect.DeepEqual(before, again) {
		t.Fatal("a second read differs")
	}
	site, t0 := storetest.ExperimentSite(), storetest.Now.Add(-2*time.Hour)
	write := func(label, visitor, session string, events ...eventstore.Event) {
		t.Helper()
		if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session,
			Events: events}, Device: "desktop"}}); err != nil {
			t.Fatal(err)
		}
		if after := same(store, label); reflect.DeepEqual(before, after) {
			t.Fatalf("%s changed no figure: the test cannot tell kept days from computed ones", label)
		} else {
			before = after
		}
	}
	at := storetest.At
	midnight := t0.Truncate(24 * time.Hour)
	// visitor0004 (b, exposed the day before) bought 20 more that day: the later days' squares.
	write("a late purchase into a closed day", "visitor0004", "session0004c",
		at(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 20}, t0.Add(-24*time.Hour+2*time.Minute)))
	// visitor0002 (control, exposed at t0) had a session with two pages three days before: its window.
	write("a session in the window before an exposure", "visitor0002", "session0002w",
		at(eventstore.Event{Type: "pv", Path: "/"}, t0.Add(-72*time.Hour)), at(eventstore.Event{Type: "pv", Path: "/pricing"}, t0.Add(-72*time.Hour+time.Minute)))
	// visitor0006 (b) has a session from before midnight of the day before to after it, its second
	// page after: the session counts from the day it reached the exposure, its first page with it.
	write("a session across midnight", "visitor0006", "session0006m",
		at(eventstore.Event{Type: "pv", Path: "/"}, midnight.Add(-24*time.Hour-time.Minute)), at(eventstore.Event{Type: "pv", Path: "/a"}, midnight.Add(-24*time.Hour+time.Minute)))
	write("a page error after an exposure", "visitor0007", "session0007e", at(eventstore.Event{Type: "er", Path: "/", Message: "boom", Source: "a.js"}, t0.Add(time.Hour)))
	write("a purchase today", "visitor0003", "session0003", at(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 9}, storetest.Now.Add(-time.Minute)))
	write("a late exposure", "visitor0005", "session0005x", at(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne, Name: "control"}, t0.Add(-48*time.Hour)))

	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	settled := same(store, "after the settle pass")
	second, rec := recordedServer(store)
	if got := same(second, "read by a second server"); !reflect.DeepEqual(got, settled) {
		t.Fatal("a second server's figures differ")
	}
	noneComputed(t, "a second server's first read", rec)
	write("a late session into a closed day, read by the second server", "visitor0003", "session0003y",
		at(eventstore.Event{Type: "pv", Path: "/"}, t0.Add(-20*time.Hour)), at(eventstore.Event{Type: "pv", Path: "/b"}, t0.Add(-20*time.Hour+time.Second)))
	if got := same(second, "the second server after it"); !reflect.DeepEqual(got, before) {
		t.Fatal("the second server's figures differ from the first's")
	}
}

// chExposedSQL is one row per exposed visitor of the experiment: variant and day of the first exposure.
const chExposedSQL = `SELECT visitor, argMinMerge(x_variant) AS x_variant, minMerge(x_at) AS x_at, argMinMerge(x_day) AS x_day
	FROM exposures WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor`

var chSessionColumns = map[string]string{"s_start": "minMerge(started)", "s_last": "maxMerge(last_at)", "s_pv": "sumMerge(pageviews)",
	"s_err": "maxMerge(last_error)", "s_device": "tupleElement(argMinMerge(dims), 5)"} // dims: version 17, rollups.go

// chSessionsOfExposed is chVisitorSessionsSQL with the columns named.
func chSessionsOfExposed(columns ...string) string {
	var cols, names strings.Builder
	for _, c := range columns {
		cols.WriteString(", " + chSessionColumns[c] + " AS " + c)
		names.WriteString(", " + c)
	}
	return strings.NewReplacer("{{columns}}", cols.String(), "{{names}}", names.String()).Replace(chVisitorSessionsSQL)
}
