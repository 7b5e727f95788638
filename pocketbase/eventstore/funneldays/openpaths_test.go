package funneldays

import (
	"math/rand"
	"reflect"
	"sort"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// OpenPaths keeps the event days, today's prefix and the final attempts across queries: as the
// clock moves an hour at a time (events arriving as they happen, a session over the site's
// midnight, in a zone), and after a late event with the cache dropped as a late mark does, every
// answer must be the one worked out from raw events alone.
func TestOpenPathsMatchRawEventsAsTheClockMoves(t *testing.T) {
	zone, _ := time.LoadLocation("America/New_York")
	rng := rand.New(rand.NewSource(7))
	start := time.Date(2026, 3, 1, 0, 0, 0, 0, zone)
	type row struct {
		visitor string
		e       funnelpath.Event
	}
	var rows []row
	for v := 0; v < 60; v++ {
		at := start.Add(time.Duration(rng.Intn(9*24*60)) * time.Minute)
		for k := 0; k < 1+rng.Intn(5); k++ {
			rows = append(rows, row{visitor: string(rune('a'+v%26)) + string(rune('a'+v/26)), e: funnelpath.Event{At: at, Steps: 1 << rng.Intn(3), Session: "s"}})
			at = at.Add(time.Duration(rng.Intn(20*60)) * time.Minute) // some steps over midnight
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].e.At.Before(rows[j].e.At) })
	now := start.AddDate(0, 0, 6)
	read := func(q eventstore.FunnelQuery, from, end time.Time) (map[string][]funnelpath.Event, error) {
		out := map[string][]funnelpath.Event{}
		for _, r := range rows {
			if !r.e.At.Before(from) && r.e.At.Before(end) && r.e.At.Before(now) { // what has arrived
				out[r.visitor] = append(out[r.visitor], r.e)
			}
		}
		return out, nil
	}
	q := eventstore.FunnelQuery{SiteID: "s", Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/a"}, {Page: "/b"}}, Window: 2 * 24 * time.Hour,
		Order: eventstore.FunnelOrdered, Zone: zone}
	from, to := start.AddDate(0, 0, 2), start.AddDate(0, 0, 8)
	end := to.Add(q.Window)
	c := NewCache()
	check := func(step string) {
		t.Helper()
		got, err := OpenPaths(c, q, from, to, end, now, read)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := read(q, from, end)
		want := map[string]funnelpath.Path{}
		for v, evs := range raw {
			if p, ok := funnelpath.Best(evs, len(q.Steps), q.Order, q.Window, from, to); ok {
				want[v] = p
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s at %v: %d attempts, want %d from raw events", step, now, len(got), len(want))
		}
	}
	for h := 0; h < 60; h++ {
		check("hourly")
		now = now.Add(time.Hour)
		if h%7 == 3 {
			now = now.Add(17 * time.Minute)
		}
	}
	// A late event (two days old) and the drop its mark causes.
	rows = append(rows, row{visitor: "late", e: funnelpath.Event{At: now.AddDate(0, 0, -2), Steps: 1, Session: "s"}})
	c.Drop(q.SiteID)
	check("after a late event")
}
