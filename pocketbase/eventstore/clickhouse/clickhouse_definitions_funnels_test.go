package clickhouse

import (
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/storetest"
)

// A funnel deleted (or changed: a new key) leaves the server's memory as soon as the store is told
// (Redefined), not when other days push it out: the funnel day cache keeps no day of it, and every
// day of the funnels still defined.
func TestClickHouseRedefinedForgetsTheDaysOfFunnelsNoLongerDefined(t *testing.T) {
	kept, deleted := storetest.PageFunnel("/", "/pricing"), storetest.PageFunnel("/", "/cart")
	store := openClickHouseStore(t, storetest.SiteA).(*chStore)
	if err := store.WriteAll(storetest.Traffic()); err != nil {
		t.Fatal(err)
	}
	for _, q := range []eventstore.FunnelQuery{kept, deleted} {
		if _, err := store.FunnelResults(q); err != nil {
			t.Fatal(err)
		}
	}
	defined := []eventstore.FunnelQuery{kept, deleted}
	store.DefineFunnels(func(string) ([]eventstore.FunnelQuery, error) { return defined, nil })
	// (The cache also holds other kinds' days, which the store's background reads add to.)
	days := func() [2]int {
		return [2]int{store.dayCache.DaysOf(storetest.SiteA, funneldays.Key(kept)), store.dayCache.DaysOf(storetest.SiteA, funneldays.Key(deleted))}
	}
	before := days()
	if before[0] == 0 || before[1] == 0 {
		t.Fatalf("days kept of each funnel %v, want some", before)
	}
	store.Redefined(storetest.SiteA)
	if got := days(); got != before {
		t.Fatalf("with both defined the cache holds %v days of each, want all %v", got, before)
	}
	defined = []eventstore.FunnelQuery{kept}
	store.Redefined(storetest.SiteA)
	if got := days(); got != [2]int{before[0], 0} {
		t.Errorf("after the funnel is deleted the cache holds %v days of each, want %v", got, [2]int{before[0], 0})
	}
}
