package clickhouse

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/expfigures"
	"cro/pocketbase/eventstore/storetest"
)

// chOutcomesRawSQL is ExperimentResults' outcomes before migration 20 (on every read, from every
// outcome row): the outcome days must give the same figures. Its outcomes of the exposed visitors (chStrataSQL) after their
// first exposure, by kind k (see there). Days are strings in the tuples: an array literal of
// tuples with a Date comes back as its number on 18.16.
const chOutcomesRawSQL = `SELECT x_variant AS variant, k, d, goal AS o_goal, count() AS n, sum(o_value) AS total,
	sum(o_value * o_value) AS squares FROM (
	SELECT x_variant, goal, tupleElement(e, 1) AS k, tupleElement(e, 2) AS d, tupleElement(e, 3) AS o_value FROM (
		SELECT visitor, x_variant, goal, argMin(o_day0, o_at) AS first_day, sum(o_value0) AS v_total,
			groupArrayIf((o_day0, o_value0), goal = {:rev}) AS buys
		FROM (SELECT visitor, goal, at AS o_at, day AS o_day0, value AS o_value0 FROM experiment_events
			WHERE site_id = {:site} AND experiment = '' AND goal IN ({:goal}, {:rev}))
		ALL INNER JOIN (` + chStrataSQL + `) USING (visitor)
		WHERE o_at >= x_at GROUP BY visitor, x_variant, goal)
	ARRAY JOIN arrayConcat([(toUInt8(0), if(goal = {:rev}, '1970-01-01', toString(first_day)), v_total)],
		arraySlice([(toUInt8(2), toString(first_day), toFloat64(0))], 1, goal = {:rev}),
		arrayMap(b -> (toUInt8(1), toString(tupleElement(b, 1)), tupleElement(b, 2)), buys)) AS e)
	GROUP BY variant, k, d, o_goal`

// rawExperimentResults is ExperimentResults before migration 20.
func rawExperimentResults(s *chStore, q eventstore.ExperimentQuery) (eventstore.ExperimentFigures, error) {
	goal := q.GoalID
	if q.Revenue {
		goal = eventrow.RevenueGoal
	}
	strata, _, err := s.exposureStrata(s.db, q.SiteID, q.ExperimentID)
	if err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	p := map[string]any{"site": q.SiteID, "exp": q.ExperimentID, "goal": goal, "rev": eventrow.RevenueGoal, "strata": strata}
	var days []expfigures.DayRow
	var conversions []expfigures.DayCount
	var revenue []expfigures.RevenueRow
	// The exposed visitors by variant and day of first exposure (k 3) and, in one pass, their
	// outcomes after it: per visitor and goal (k 0) the goal's first conversion day, or for revenue
	// the visitor's total (day 1970-01-01); per purchase (k 1) its day and value, for the
	// cumulative series; for revenue (k 2) the day of the first purchase, its purchasers per day.
	rows, err := s.query(chOutcomesRawSQL+` UNION ALL SELECT x_variant AS variant, toUInt8(3) AS k, toString(x_day) AS d, '' AS o_goal,
		count() AS n, toFloat64(0) AS total, toFloat64(0) AS squares FROM (`+chStrataSQL+`) GROUP BY variant, d`, p)
	if err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	for _, r := range rows {
		switch k, g := r.Int("k"), r.Str("o_goal"); {
		case k == 0 && g == goal && goal != eventrow.RevenueGoal:
			conversions = append(conversions, expfigures.DayCount{Variant: r.Str("variant"), Day: r.Str("d"), N: r.Num("n")})
		case k == 0 && g == eventrow.RevenueGoal:
			revenue = append(revenue, expfigures.RevenueRow{Variant: r.Str("variant"), Sum: r.Num("total"), Squares: r.Num("squares")})
		case k == 1:
			days = append(days, expfigures.DayRow{Variant: r.Str("variant"), Day: r.Str("d"), Revenue: r.Num("total")})
		case k == 3:
			days = append(days, expfigures.DayRow{Variant: r.Str("variant"), Day: r.Str("d"), Users: r.Num("n")})
		case k == 2 && goal == eventrow.RevenueGoal:
			conversions = append(conversions, expfigures.DayCount{Variant: r.Str("variant"), Day: r.Str("d"), N: r.Num("n")})
		}
	}
	return expfigures.Figures(days, conversions, revenue), nil
}

