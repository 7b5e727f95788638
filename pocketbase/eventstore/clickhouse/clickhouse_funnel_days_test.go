package clickhouse

import (
	"testing"
	"time"
)

// A funnel's closed days are kept in memory on ClickHouse (clickhouse_funnel_days.go): an event
// written late into one of them (here, every day is long closed) must change the next answer.
func TestClickHouseFunnelDaysUndoneByLateEvents(t *testing.T) {
	store := openClickHouseStore(t)
	site := &siteInfo{ID: "latesite", Key: "latekey"}
	t0 := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	batch := func(visitor, session string, events ...Event) []Ingest {
		return []Ingest{{Site: site, Batch: &Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: "desktop"}}
	}
	pv := func(path string, minutes int) Event {
		return Event{Type: "pv", Path: path, At: t0.Add(time.Duration(minutes) * time.Minute)}
	}
	q := FunnelQuery{SiteID: site.ID, Steps: []FunnelStep{{Page: "/"}, {Page: "/cart"}}, Window: 24 * time.Hour, Order: FunnelOrdered,
		From: t0.AddDate(0, 0, -3), To: t0.AddDate(0, 0, 3)}
	users := func() []float64 {
		f, err := store.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		return []float64{f.Steps[0].Users, f.Steps[1].Users}
	}
	if err := store.WriteAll(batch("v1", "s1", pv("/", 0))); err != nil {
		t.Fatal(err)
	}
	if got := users(); got[0] != 1 || got[1] != 0 {
		t.Fatalf("before: %v, want [1 0]", got)
	}
	// Late: the same visitor's cart, and a second visitor on another closed day.
	if err := store.WriteAll(append(batch("v1", "s1", pv("/cart", 5)), batch("v2", "s2", pv("/", 24*60))...)); err != nil {
		t.Fatal(err)
	}
	if got := users(); got[0] != 2 || got[1] != 1 {
		t.Fatalf("after late events: %v, want [2 1]", got)
	}
}
