package clickhouse

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// Pruning the settled experiment days deletes the rows memory no longer reads (an earlier basis
// or version) once they outnumber the rows kept, and keeps every row a server reads: another
// server still answers from the settled days alone.
func TestClickHousePruneKeepsTheSettledDaysRead(t *testing.T) {
	store := experimentTrafficStore(t)
	site, t0 := storetest.ExperimentSite(), storetest.Now.Add(-2*time.Hour)
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	// Late exposures into the earliest days change every later day's basis: the days settled
	// before become stale, more of them than are kept.
	for i, v := range []string{"visitor0007", "visitor0004", "visitor0002"} {
		if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: v,
			Session: v + "late", Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne,
				Name: "control"}, t0.Add(-time.Duration(72+i)*time.Hour))}}, Device: "desktop"}}); err != nil {
			t.Fatal(err)
		}
		if err := store.SettleClosedDays(); err != nil {
			t.Fatal(err)
		}
	}
	count := func(table string) int {
		t.Helper()
		rows, err := store.query(`SELECT count() AS n FROM `+table+` WHERE site_id = {:site} AND experiment = {:exp}`,
			map[string]any{"site": storetest.SiteA, "exp": storetest.ExpOne})
		if err != nil {
			t.Fatal(err)
		}
		return rows[0].Int("n")
	}
	before := map[string]int{"exposure_outcomes": count("exposure_outcomes"), "cuped_days": count("cuped_days")}
	versions, _, err := store.exposureStrata(store.db, storetest.SiteA, storetest.ExpOne)
	if err != nil {
		t.Fatal(err)
	}
	// A negative age: every row is old enough (the bound guards computations still writing).
	if err := store.pruneOutcomes(storetest.SiteA, storetest.ExpOne, versions, -time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := store.pruneCuped(storetest.SiteA, storetest.ExpOne, versions, -time.Minute); err != nil {
		t.Fatal(err)
	}
	// ALTER … DELETE is a mutation ClickHouse applies in the background.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		rows, err := store.query(`SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND is_done = 0`, nil)
		if err != nil {
			t.Fatal(err)
		}
		if rows[0].Int("n") == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the prune's mutations did not finish in 30 s")
		}
	}
	for table, n := range before {
		if after := count(table); after >= n || after == 0 {
			t.Errorf("%s: %d rows before the prune, %d after: want fewer, and some kept", table, n, after)
		}
	}
	other, rec := recordedServer(store)
	for _, q := range []eventstore.ExperimentQuery{{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"},
		{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, Revenue: true}} {
		got, err := other.ExperimentResults(q)
		if err != nil {
			t.Fatal(err)
		}
		want, err := rawExperimentResults(store, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(want.Variants) < 2 || !reflect.DeepEqual(got, want) {
			t.Fatalf("revenue %v: results after the prune\n got %+v\nwant %+v", q.Revenue, got, want)
		}
		if _, err := other.ExperimentCovariates(q, chCupedDefaultWindow); err != nil {
			t.Fatal(err)
		}
	}
	noneComputed(t, "after the prune, read by another server", rec)
}