// An outcome day's figures are kept while its basis holds and computed again when a late row
// changes what they depend on: a late purchase of an earlier day changes the squares a later day
// adds (the purchaser's total before it), a late conversion of an earlier day the first
// conversion's day. The settle pass settles them; a server that did not compute them reads them.
func TestClickHouseExperimentOutcomesFollowLateEvents(t *testing.T) {
	store := experimentTrafficStore(t)
	queries := []eventstore.ExperimentQuery{{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"},
		{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, Revenue: true}}
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	rows, err := store.query(`SELECT count() AS n, uniqExact(goal) AS goals FROM exposure_outcomes WHERE site_id = {:site} AND experiment = {:exp}`,
		map[string]any{"site": storetest.SiteA, "exp": storetest.ExpOne})
	if err != nil || rows[0].Int("goals") < 2 {
		t.Fatalf("the settle pass settled no outcome days of the purchase goal and revenue: %v %v", rows, err)
	}
	same := func(label string, s *chStore) []eventstore.ExperimentFigures {
		t.Helper()
		var out []eventstore.ExperimentFigures
		for _, q := range queries {
			got, err := s.ExperimentResults(q)
			if err != nil {
				t.Fatal(err)
			}
			want, err := rawExperimentResults(store, q)
			if err != nil {
				t.Fatal(err)
			}
			if len(want.Variants) < 2 || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, revenue %v: results from outcome days\n got %+v\nwant %+v", label, q.Revenue, got, want)
			}
			out = append(out, got)
		}
		return out
	}
	before := same("settled", store)
	// A server that did not compute them answers a results page as the first one does, reading every
	// day, the strata's visitor counts and CUPED's sums at the default window settled, and the bases
	// from the rows counted per day: no statement over every exposed visitor or outcome row.
	settledRead := func(label string) {
		t.Helper()
		other, rec := recordedServer(store)
		same(label, other)
		for _, q := range queries {
			got, err := other.ExperimentCovariates(q, chCupedDefaultWindow)
			if err != nil {
				t.Fatal(err)
			}
			want, err := store.ExperimentCovariates(q, chCupedDefaultWindow)
			if err != nil {
				t.Fatal(err)
			}
			if len(want) < 2 || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, revenue %v: CUPED cells\n got %+v\nwant %+v", label, q.Revenue, got, want)
			}
		}
		noneComputed(t, label, rec)
	}
	settledRead("settled, read by another server")

	// Late, into the day before: visitor0007 (b, exposed and converted on the later day) saw the
	// control then, a day without conversions: its conversion moves to the control.
	site, t0 := storetest.ExperimentSite(), storetest.Now.Add(-2*time.Hour)
	write := func(visitor, session string, events ...eventstore.Event) {
		t.Helper()
		if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session,
			Events: events}, Device: "desktop"}}); err != nil {
			t.Fatal(err)
		}
	}
	write("visitor0007", "session0007y", storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne, Name: "control"},
		t0.Add(-24*time.Hour)))
	exposed := same("after a late exposure", store)
	if reflect.DeepEqual(before, exposed) {
		t.Fatal("the late exposure changed no figure: the test cannot tell kept outcome days from computed ones")
	}
	// Then visitor0004 (b, exposed on the day before, purchases of 5 then and 15 on the later day)
	// bought 20 more and reached /thank-you on the day before: the later day's squares change.
	write("visitor0004", "session0004c",
		storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 20}, t0.Add(-24*time.Hour+2*time.Minute)),
		storetest.At(eventstore.Event{Type: "pv", Path: "/thank-you"}, t0.Add(-24*time.Hour+3*time.Minute)))
	if after := same("after a late purchase", store); reflect.DeepEqual(exposed, after) {
		t.Fatal("the late purchase changed no figure")
	}
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	settledRead("settled again, read by another server")
}

// The bases' rows per day and goal (experiment_day_counts, summed at insert) are experiment_events'
// own counts, late rows included.
func TestClickHouseExperimentDayCounts(t *testing.T) {
	store := experimentTrafficStore(t)
	site, t0 := storetest.ExperimentSite(), storetest.Now.Add(-2*time.Hour)
	if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0007",
		Session: "session0007y", Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne,
			Name: "control"}, t0.Add(-48*time.Hour))}}, Device: "desktop"}}); err != nil {
		t.Fatal(err)
	}
	st, err := store.strataState(store.db, storetest.SiteA, storetest.ExpOne)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := store.query(`SELECT experiment, goal, toString(day) AS d, count() AS n FROM experiment_events
		WHERE site_id = {:site} AND experiment IN ({:exp}, '') GROUP BY experiment, goal, day`,
		map[string]any{"site": storetest.SiteA, "exp": storetest.ExpOne})
	if err != nil {
		t.Fatal(err)
	}
	xdays, outcomes := map[string]uint64{}, map[string]map[string]uint64{}
	for _, r := range rows {
		if r.Str("experiment") != "" {
			xdays[r.Str("d")] += uint64(r.Num("n"))
			continue
		}
		if outcomes[r.Str("goal")] == nil {
			outcomes[r.Str("goal")] = map[string]uint64{}
		}
		outcomes[r.Str("goal")][r.Str("d")] = uint64(r.Num("n"))
	}
	if len(xdays) < 3 || len(outcomes) < 2 || !reflect.DeepEqual(st.xdays, xdays) || !reflect.DeepEqual(st.outcomes, outcomes) {
		t.Fatalf("rows per day: counted at insert %v %v, in experiment_events %v %v", st.xdays, st.outcomes, xdays, outcomes)
	}
}
