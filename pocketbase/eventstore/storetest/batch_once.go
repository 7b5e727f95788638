package storetest

import (
	"errors"
	"sync"
	"testing"

	"cro/pocketbase/eventstore"
)

// BatchStoredOnce: a batch sent again with its id (the tracker re-sends a send whose answer it
// did not get) is stored once, whether the second send comes after the first was written or while
// it is being written; the same id on another site is another batch, and a batch without an id
// (older scripts) is stored as often as it is sent.
func BatchStoredOnce(t *testing.T, storeFactories []Factory) {
	batch := func(site, id, session, path string) eventstore.Ingest {
		s := contractSite(site)
		return eventstore.Ingest{Site: s, Batch: &eventstore.Batch{Key: s.Key, Visitor: "v" + session, Session: session, ID: id,
			Events: []eventstore.Event{{Type: "pv", Path: path, At: contractNow}}}, Device: "desktop", Browser: "Chrome"}
	}
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA, siteB)
			store.Start()
			defer store.Stop()
			first := batch(siteA, "batchOnce0001", "sessionOnce1", "/a")
			if err := store.Submit(first); err != nil {
				t.Fatal(err)
			}
			if err := store.Submit(first); !errors.Is(err, eventstore.ErrDuplicate) {
				t.Fatalf("the same batch again: %v, want ErrDuplicate", err)
			}
			// Four sends of one batch at once: one writes it, the others wait for it and are refused.
			results := make(chan error, 4)
			var wg sync.WaitGroup
			for range 4 {
				wg.Add(1)
				go func() { defer wg.Done(); results <- store.Submit(batch(siteA, "batchOnce0002", "sessionOnce2", "/b")) }()
			}
			wg.Wait()
			close(results)
			written, refused := 0, 0
			for err := range results {
				switch {
				case err == nil:
					written++
				case errors.Is(err, eventstore.ErrDuplicate):
					refused++
				default:
					t.Fatal(err)
				}
			}
			if written != 1 || refused != 3 {
				t.Errorf("four sends at once: %d written, %d refused; want 1 and 3", written, refused)
			}
			if err := store.Submit(batch(siteB, "batchOnce0001", "sessionOnce3", "/a")); err != nil {
				t.Errorf("another site's batch with the same id: %v, want stored", err)
			}
			noID := batch(siteA, "", "sessionOnce4", "/c")
			for range 2 {
				if err := store.Submit(noID); err != nil {
					t.Fatal(err)
				}
			}
			day := eventstore.DayRange{From: contractDay, To: contractDay}
			if got, err := store.Totals(siteA, day); err != nil || got.Pageviews != 4 || got.Sessions != 3 {
				t.Errorf("site A's day: %+v (%v); want 4 page views (/a, /b, /c twice) in 3 sessions", got, err)
			}
			if got, err := store.Totals(siteB, day); err != nil || got.Pageviews != 1 {
				t.Errorf("site B's day: %+v (%v); want its 1 page view", got, err)
			}
		})
	}
}
