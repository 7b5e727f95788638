package storetest

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The heatmap part of the store contract: hand-made click sequences on /pricing, each visitor in
// their own session, t0 two hours before contractNow:
//
//	s1 desktop (1280 px): button#buy at offset (0.5, 0.5), three times 400 ms apart: a rage burst;
//	   then the headline (non-interactive) at (0.1, 0.9), no page view after it: dead
//	s2 mobile (390 px, a desktop user agent: the viewport decides): button#buy at (1, 0) four times
//	   1.5 s apart (no rage), then the headline, followed 500 ms later by a page view of /: not dead
//	s3 desktop (no viewport width: the user agent's tablet class): button#buy once
//	s4 desktop: button#buy on /pricing three days ago (outside the range), and on / (another page)
//	s5 desktop: button#buy six times 200 ms apart: one burst, not two
//
// Leaves of /pricing: desktop page views at 35%, 100% and 80% scroll, one leave without a depth
// (a tab shown again), and a mobile one at 50%.
func clickMapTraffic() []eventstore.Ingest {
	site := contractSite(siteA)
	t0 := ago(2 * time.Hour)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	click := func(sel string, ox, oy, vw float64, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "ck", Path: "/pricing", Selector: sel, OffsetX: ox, OffsetY: oy, Viewport: vw, X: 10, Y: 10}, t)
	}
	leave := func(sc *float64, vw float64, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "lv", Path: "/pricing", Duration: 1000, Scroll: sc, Viewport: vw}, t)
	}
	pv := func(path string, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "pv", Path: path}, t)
	}
	batch := func(session, device string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session, Session: session, Events: events}, Device: device,
			Browser: "Chrome"}
	}
	s5 := []eventstore.Event{pv("/pricing", ms(0))}
	for i := 0; i < 6; i++ {
		s5 = append(s5, click("button#buy", 0.5, 0.5, 1280, ms(1000+200*i)))
	}
	return []eventstore.Ingest{
		batch("heatmaps1", "desktop", pv("/pricing", ms(0)), click("button#buy", 0.5, 0.5, 1280, ms(1000)),
			click("button#buy", 0.5, 0.5, 1280, ms(1400)), click("button#buy", 0.5, 0.5, 1280, ms(1800)),
			click("main>h1.title", 0.1, 0.9, 1280, ms(5000)), leave(scroll(35), 1280, ms(9000)), leave(nil, 1280, ms(20000))),
		batch("heatmaps2", "desktop", pv("/pricing", ms(0)), click("button#buy", 1, 0, 390, ms(1000)), click("button#buy", 1, 0, 390, ms(2500)),
			click("button#buy", 1, 0, 390, ms(4000)), click("button#buy", 1, 0, 390, ms(5500)),
			click("main>h1.title", 0.5, 0.5, 390, ms(7000)), pv("/", ms(7500)), leave(scroll(50), 390, ms(7400))),
		batch("heatmaps3", "tablet", pv("/pricing", ms(0)), click("button#buy", 0.2, 0.2, 0, ms(1000))),
		batch("heatmaps4", "desktop", pv("/pricing", ago(72*time.Hour)), click("button#buy", 0.5, 0.5, 1280, ago(72*time.Hour)),
			pv("/", ms(0)), at(eventstore.Event{Type: "ck", Path: "/", Selector: "button#buy", OffsetX: 0.5, OffsetY: 0.5, Viewport: 1280}, ms(100))),
		batch("heatmaps5", "desktop", append(s5, leave(scroll(100), 1280, ms(3000)))...),
		batch("heatmaps6", "desktop", pv("/pricing", ms(0)), leave(scroll(80), 1440, ms(3000))),
	}
}

func heatmapQuery(site, device string) eventstore.HeatmapQuery {
	return eventstore.HeatmapQuery{SiteID: site, Path: "/pricing", Device: device, From: ago(24 * time.Hour), To: contractNow}
}

