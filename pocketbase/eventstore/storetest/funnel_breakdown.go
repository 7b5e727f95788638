package storetest

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// FunnelBreakdownFollowsNewEvents: a store may keep a funnel's closed days and their breakdown
// tally between queries and adjust them for the open days' visitors only. On the clock's real
// "now" (the days a store keeps are those closed by it): after a new visitor in the open days, a
// closed-day entrant who comes back and gets further, and a late event into an earlier (closed)
// day, each answer, with and without a breakdown, must be the one a new store holding the same
// events computes afresh.
func FunnelBreakdownFollowsNewEvents(t *testing.T, storeFactories []Factory) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			now := time.Now().UTC()
			site := contractSite(siteA)
			day := func(d int) time.Time { return now.Add(-time.Duration(d) * 24 * time.Hour).Truncate(time.Hour) }
			pv := func(path, ref string, t time.Time) eventstore.Event {
				return eventstore.Event{Type: "pv", Path: path, Referrer: ref, At: t}
			}
			visit := func(visitor, session, device string, evs ...eventstore.Event) eventstore.Ingest {
				return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: evs}, Device: device, Browser: "Chrome"}
			}
			q := eventstore.FunnelQuery{SiteID: siteA, Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/product/*"}, {Page: "/cart"}},
				Window: 24 * time.Hour, Order: eventstore.FunnelOrdered, From: day(12), To: now.Add(time.Hour)}
			var all []eventstore.Ingest
			store := f.Open(t, siteA, siteB)
			write := func(in ...eventstore.Ingest) {
				t.Helper()
				if err := store.WriteAll(in); err != nil {
					t.Fatal(err)
				}
				all = append(all, in...)
			}
			type row = eventstore.FunnelBreakdownFigures
			// check compares each answer with the new store's, and the breakdowns with what the
			// events give (the new store shares the code that keeps and adjusts tallies).
			check := func(step string, source, device []row) {
				t.Helper()
				fresh := f.Open(t, siteA, siteB)
				if err := fresh.WriteAll(all); err != nil {
					t.Fatal(err)
				}
				for _, b := range []string{"source", "", "device", "source"} {
					qb := q
					qb.Breakdown = b
					got, err := store.FunnelResults(qb)
					if err != nil {
						t.Fatal(err)
					}
					want, err := fresh.FunnelResults(qb)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("%s, breakdown %q: kept days give %+v\nfresh store gives %+v", step, b, got, want)
					}
					if rows := map[string][]row{"source": source, "device": device, "": {}}[b]; !reflect.DeepEqual(got.Breakdown, rows) {
						t.Fatalf("%s, breakdown %q: %+v, want %+v", step, b, got.Breakdown, rows)
					}
				}
			}
			// Closed days: entrants from three sources, one reaching the cart.
			write(visit("bv1", "bs1", "desktop", pv("/", "https://google.com/", day(8)), pv("/product/1", "", day(8).Add(time.Minute)),
				pv("/cart", "", day(8).Add(2*time.Minute))),
				visit("bv2", "bs2", "mobile", pv("/", "https://bing.com/", day(7))),
				visit("bv3", "bs3", "mobile", pv("/", "https://duck.com/", day(6)), pv("/product/2", "", day(6).Add(time.Minute))),
				visit("bv4", "bs4", "desktop", pv("/", "https://google.com/", day(5))))
			check("closed days only", []row{{Value: "google.com", Users: []float64{2, 1, 1}}, {Value: "bing.com", Users: []float64{1, 0, 0}},
				{Value: "duck.com", Users: []float64{1, 1, 0}}},
				[]row{{Value: "desktop", Users: []float64{2, 1, 1}}, {Value: "mobile", Users: []float64{2, 1, 0}}})
			// Open days (events as they happen, not late): a new visitor, and bv2 back from another
			// source getting further than its closed attempt, which it replaces.
			recent := now.Add(-20 * time.Minute)
			write(visit("bv5", "bs5", "desktop", pv("/", "https://example.org/", recent), pv("/product/3", "", recent.Add(time.Minute))),
				visit("bv2", "bs2b", "desktop", pv("/", "https://news.example/", recent.Add(2*time.Minute)), pv("/product/1", "", recent.Add(3*time.Minute))))
			check("after open-day visitors", []row{{Value: "google.com", Users: []float64{2, 1, 1}}, {Value: "duck.com", Users: []float64{1, 1, 0}},
				{Value: "example.org", Users: []float64{1, 1, 0}}, {Value: "news.example", Users: []float64{1, 1, 0}}},
				[]row{{Value: "desktop", Users: []float64{4, 3, 1}}, {Value: "mobile", Users: []float64{1, 1, 0}}})
			// Late: bv4's closed attempt gets its product page, and a new entrant on a closed day.
			write(visit("bv4", "bs4", "desktop", pv("/product/9", "", day(5).Add(5*time.Minute))),
				visit("bv6", "bs6", "mobile", pv("/", "https://bing.com/", day(9)), pv("/product/2", "", day(9).Add(time.Minute))))
			check("after a late event", []row{{Value: "google.com", Users: []float64{2, 2, 1}}, {Value: "bing.com", Users: []float64{1, 1, 0}},
				{Value: "duck.com", Users: []float64{1, 1, 0}}, {Value: "example.org", Users: []float64{1, 1, 0}}, {Value: "news.example", Users: []float64{1, 1, 0}}},
				[]row{{Value: "desktop", Users: []float64{4, 4, 1}}, {Value: "mobile", Users: []float64{2, 2, 0}}})
		})
	}
}
