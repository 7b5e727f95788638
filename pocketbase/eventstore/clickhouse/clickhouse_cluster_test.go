package clickhouse

import (
	"reflect"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// The cluster layout (ClusterSchema): two local servers as two shards behind
// Distributed tables; the store, unchanged, answers the contract's queries across both.
func TestStoreContractOnTwoShards(t *testing.T) {
	if !HaveServer() {
		t.Skip("ClickHouse skipped: " + ErrNoBinary.Error())
	}
	shards := startTestCluster(t)
	open := func(database string) []*Client { return clusterClients(t, shards, database) }
	dbs, xdbs := open("cro"), open("crox")
	store, xstore := newCHStore(dbs[0]), newCHStore(xdbs[1])
	if err := store.WriteAll(storetest.Traffic()); err != nil {
		t.Fatal(err)
	}
	if err := xstore.WriteAll(storetest.ExperimentTraffic()); err != nil {
		t.Fatal(err)
	}
	for _, late := range storetest.LateConversions() {
		if err := xstore.WriteAll(late); err != nil {
			t.Fatal(err)
		}
	}
	for i, db := range dbs {
		if r, err := db.QueryOne("SELECT count() AS n FROM events_local"); err != nil || r.Int("n") == 0 {
			t.Fatalf("shard %d holds %v events (%v): the test needs both shards used", i, r["n"], err)
		}
	}
	t.Run("live", func(t *testing.T) { storetest.CheckLive(t, store) })
	t.Run("rollups", func(t *testing.T) { storetest.CheckRollups(t, store) })
	t.Run("rule health", func(t *testing.T) { storetest.CheckRuleHealth(t, store) })
	t.Run("worker telemetry", func(t *testing.T) { storetest.CheckWorkers(t, store) })
	t.Run("distinct visitors", func(t *testing.T) { storetest.CheckDistinctVisitors(t, store) })
	t.Run("session converted", func(t *testing.T) { storetest.CheckSessionConverted(t, store) })
	t.Run("rule revenue", func(t *testing.T) { storetest.CheckRuleRevenue(t, store) })
	t.Run("micro goal completions", func(t *testing.T) { storetest.CheckGoalCompletions(t, store) })
	t.Run("experiment results", func(t *testing.T) {
		got, err := xstore.ExperimentResults(eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"})
		if err != nil {
			t.Fatal(err)
		}
		want := []eventstore.VariantFigures{
			{Variant: "b", Users: 4, Conversions: 2, Revenue: eventstore.MeanFigures{Count: 4, Sum: 27, SumSquares: 20*20 + 7*7}},
			{Variant: "control", Users: 2, Conversions: 1, Revenue: eventstore.MeanFigures{Count: 2, Sum: 40, SumSquares: 40 * 40}},
		}
		if !reflect.DeepEqual(got.Variants, want) {
			t.Errorf("across shards\n got %+v\nwant %+v", got.Variants, want)
		}
	})
}

// startTestCluster starts two local servers as two shards of the cluster "cro", stopped at the end.
func startTestCluster(t *testing.T) []*Local {
	t.Helper()
	shards, err := StartCluster(t.TempDir(), "cro", 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range shards {
		t.Cleanup(l.Stop)
	}
	return shards
}

// clusterClients migrates database on every shard (ClusterSchema) and returns a client per shard.
func clusterClients(t *testing.T, shards []*Local, database string) []*Client {
	t.Helper()
	var dbs []*Client
	for _, l := range shards {
		db, err := Open(l.URL + "?database=" + database)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ClusterSchema("cro", database)); err != nil {
			t.Fatal(err)
		}
		dbs = append(dbs, db)
	}
	return dbs
}
