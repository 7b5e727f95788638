package clickhouse

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
)

// The days still open for a funnel (its last window's entrants) read their whole days' step events
// from the event days kept in memory (funneldays.StepEvents), and today's up to the last whole hour
// an hour ago from a kept prefix: raw events only for the last two hours at most. Here the
// range is the last 4 days of a 7-day window, so no funnel day is closed and every answer comes
// from event days: a session over the site's midnight (its steps on two kept days) must count
// whole, and a late event into a kept day or today's prefix must change the next answer.
func TestClickHouseFunnelEventDaysFollowLateEvents(t *testing.T) {
	store := openClickHouseStore(t).(*chStore)
	zone, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	site := &eventstore.Site{ID: "evdaysite", Key: "evdaykey", Zone: zone}
	today := funneldays.FloorDay(time.Now().Add(-funneldays.LateAfter), zone)
	day := today.AddDate(0, 0, -3) // a whole day, closed an hour ago: kept
	at := func(days int, hour, minute int) time.Time {
		return time.Date(day.Year(), day.Month(), day.Day()+days, hour, minute, 0, 0, zone)
	}
	pv := func(visitor, session, path string, when time.Time) []eventstore.Ingest {
		e := eventstore.Event{Type: "pv", Path: path, At: when.UTC()}
		return []eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: []eventstore.Event{e}}, Device: "desktop"}}
	}
	write := func(in ...[]eventstore.Ingest) {
		t.Helper()
		var all []eventstore.Ingest
		for _, b := range in {
			all = append(all, b...)
		}
		if err := store.WriteAll(all); err != nil {
			t.Fatal(err)
		}
	}
	q := eventstore.FunnelQuery{SiteID: site.ID, Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/cart"}}, Window: 7 * 24 * time.Hour,
		Order: eventstore.FunnelOrdered, Zone: zone, From: today.AddDate(0, 0, -4), To: time.Now()}
	check := func(step string, want ...float64) {
		t.Helper()
		f, err := store.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		if got := []float64{f.Steps[0].Users, f.Steps[1].Users}; got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("%s: users %v, want %v", step, got, want)
		}
	}
	// Over the site's midnight: the home page at 23:50, the cart at 00:10 the next day.
	write(pv("v1", "s1", "/", at(0, 23, 50)), pv("v1", "s1", "/cart", at(1, 0, 10)))
	check("first read", 1, 1)
	if _, ok := store.dayCache.Get(funneldays.CacheKey{Site: site.ID, Funnel: funneldays.Key(q), Day: funneldays.Label(day), Events: true}); !ok {
		t.Fatal("the whole day's step events are not kept")
	}
	check("from the kept days", 1, 1)
	// Late (days old): another visitor's home page and cart on the kept days.
	write(pv("v2", "s2", "/", at(0, 12, 0)), pv("v2", "s2", "/cart", at(1, 12, 0)))
	check("after late events", 2, 2)
	// And a third entrant today, read from raw events beside the kept days.
	write(pv("v3", "s3", "/", time.Now().Add(-time.Minute)))
	check("with today", 3, 2)
	// A late event earlier today, before the last whole hour an hour ago: in today's kept prefix.
	write(pv("v4", "s4", "/", time.Now().Add(-2*time.Hour-time.Minute)))
	check("after a late event today", 4, 2)
}
