package storetest

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The funnel part of the store contract: the steps' events are found through the store (page
// patterns over paths, goals over conversions recorded at ingest), and the counts, breakdown and
// drop-off follow eventstore/funnelpath.

// PageFunnel is an ordered one-day funnel of site A over the given pages, on the last ten days
// of Traffic (the tests of the stores' funnel day caches).
func PageFunnel(pages ...string) eventstore.FunnelQuery {
	q := eventstore.FunnelQuery{SiteID: SiteA, Window: 24 * time.Hour, Order: eventstore.FunnelOrdered, From: Ago(10 * 24 * time.Hour), To: Now}
	for _, p := range pages {
		q.Steps = append(q.Steps, eventstore.FunnelStep{Page: p})
	}
	return q
}

func funnelQuery(order eventstore.FunnelOrder, breakdown string) eventstore.FunnelQuery {
	return eventstore.FunnelQuery{
		SiteID: siteA,
		Steps:  []eventstore.FunnelStep{{Page: "/"}, {Page: "/product/*"}, {Page: "/cart"}, {Goal: "goalpurchase"}},
		Window: 24 * time.Hour, Order: order, From: ago(48 * time.Hour), To: contractNow, Breakdown: breakdown,
	}
}

// funnelTraffic, t0 thirty hours before contractNow:
//
//	v1 desktop: /, /product/1, /cart, /thank-you (the Purchase goal): all four steps
//	v2 mobile:  /, /product/2, /about: stops at step 2, went on to /about
//	v3 mobile:  /, /cart: skipped the product page, stops at step 1
//	v4 desktop: /, /product/1, /cart, and /thank-you 29 hours later: outside the 1-day window
//	v5 desktop: /product/1 only: never entered
//	v6 desktop: / three days before the range, then /product/1 in it: never entered
func funnelTraffic() []eventstore.Ingest {
	site := contractSite(siteA)
	t0 := ago(30 * time.Hour)
	min := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	pv := func(path string, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "pv", Path: path}, t)
	}
	batch := func(visitor, session, device string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: device,
			Browser: "Chrome"}
	}
	return []eventstore.Ingest{
		batch("funnelv1", "funnels1", "desktop", pv("/", min(0)), pv("/product/1", min(1)), pv("/cart", min(3)), pv("/thank-you", min(6))),
		batch("funnelv2", "funnels2", "mobile", pv("/", min(0)), pv("/product/2", min(3)), pv("/about", min(4))),
		batch("funnelv3", "funnels3", "mobile", pv("/", min(0)), pv("/cart", min(2))),
		batch("funnelv4", "funnels4a", "desktop", pv("/", min(0)), pv("/product/1", min(5)), pv("/cart", min(10))),
		batch("funnelv4", "funnels4b", "desktop", pv("/thank-you", min(29*60))),
		batch("funnelv5", "funnels5", "desktop", pv("/product/1", min(0))),
		batch("funnelv6", "funnels6a", "desktop", pv("/", ago(5*24*time.Hour))),
		batch("funnelv6", "funnels6b", "desktop", pv("/product/1", min(0))),
	}
}

func Funnels(t *testing.T, storeFactories []Factory) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA, siteB)
			if err := store.WriteAll(funnelTraffic()); err != nil {
				t.Fatal(err)
			}
			for _, order := range []eventstore.FunnelOrder{eventstore.FunnelOrdered, eventstore.FunnelStrict, eventstore.FunnelAnyOrder} {
				got, err := store.FunnelResults(funnelQuery(order, "device"))
				if err != nil {
					t.Fatal(err)
				}
				// Medians: step 2 after 1, 3 and 5 min; step 3 after 2 and 5 min; step 4 after 3 min.
				want := eventstore.FunnelFigures{
					Steps:              []eventstore.FunnelStepFigures{{Users: 4}, {Users: 3, MedianSeconds: 180}, {Users: 2, MedianSeconds: 210}, {Users: 1, MedianSeconds: 180}},
					MedianTotalSeconds: 360,
					Breakdown:          []eventstore.FunnelBreakdownFigures{{Value: "desktop", Users: []float64{2, 2, 2, 1}}, {Value: "mobile", Users: []float64{2, 1, 0, 0}}},
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: got %+v\nwant %+v", order, got, want)
				}
			}

			// Another site's funnel sees none of it; no breakdown gives an empty list.
			other := funnelQuery(eventstore.FunnelOrdered, "")
			other.SiteID = siteB
			got, err := store.FunnelResults(other)
			if err != nil || got.Steps[0].Users != 0 || len(got.Breakdown) != 0 {
				t.Fatalf("site B: %+v, %v", got, err)
			}

			drop, err := store.FunnelDropOff(funnelQuery(eventstore.FunnelOrdered, ""), 1)
			if err != nil {
				t.Fatal(err)
			}
			wantDrop := eventstore.FunnelDropOffFigures{Visitors: 1, NextPages: []eventstore.FunnelNextPage{{Path: "/about", Visitors: 1}}, Sessions: []string{"funnels2"}}
			if !reflect.DeepEqual(drop, wantDrop) {
				t.Fatalf("drop-off after step 2: %+v, want %+v", drop, wantDrop)
			}
			drop, err = store.FunnelDropOff(funnelQuery(eventstore.FunnelOrdered, ""), 2)
			if err != nil {
				t.Fatal(err)
			}
			// v4 never bought within the window and saw nothing after /cart in that session.
			wantDrop = eventstore.FunnelDropOffFigures{Visitors: 1, NextPages: []eventstore.FunnelNextPage{{Path: "", Visitors: 1}}, Sessions: []string{"funnels4a"}}
			if !reflect.DeepEqual(drop, wantDrop) {
				t.Fatalf("drop-off after step 3: %+v, want %+v", drop, wantDrop)
			}
		})
	}
}
