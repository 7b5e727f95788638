package clickhouse

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// The dead clicks of a click map's closed whole hours outside its closed days (here its partial
// first day's) are kept by hour for every device class (clickhouse_click_hours.go); its partial
// first hour is read live. The answer must be the one read click by click from the raw events,
// also after a late page view that makes a kept hour's dead click live.
func TestClickHouseClickHoursMatchRawEvents(t *testing.T) {
	store := openClickHouseStore(t, storetest.SiteA).(*chStore)
	site := storetest.Site(storetest.SiteA)
	now := time.Now().UTC()
	// Three days back: a closed whole day follows the partial first day at any hour of today (a day
	// closes a little over an hour after its end, so two days back had none just after midnight).
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -3)
	at := func(d time.Duration) time.Time { return day.Add(d) }
	click := func(sel string, when time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "ck", Path: "/pricing", Selector: sel, Text: sel, OffsetX: 0.5, OffsetY: 0.5,
			Viewport: 1280, X: 10, Y: 10}, when)
	}
	pv := func(path string, when time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "pv", Path: path}, when)
	}
	batch := func(session string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session, Session: session, Events: events},
			Device: "desktop", Browser: "Chrome"}
	}
	// A dead click in the partial first hour (live), one in a closed hour, a live one there.
	if err := store.WriteAll([]eventstore.Ingest{
		batch("ch1", pv("/pricing", at(5*time.Hour+35*time.Minute)), click("div.card", at(5*time.Hour+40*time.Minute)),
			click("p>span", at(7*time.Hour)), click("div.card", at(9*time.Hour)), pv("/next", at(9*time.Hour+500*time.Millisecond))),
	}); err != nil {
		t.Fatal(err)
	}
	q := eventstore.HeatmapQuery{SiteID: storetest.SiteA, Path: "/pricing", Device: "desktop", From: at(5*time.Hour + 30*time.Minute), To: now}
	check := func(when string) map[string]int {
		t.Helper()
		got := clickMapMatchingRaw(t, store, q, when+", with kept hours")
		dead := map[string]int{}
		for _, e := range got.Elements {
			dead[e.Selector] = e.DeadClicks
		}
		return dead
	}
	if dead := check("cold"); dead["p>span"] != 1 || dead["div.card"] != 1 {
		t.Fatalf("dead clicks %v, want p>span's (a kept hour) and div.card's (the partial first hour)", dead)
	}
	for _, device := range eventstore.DeviceClasses {
		for _, h := range []time.Duration{6 * time.Hour, 7 * time.Hour, 23 * time.Hour} {
			if _, ok := store.clicks.Get(chClickHourKey(storetest.SiteA, "/pricing", device, at(h).UnixMilli())); !ok {
				t.Errorf("%s: hour %s not kept", device, at(h).Format(time.RFC3339))
			}
		}
	}
	if _, ok := store.clicks.Get(chClickHourKey(storetest.SiteA, "/pricing", "desktop", at(5*time.Hour).UnixMilli())); ok {
		t.Error("the partial first hour was kept")
	}
	check("warm")

	// Late: a page view just after the kept hour's dead click.
	if err := store.WriteAll([]eventstore.Ingest{batch("ch1", pv("/other", at(7*time.Hour+300*time.Millisecond)))}); err != nil {
		t.Fatal(err)
	}
	if dead := check("after a late page view"); dead["p>span"] != 0 {
		t.Fatalf("the late page view was not counted: dead %v", dead)
	}
}
