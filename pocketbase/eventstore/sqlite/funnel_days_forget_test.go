package sqlite

import (
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// A funnel deleted (or changed: a new key) leaves the server's memory as soon as the store is told
// (Redefined), not when other days push it out: the cache then holds what a server that read only
// the funnels still defined holds.
func TestRedefinedForgetsTheDaysOfFunnelsNoLongerDefined(t *testing.T) {
	kept, deleted := storetest.PageFunnel("/", "/pricing"), storetest.PageFunnel("/", "/cart")
	open := func(reads ...eventstore.FunnelQuery) *sqliteStore {
		t.Helper()
		store := openSQLiteStore(t, storetest.SiteA).(*sqliteStore)
		if err := store.WriteAll(storetest.Traffic()); err != nil {
			t.Fatal(err)
		}
		for _, q := range reads {
			if _, err := store.FunnelResults(q); err != nil {
				t.Fatal(err)
			}
		}
		return store
	}
	store := open(kept, deleted)
	defined := []eventstore.FunnelQuery{kept, deleted}
	store.DefineFunnels(func(string) ([]eventstore.FunnelQuery, error) { return defined, nil })
	both, bothItems := store.dayCache.Size()
	only, onlyItems := open(kept).dayCache.Size()
	if only == 0 || both <= only {
		t.Fatalf("days kept reading both funnels %d, the kept one alone %d: want some, more with both", both, only)
	}
	store.Redefined(storetest.SiteA)
	if days, items := store.dayCache.Size(); days != both || items != bothItems {
		t.Fatalf("with both defined the cache holds %d days (%d items), want all %d (%d)", days, items, both, bothItems)
	}
	defined = []eventstore.FunnelQuery{kept}
	store.Redefined(storetest.SiteA)
	if days, items := store.dayCache.Size(); days != only || items != onlyItems {
		t.Errorf("after the funnel is deleted the cache holds %d days (%d items), want the kept funnel's %d (%d)", days, items, only, onlyItems)
	}
}