func ClickMap(t *testing.T, storeFactories []Factory) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA, siteB)
			if err := store.WriteAll(clickMapTraffic()); err != nil {
				t.Fatal(err)
			}
			got, err := store.ClickMap(heatmapQuery(siteA, "desktop"))
			if err != nil {
				t.Fatal(err)
			}
			want := eventstore.ClickMapFigures{
				Clicks: 10,
				Elements: []eventstore.ElementClicks{
					{Selector: "button#buy", Clicks: 9, Share: 0.9, RageClicks: 2},
					{Selector: "main>h1.title", Clicks: 1, Share: 0.1, DeadClicks: 1},
				},
				Bins: []eventstore.ClickBin{{Selector: "button#buy", X: 0.525, Y: 0.525, Clicks: 9}, {Selector: "main>h1.title", X: 0.125, Y: 0.925, Clicks: 1}},
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("desktop: got %+v\nwant %+v", got, want)
			}

			got, err = store.ClickMap(heatmapQuery(siteA, "mobile"))
			if err != nil {
				t.Fatal(err)
			}
			want = eventstore.ClickMapFigures{
				Clicks: 5,
				Elements: []eventstore.ElementClicks{
					{Selector: "button#buy", Clicks: 4, Share: 0.8},
					{Selector: "main>h1.title", Clicks: 1, Share: 0.2},
				},
				// An offset of exactly 1 is in the last bin.
				Bins: []eventstore.ClickBin{{Selector: "button#buy", X: 0.975, Y: 0.025, Clicks: 4}, {Selector: "main>h1.title", X: 0.525, Y: 0.525, Clicks: 1}},
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("mobile: got %+v\nwant %+v", got, want)
			}

			got, err = store.ClickMap(heatmapQuery(siteA, "tablet"))
			if err != nil || got.Clicks != 1 || got.Bins[0] != (eventstore.ClickBin{Selector: "button#buy", X: 0.225, Y: 0.225, Clicks: 1}) {
				t.Fatalf("tablet (the user agent's class): %+v, %v", got, err)
			}

			// The range: three days back includes s4's older click.
			q := heatmapQuery(siteA, "desktop")
			q.From = ago(96 * time.Hour)
			if got, err := store.ClickMap(q); err != nil || got.Clicks != 11 {
				t.Fatalf("wider range: %+v, %v", got, err)
			}
			q.From, q.To = ago(96*time.Hour), ago(48*time.Hour)
			if got, err := store.ClickMap(q); err != nil || got.Clicks != 1 || got.Elements[0].RageClicks != 0 {
				t.Fatalf("older range: %+v, %v", got, err)
			}

			// Another site sees none of it.
			if got, err := store.ClickMap(heatmapQuery(siteB, "desktop")); err != nil || got.Clicks != 0 ||
				len(got.Elements) != 0 || len(got.Bins) != 0 {
				t.Fatalf("site B: %+v, %v", got, err)
			}

			scrollMap, err := store.ScrollDepth(heatmapQuery(siteA, "desktop"))
			if err != nil {
				t.Fatal(err)
			}
			reached := []int{}
			for _, b := range scrollMap.Bands {
				reached = append(reached, b.PageViews)
			}
			if scrollMap.PageViews != 3 || !reflect.DeepEqual(reached, []int{3, 3, 3, 2, 2, 2, 2, 2, 1, 1}) {
				t.Fatalf("desktop scroll map: %+v", scrollMap)
			}
			if scrollMap.Bands[3] != (eventstore.ScrollBand{Depth: 40, PageViews: 2, Share: 2.0 / 3}) {
				t.Fatalf("40%% band: %+v", scrollMap.Bands[3])
			}
			mobile, err := store.ScrollDepth(heatmapQuery(siteA, "mobile"))
			if err != nil || mobile.PageViews != 1 || mobile.Bands[4].PageViews != 1 || mobile.Bands[5].PageViews != 0 {
				t.Fatalf("mobile scroll map: %+v, %v", mobile, err)
			}
			if empty, err := store.ScrollDepth(heatmapQuery(siteB, "desktop")); err != nil || empty.PageViews != 0 || empty.Bands[0].Share != 0 {
				t.Fatalf("site B scroll map: %+v, %v", empty, err)
			}
		})
	}
}
