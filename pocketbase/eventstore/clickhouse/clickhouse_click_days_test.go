package clickhouse

import (
	"strconv"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/storetest"
)

// A click map over closed days reads their bins from click_cells and their rage and dead clicks
// from the day cache (clickhouse_click_days.go). Its answer must be the one read click by click
// from the raw events: over clicks the view wrote before migration 16 (backfilled, the step run
// twice), a rage burst and a dead-click window across midnight, and after late events (a page
// view that makes a kept day's dead click live, a new burst on a kept day) that the day cache
// must drop its days for.
func TestClickHouseClickDaysMatchRawEvents(t *testing.T) {
	store := openClickHouseStore(t, storetest.SiteA).(*chStore)
	site := storetest.Site(storetest.SiteA)
	now := time.Now().UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -3)
	ms := func(day, n int) time.Time {
		return midnight.AddDate(0, 0, day).Add(time.Duration(n) * time.Millisecond)
	}
	click := func(sel string, ox float64, when time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "ck", Path: "/pricing", Selector: sel, Text: "Text of " + sel, OffsetX: ox, OffsetY: 0.5,
			Viewport: 1280, X: 10, Y: 10}, when)
	}
	pv := func(path string, when time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "pv", Path: path}, when)
	}
	batch := func(session string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session, Session: session, Events: events},
			Device: "desktop", Browser: "Chrome"}
	}
	q := eventstore.HeatmapQuery{SiteID: storetest.SiteA, Path: "/pricing", Device: "desktop", From: midnight.AddDate(0, 0, -2).Add(5 * time.Hour),
		To: now}
	// q2's closed days start at the midnight cd2's burst crosses: worked out first, that day's run
	// must read the clicks before it.
	q2 := q
	q2.From = midnight.Add(-10 * time.Hour)
	check := func(when string, q eventstore.HeatmapQuery) eventstore.ClickMapFigures {
		t.Helper()
		return clickMapMatchingRaw(t, store, q, when+", from click days")
	}

	// Written as before migration 16 (no view), then backfilled by the step, run twice.
	before := []eventstore.Ingest{
		batch("cd1", pv("/pricing", ms(-1, 1000)), click("div.card", 0.1, ms(-1, 2000)), click("a.more", 0.9, ms(-1, 3000)),
			click("a.more", 0.9, ms(-1, 3300)), click("a.more", 0.95, ms(-1, 3600)), pv("/more", ms(-1, 3700))),
		batch("cd2", pv("/pricing", ms(0, -60000)), click("button#buy", 0.5, ms(0, -800)), click("button#buy", 0.5, ms(0, -400))),
	}
	if err := store.db.Exec("DETACH TABLE click_cells_mv"); err != nil {
		t.Fatal(err)
	}
	if err := store.WriteAll(before); err != nil {
		t.Fatal(err)
	}
	if err := store.db.Exec("ATTACH TABLE click_cells_mv"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		for _, m := range Schema {
			if m.Version != 16 {
				continue
			}
			for _, stmt := range m.SQL {
				if err := store.db.Exec(stmt); err != nil {
					t.Fatal(err)
				}
			}
		}
	}

	// Through the view: a burst whose third click is after midnight (cd2's), a plain element's
	// clicks before midnight with and without a page view within a second after midnight (cd3's:
	// 1.1 s and exactly 1 s), a session's clicks on the range's partial first day and on today (open),
	// a burst whose third click is after the last closed day (cd8's: read with the open part).
	after := []eventstore.Ingest{
		batch("cd2", click("button#buy", 0.5, ms(0, 100)), click("div.card", 0.3, ms(0, 400)), pv("/next", ms(0, 900))),
		batch("cd3", pv("/pricing", ms(0, -5000)), click("p>span", 0.6, ms(0, -300)), click("div.card", 0.2, ms(0, -200)),
			pv("/pricing", ms(0, 800))),
		batch("cd4", pv("/pricing", ms(-2, 6*3600000)), click("div.card", 0.5, ms(-2, 6*3600000+500)), click("a.more", 0.5, ms(-2, 6*3600000+900))),
		batch("cd5", pv("/pricing", ms(1, 3600000)), click("p>span", 0.7, ms(1, 3600000+100)), click("p>span", 0.7, ms(1, 3600000+300)),
			click("p>span", 0.7, ms(1, 3600000+600))),
		batch("cd6", pv("/pricing", now.Add(-10*time.Minute)), click("div.card", 0.4, now.Add(-9*time.Minute))),
		batch("cd8", click("a.more", 0.1, ms(3, -800)), click("a.more", 0.1, ms(3, -400)), click("a.more", 0.1, ms(3, 100))),
	}
	if err := store.WriteAll(after); err != nil {
		t.Fatal(err)
	}
	check("cold, from the midnight", q2)
	first := check("cold", q)
	if first.Clicks != 19 {
		t.Fatalf("clicks %d, want 19 (the backfill counted once): %+v", first.Clicks, first)
	}
	rage, dead := map[string]int{}, map[string]int{}
	for _, e := range first.Elements {
		rage[e.Selector], dead[e.Selector] = e.RageClicks, e.DeadClicks
	}
	if rage["button#buy"] != 1 || rage["a.more"] != 2 || rage["p>span"] != 1 || dead["p>span"] != 4 || dead["div.card"] != 3 {
		t.Fatalf("rage %v dead %v", rage, dead)
	}
	check("warm", q)

	// Late: a page view of cd3 just after its dead click (no longer dead), a burst on a kept day.
	late := []eventstore.Ingest{
		batch("cd3", pv("/other", ms(0, -100))),
		batch("cd7", click("div.card", 0.8, ms(1, 7200000)), click("div.card", 0.8, ms(1, 7200300)), click("div.card", 0.8, ms(1, 7200500))),
	}
	if err := store.WriteAll(late); err != nil {
		t.Fatal(err)
	}
	check("after late events, from the midnight", q2)
	got := check("after late events", q)
	for _, e := range got.Elements {
		if e.Selector == "p>span" && e.DeadClicks != 3 || e.Selector == "div.card" && e.RageClicks != 1 {
			t.Fatalf("late events not counted: %+v", got.Elements)
		}
	}
}

