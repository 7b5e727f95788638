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

// chCovariatesRefSQL is CUPED's query before the day sums (clickhouse_cuped_days.go), from every
// exposed visitor's outcomes on every read: the day sums must give the same cells.
const chCovariatesRefSQL = `SELECT variant, device, vtype, sum(c_n) AS n{{totals}} FROM (
	SELECT x_variant AS variant, device, if(returning, 'returning', 'new') AS vtype, count() AS c_n{{zeros}}
	FROM (` + chStrataSQL + `) GROUP BY variant, device, vtype
	UNION ALL
	SELECT x_variant AS variant, device, if(returning, 'returning', 'new') AS vtype, toUInt64(0) AS c_n{{sums}}
	FROM (
		SELECT visitor, x_variant, device, returning, {{metrics}}
		FROM (SELECT visitor, goal AS o_goal, at AS o_at, value AS o_value FROM experiment_events
			WHERE site_id = {:site} AND experiment = '' AND goal IN {:goals})
		ALL INNER JOIN (` + chStrataSQL + `) USING (visitor)
		GROUP BY visitor, x_variant, x_at, device, returning)
	GROUP BY variant, device, vtype)
	GROUP BY variant, device, vtype ORDER BY variant, device, vtype`

const (
	// A goal: converted after the first exposure, and in the window before it (0 or 1).
	chGoalPost = `toFloat64(maxIf(1, o_goal = {:goal} AND o_at >= x_at))`
	chGoalPre  = `toFloat64(maxIf(1, o_goal = {:goal} AND o_at + {:window} >= x_at AND o_at < x_at))`
	// Revenue: since the first exposure, and in the window before it.
	chRevenuePost = `sumIf(o_value, o_goal = {:rev} AND o_at >= x_at)`
	chRevenuePre  = `sumIf(o_value, o_goal = {:rev} AND o_at + {:window} >= x_at AND o_at < x_at)`
)

// chCovariatesOf is the query of the metrics' sums, each metric its post and pre expressions.
func chCovariatesOf(metrics ...[2]string) string {
	var sums, zeros, totals, exprs []string
	for i, m := range metrics {
		p, q := "p"+string(rune('0'+i)), "q"+string(rune('0'+i))
		exprs = append(exprs, m[0]+" AS "+p, m[1]+" AS "+q)
		sums = append(sums, ", sum("+p+") AS "+p+"_post, sum("+p+" * "+p+") AS "+p+"_post2, sum("+q+") AS "+p+"_pre, sum("+q+" * "+q+
			") AS "+p+"_pre2, sum("+p+" * "+q+") AS "+p+"_prod")
		for _, name := range []string{"_post", "_post2", "_pre", "_pre2", "_prod"} {
			zeros = append(zeros, ", toFloat64(0) AS "+p+name)
			totals = append(totals, ", sum("+p+name+") AS "+p+name)
		}
	}
	return strings.NewReplacer("{{sums}}", strings.Join(sums, ""), "{{zeros}}", strings.Join(zeros, ""), "{{totals}}", strings.Join(totals, ""),
		"{{metrics}}", strings.Join(exprs, ", ")).Replace(chCovariatesRefSQL)
}

// refCovariates is covariateCells before the day sums.
func refCovariates(t *testing.T, s *chStore, q eventstore.ExperimentQuery, windowDays int, goals []string, metrics ...[2]string) [][]eventstore.CupedCell {
	t.Helper()
	strata, _, err := s.exposureStrata(s.db, q.SiteID, q.ExperimentID)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := s.query(chCovariatesOf(metrics...), map[string]any{"site": q.SiteID, "exp": q.ExperimentID, "goal": q.GoalID,
		"rev": eventrow.RevenueGoal, "goals": goals, "window": uint64(windowDays) * 86_400_000, "strata": strata})
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]eventstore.CupedCell, len(metrics))
	for i := range metrics {
		p := "p" + string(rune('0'+i))
		out[i] = make([]eventstore.CupedCell, len(rows))
		for j, r := range rows {
			out[i][j] = eventstore.CupedCell{Variant: r.Str("variant"), Device: r.Str("device"), VisitorType: r.Str("vtype"), Count: r.Num("n"),
				Post: r.Num(p + "_post"), PostSquares: r.Num(p + "_post2"), Pre: r.Num(p + "_pre"), PreSquares: r.Num(p + "_pre2"),
				Products: r.Num(p + "_prod")}
		}
	}
	return out
}

