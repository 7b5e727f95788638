package storetest

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// A server-side conversion joins the visitor's latest session when there is one, and otherwise
// counts in the day without inventing a session: part of every store's contract.
func ServerConversions(t *testing.T, storeFactories []Factory) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			a := contractSite(siteA)
			visit := eventstore.Ingest{Site: a, Batch: &eventstore.Batch{Key: a.Key, Visitor: "visitorSSSS", Session: "sessionSSSS", Events: []eventstore.Event{
				at(eventstore.Event{Type: "pv", Path: "/cart"}, ago(time.Hour)),
			}}, Device: "desktop", Browser: "Chrome", Country: "SE"}
			if err := store.WriteAll([]eventstore.Ingest{visit}); err != nil {
				t.Fatal(err)
			}
			site := &eventstore.Site{ID: siteA}
			err := store.WriteAll([]eventstore.Ingest{
				{Site: site, Conversion: &eventstore.ServerConversion{ID: "cnv_1", Visitor: "visitorSSSS", Goal: "purchase", Value: 30, At: ago(30 * time.Minute)}},
				{Site: site, Conversion: &eventstore.ServerConversion{ID: "cnv_2", Visitor: "visitorUNSEEN", Goal: "purchase", Value: 5, At: ago(20 * time.Minute)}},
			})
			if err != nil {
				t.Fatal(err)
			}
			got, err := store.Totals(siteA, eventstore.DayRange{From: contractDay, To: contractDay})
			if err != nil {
				t.Fatal(err)
			}
			if got.Sessions != 1 || got.Conversions != 2 || got.ConvertedSessions != 1 || got.Revenue != 35 {
				t.Errorf("totals = sessions %v, conversions %v, converted sessions %v, revenue %v; want 1, 2, 1, 35",
					got.Sessions, got.Conversions, got.ConvertedSessions, got.Revenue)
			}
			pages, err := store.TopPages(siteA, eventstore.DayRange{From: contractDay, To: contractDay}, 5)
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) != 1 || pages[0].Path != "/cart" || pages[0].Conversions != 1 || pages[0].Revenue != 30 {
				t.Errorf("pages = %+v, want /cart with the session's conversion", pages)
			}
		})
	}
}