// A page's closed click days are worked out for every device class by the same reads (their cost
// is the site's events over the days, not the page's clicks): after a desktop map, the mobile map
// of the page finds its days kept (also once the funnels' days fill their own cache), reads no
// events for them, and answers as the raw events do.
func TestClickHouseClickDaysKeepEveryDeviceClass(t *testing.T) {
	store := openClickHouseStore(t, storetest.SiteA).(*chStore)
	site := storetest.Site(storetest.SiteA)
	now := time.Now().UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -3)
	at := func(day int, d time.Duration) time.Time { return midnight.AddDate(0, 0, day).Add(d) }
	click := func(sel string, when time.Time, width float64) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "ck", Path: "/pricing", Selector: sel, Text: sel, OffsetX: 0.5, OffsetY: 0.5,
			Viewport: width, X: 10, Y: 10}, when)
	}
	batch := func(session, device string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session, Session: session, Events: events},
			Device: device, Browser: "Chrome"}
	}
	if err := store.WriteAll([]eventstore.Ingest{
		batch("kd1", "desktop", click("a.buy", at(-1, time.Hour), 1280), click("div.card", at(0, 2*time.Hour), 1280)),
		// Mobile: a rage burst on one day and a dead click on another.
		batch("km1", "mobile", click("a.more", at(-1, 3*time.Hour), 390), click("a.more", at(-1, 3*time.Hour+200*time.Millisecond), 390),
			click("a.more", at(-1, 3*time.Hour+400*time.Millisecond), 390), click("p>span", at(1, 5*time.Hour), 390)),
	}); err != nil {
		t.Fatal(err)
	}
	q := eventstore.HeatmapQuery{SiteID: storetest.SiteA, Path: "/pricing", Device: "desktop", From: midnight.AddDate(0, 0, -2), To: now}
	if _, err := store.ClickMap(q); err != nil {
		t.Fatal(err)
	}
	closedFrom, closedTo := chClickSpans(q.From.UnixMilli(), q.To.UnixMilli(), now.UnixMilli())
	if closedFrom >= closedTo {
		t.Fatal("no closed days in the range")
	}
	for _, device := range eventstore.DeviceClasses {
		for d := closedFrom; d < closedTo; d += chDayMS {
			if _, ok := store.clicks.Get(chClickDayKey(storetest.SiteA, "/pricing", device, d)); !ok {
				t.Errorf("%s: day %s not kept after the desktop map", device, time.UnixMilli(d).UTC().Format(time.DateOnly))
			}
		}
	}
	// The funnels' days fill their cache's bound at 50M events: the click days are not pushed out.
	for i := 0; i < 3; i++ {
		store.dayCache.Put(funneldays.CacheKey{Site: storetest.SiteA, Funnel: "f", Day: strconv.Itoa(i)}, nil, funneldays.MaxCachedItems/2, 0)
	}
	for d := closedFrom; d < closedTo; d += chDayMS {
		if _, ok := store.clicks.Get(chClickDayKey(storetest.SiteA, "/pricing", "mobile", d)); !ok {
			t.Errorf("mobile: day %s pushed out by the funnels' days", time.UnixMilli(d).UTC().Format(time.DateOnly))
		}
	}
	q.Device = "mobile"
	got := clickMapMatchingRaw(t, store, q, "mobile, from the kept days")
	rage, dead := map[string]int{}, map[string]int{}
	for _, e := range got.Elements {
		rage[e.Selector], dead[e.Selector] = e.RageClicks, e.DeadClicks
	}
	if rage["a.more"] != 1 || dead["p>span"] != 1 {
		t.Fatalf("mobile rage %v dead %v, want a.more's burst and p>span's dead click", rage, dead)
	}
}
