package storetest

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The feed the integrations forward: each visitor's first exposure per experiment (not each
// exposure event) and each goal conversion, in the order of writing from a cursor, so a batch that
// arrives late is still read; FeedStart places the cursor before the first row written about a
// time since the given one.
func Feed(t *testing.T, storeFactories []Factory) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			t0 := ago(2 * time.Hour)
			empty, err := store.FeedStart(siteA, t0)
			if err != nil || empty != (eventstore.FeedCursor{}) {
				t.Fatalf("start of an empty site %+v %v", empty, err)
			}
			if err := store.WriteAll(experimentTraffic()); err != nil {
				t.Fatal(err)
			}
			start, err := store.FeedStart(siteA, t0.Add(-time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			items, err := store.Feed(siteA, start, 100)
			if err != nil {
				t.Fatal(err)
			}
			exposures, conversions := map[string]eventstore.FeedItem{}, 0
			for _, it := range items {
				switch it.Kind {
				case "exposure":
					exposures[it.Visitor] = it
				case "conversion":
					conversions++
					if it.Goal != "goalpurchase" || it.Value != 50 || it.Verified {
						t.Errorf("conversion %+v", it)
					}
				}
			}
			// The start is the first row written about the last three hours: v4's exposure of the day
			// before was written after it, so it is read too. v5's were dropped; v3 was exposed twice.
			if len(exposures) != 6 || exposures["visitor0004"].Kind != "exposure" || exposures["visitor0003"].Variant != "b" {
				t.Errorf("exposures %+v", exposures)
			}
			if got := exposures["visitor0006"].At; !got.Equal(t0.Add(-10 * time.Minute)) {
				t.Errorf("v6's first exposure at %v", got)
			}
			if x := exposures["visitor0002"]; x.ID != expOne+":visitor0002" || x.Experiment != expOne || x.Variant != "control" {
				t.Errorf("exposure %+v", x)
			}
			// Every /thank-you view after the start is a conversion event: v1, v2 and v3's two.
			if conversions != 4 {
				t.Errorf("%d conversions", conversions)
			}

			// A batch written later, about a time long before the cursor's, is still read.
			var after eventstore.FeedCursor
			for _, it := range items {
				if it.Kind == "exposure" {
					after.Exposures = max(after.Exposures, it.Row)
				} else {
					after.Conversions = max(after.Conversions, it.Row)
				}
			}
			if more, _ := store.Feed(siteA, after, 100); len(more) != 0 {
				t.Fatalf("read again: %+v", more)
			}
			for _, late := range lateConversions() {
				if err := store.WriteAll(late); err != nil {
					t.Fatal(err)
				}
			}
			late, _ := store.Feed(siteA, after, 100)
			if len(late) != 2 || late[0].Visitor != "visitor0007" || late[0].Kind != "conversion" {
				t.Errorf("late batches %+v", late)
			}
			if two, _ := store.Feed(siteA, start, 1); len(two) != 2 {
				t.Errorf("limit is per kind: %d", len(two))
			}
		})
	}
}