// CUPED's day sums are kept while their basis holds and computed again when a late row changes
// them: a late exposure (the visitor's variant, day and pre window), a late purchase before a kept
// day (the squares and products that day adds), a late session (device).
func TestClickHouseCupedDaysFollowLateEvents(t *testing.T) {
	store := experimentTrafficStore(t)
	q := eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"}
	sameOn := func(server *chStore, label string) [][]eventstore.CupedCell {
		t.Helper()
		var got [][]eventstore.CupedCell
		for _, window := range []int{1, 14} {
			g, r, err := server.ExperimentCovariatesWithRevenue(q, window)
			if err != nil {
				t.Fatal(err)
			}
			want := refCovariates(t, store, q, window, []string{q.GoalID, eventrow.RevenueGoal}, [2]string{chGoalPost, chGoalPre},
				[2]string{chRevenuePost, chRevenuePre})
			if len(want[0]) < 2 || !reflect.DeepEqual([][]eventstore.CupedCell{g, r}, want) {
				t.Fatalf("%s, window %d: CUPED cells from day sums\n got %+v\n     %+v\nwant %+v", label, window, g, r, want)
			}
			rq := eventstore.ExperimentQuery{SiteID: q.SiteID, ExperimentID: q.ExperimentID, Revenue: true}
			alone, err := server.ExperimentCovariates(rq, window)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(alone, r) {
				t.Fatalf("%s, window %d: revenue's cells alone\n got %+v\nwant %+v", label, window, alone, r)
			}
			got = append(got, g, r)
		}
		return got
	}
	same := func(label string) [][]eventstore.CupedCell { t.Helper(); return sameOn(store, label) }
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	before := same("first read")
	if again := same("kept"); !reflect.DeepEqual(before, again) {
		t.Fatal("a second read differs")
	}
	site, t0 := storetest.ExperimentSite(), storetest.Now.Add(-2*time.Hour)
	write := func(label, visitor, session, device string, events ...eventstore.Event) {
		t.Helper()
		if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session,
			Events: events}, Device: device}}); err != nil {
			t.Fatal(err)
		}
		if after := same(label); reflect.DeepEqual(before, after) {
			t.Fatalf("%s changed no cell: the test cannot tell kept day sums from computed ones", label)
		} else {
			before = after
		}
	}
	// visitor0004 (b, exposed the day before with a purchase of 5 then, 15 on the later day) bought
	// 20 more on the day before: the later day's squares change.
	write("a late purchase", "visitor0004", "session0004c", "desktop",
		storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 20}, t0.Add(-24*time.Hour+2*time.Minute)))
	// visitor0002 (control, exposed at t0) reached /thank-you and bought 3 an hour before: its pre values.
	write("late outcomes before an exposure", "visitor0002", "session0002p", "desktop",
		storetest.At(eventstore.Event{Type: "pv", Path: "/thank-you"}, t0.Add(-time.Hour)),
		storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 3}, t0.Add(-time.Hour+time.Minute)))
	// visitor0003 (b, exposed at t0) started a session on a tablet just before: its device.
	write("a late session", "visitor0003", "session0003t", "tablet",
		storetest.At(eventstore.Event{Type: "pv", Path: "/"}, t0.Add(-30*time.Second)))
	// visitor0001 (control, converted just before its exposure) had a session three days before, a
	// day without exposures or outcomes: it becomes returning.
	write("a late session days before", "visitor0001", "session0001o", "desktop",
		storetest.At(eventstore.Event{Type: "pv", Path: "/"}, t0.Add(-72*time.Hour)))
	// visitor0007 saw the control a day before its exposure to b: its variant and day.
	write("a late exposure", "visitor0007", "session0007y", "mobile",
		storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne, Name: "control"}, t0.Add(-24*time.Hour)))

	// The settle pass computes what requests read (goals and windows) before the next request.
	if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0002",
		Session: "session0002", Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase",
			Value: 1}, t0.Add(5*time.Minute))}}, Device: "desktop"}}); err != nil {
		t.Fatal(err)
	}
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	st, err := store.strataState(store.db, q.SiteID, q.ExperimentID)
	if err != nil {
		t.Fatal(err)
	}
	for _, window := range []int{1, 14} {
		for _, g := range []string{q.GoalID, eventrow.RevenueGoal} {
			for d, b := range cupedBases(st, g) {
				if m, ok := store.cupedMemo[fmt.Sprintf("cuped\x00%d\x00", window)+outcomeKey(q.SiteID, q.ExperimentID, g, d)]; !ok || m.basis != b {
					t.Errorf("after the settle pass, window %d, %s, %s: no day sums with the current basis", window, g, d)
				}
			}
		}
	}
	settled := same("after the settle pass")

	// A second server (its memory empty) reads the settled day sums and cells (cuped_days): the same
	// cells, computing nothing.
	second, rec := recordedServer(store)
	if got := sameOn(second, "read by a second server"); !reflect.DeepEqual(got, settled) {
		t.Fatal("a second server's cells differ")
	}
	noneComputed(t, "a second server's first read", rec)
	// A late event into a closed day (every day of the traffic is closed) is still reflected: the
	// settled days of its basis no longer hold, and the second server computes them again
	// (visitor0006, b, exposed on the later day, bought 7 on the day before: its pre values).
	if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0006",
		Session: "session0006e", Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase",
			Value: 7}, t0.Add(-23*time.Hour))}}, Device: "desktop"}}); err != nil {
		t.Fatal(err)
	}
	late := sameOn(second, "a late purchase into a closed day, read by the second server")
	if reflect.DeepEqual(late, settled) {
		t.Fatal("the late purchase into a closed day changed no cell on the second server")
	}
	// What the second server computed is settled: a third reads it.
	third, rec := recordedServer(store)
	if got := sameOn(third, "read by a third server"); !reflect.DeepEqual(got, late) {
		t.Fatal("a third server's cells differ")
	}
	noneComputed(t, "a third server's first read", rec)
}
