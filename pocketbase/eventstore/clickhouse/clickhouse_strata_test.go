package clickhouse

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// chCovariatesRawSQL is CUPED's query before migration 19, from exposures and the sessions rollup
// on every read: the exposure strata (clickhouse_strata.go) must give the same cells.
var chCovariatesRawSQL = strings.NewReplacer("{{sums}}", `, sum(p0) AS p0_post, sum(p0 * p0) AS p0_post2, sum(q0) AS p0_pre,
	sum(q0 * q0) AS p0_pre2, sum(p0 * q0) AS p0_prod`, "{{anys}}", "any(p0) AS p0, any(q0) AS q0",
	"{{metrics}}", chGoalPost+" AS p0, "+chGoalPre+" AS q0", "{{sessions}}", chSessionsOfExposed("s_start", "s_device")).Replace(
	`SELECT x_variant AS variant, device, if(sessions > 1, 'returning', 'new') AS vtype, count() AS n{{sums}}
	FROM (
		SELECT visitor, x_variant, x_at, {{anys}}, argMaxIf(s_device, s_at, s_at <= x_at) AS device,
			countIf(s_at > 0 AND s_at <= x_at) AS sessions
		FROM (
			SELECT visitor, x_variant, x_at, {{metrics}}
			FROM (SELECT visitor, argMinMerge(x_variant) AS x_variant, minMerge(x_at) AS x_at FROM exposures
				WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor)
			ALL LEFT JOIN (SELECT visitor, goal AS o_goal, at AS o_at, value AS o_value FROM experiment_events
				WHERE site_id = {:site} AND experiment = '' AND goal IN {:goals}) USING (visitor)
			GROUP BY visitor, x_variant, x_at)
		ALL LEFT JOIN (SELECT visitor, session, s_start AS s_at, s_device FROM ({{sessions}})) USING (visitor)
		GROUP BY visitor, x_variant, x_at)
	GROUP BY variant, device, vtype ORDER BY variant, device, vtype`)

// The strata of a day are kept while its basis holds and computed again when a late event changes
// what they depend on: a session started before an exposure (device, returning), an earlier
// exposure (variant, day). The settle pass fills them without a request.
func TestClickHouseExposureStrataFollowLateEvents(t *testing.T) {
	store := experimentTrafficStore(t)
	q := eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"}
	recorded := func() int {
		rows, err := store.query(`SELECT count() AS n FROM exposure_strata_days WHERE site_id = {:site} AND experiment = {:exp}`,
			map[string]any{"site": q.SiteID, "exp": q.ExperimentID})
		if err != nil || len(rows) == 0 {
			t.Fatal(err)
		}
		return rows[0].Int("n")
	}
	// The settle pass (the server's start) records every exposure day: no request computes them.
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	settled := recorded()
	if settled == 0 {
		t.Fatal("the settle pass recorded no exposure day's strata")
	}
	same := func(label string) []eventstore.CupedCell {
		t.Helper()
		got, err := store.ExperimentCovariates(q, 14)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := store.query(chCovariatesRawSQL, map[string]any{"site": q.SiteID, "exp": q.ExperimentID, "goal": q.GoalID,
			"goals": []string{q.GoalID}, "window": uint64(14 * 86_400_000)})
		if err != nil {
			t.Fatal(err)
		}
		want := make([]eventstore.CupedCell, len(raw))
		for i, r := range raw {
			want[i] = eventstore.CupedCell{Variant: r.Str("variant"), Device: r.Str("device"), VisitorType: r.Str("vtype"), Count: r.Num("n"),
				Post: r.Num("p0_post"), PostSquares: r.Num("p0_post2"), Pre: r.Num("p0_pre"), PreSquares: r.Num("p0_pre2"), Products: r.Num("p0_prod")}
		}
		if len(want) < 2 || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: CUPED cells from the strata\n got %+v\nwant %+v", label, got, want)
		}
		return got
	}
	before := same("settled")
	if recorded() != settled {
		t.Errorf("a read with every basis holding recorded days again: %d, then %d", settled, recorded())
	}

	// Late: visitor0001 started another session, on a tablet, just before the exposure (device and
	// returning change); visitor0007 saw the control a day before its exposure to b (variant, day).
	site, t0 := storetest.ExperimentSite(), storetest.Now.Add(-2*time.Hour)
	late := []eventstore.Ingest{
		{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0001", Session: "session0001t",
			Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/"}, t0.Add(30*time.Second))}}, Device: "tablet"},
		{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0007", Session: "session0007y",
			Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne, Name: "control"},
				t0.Add(-24*time.Hour))}}, Device: "mobile"},
	}
	if err := store.WriteAll(late); err != nil {
		t.Fatal(err)
	}
	after := same("after late events")
	if reflect.DeepEqual(before, after) {
		t.Fatal("the late events changed no cell: the test cannot tell kept strata from computed ones")
	}
	// The versions no longer read are deleted once they outnumber those read; what is read stays.
	versions, _, err := store.exposureStrata(store.db, q.SiteID, q.ExperimentID)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.pruneStrata(q.SiteID, q.ExperimentID, versions, 0); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		rows, err := store.query(`SELECT countIf(version NOT IN {:strata}) AS stale FROM exposure_strata WHERE site_id = {:site}`,
			map[string]any{"site": q.SiteID, "strata": versions})
		if err != nil {
			t.Fatal(err)
		}
		if rows[0].Num("stale") == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("stale strata rows not pruned: %v", rows[0])
		}
	}
	same("after pruning")
	figures, err := store.ExperimentResults(q)
	if err != nil {
		t.Fatal(err)
	}
	users := map[string]float64{}
	for _, v := range figures.Variants {
		users[v.Variant] = v.Users
	}
	if users["control"] != 3 || users["b"] != 3 {
		t.Errorf("exposed visitors after an earlier exposure arrived late: %v, want control 3 and b 3", users)
	}
}
