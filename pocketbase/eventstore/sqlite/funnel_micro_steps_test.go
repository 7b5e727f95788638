package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/storetest"
	"fmt"
	"testing"
	"time"
)

// A micro goal is a funnel step like any goal: its completions (stored as micro_conversion rows,
// never as conversions) count, on the open days read from raw events and on the closed days
// stored as funnel days, cold and warm.
func TestFunnelCountsMicroGoalSteps(t *testing.T) {
	s := openSQLiteStore(t, storetest.SiteA).(*sqliteStore)
	s.now = func() time.Time { return funnelDaysNow }
	site := storetest.Site(storetest.SiteA) // goalnewsletter is a micro event goal
	visit := func(n int, when time.Time, micro bool) eventstore.Ingest {
		evs := []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/product/1"}, when)}
		if micro {
			evs = append(evs, storetest.At(eventstore.Event{Type: "ev", Path: "/product/1", Name: "newsletter"}, when.Add(time.Minute)))
		}
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: fmt.Sprintf("microv%d", n), Session: fmt.Sprintf("micros%d", n),
			Events: evs}, Device: "desktop", Browser: "Chrome"}
	}
	day := func(d int) time.Time { return funneldays.FloorDay(funnelDaysNow, nil).AddDate(0, 0, d) }
	// Closed days: 10 and 11 days ago; open: today. Three of the five complete the micro goal.
	traffic := []eventstore.Ingest{
		visit(1, day(-11).Add(9*time.Hour), true), visit(2, day(-10).Add(9*time.Hour), true), visit(3, day(-10).Add(10*time.Hour), false),
		visit(4, day(0).Add(9*time.Hour), true), visit(5, day(0).Add(10*time.Hour), false),
	}
	if err := s.WriteAll(traffic); err != nil {
		t.Fatal(err)
	}
	steps := []eventstore.FunnelStep{{Page: "/product/*"}, {Goal: "goalnewsletter"}}
	for _, c := range []struct {
		name     string
		from, to time.Time
		want     [2]float64
	}{
		{"closed and open days", day(-20), day(1), [2]float64{5, 3}},
		{"closed days only", day(-20), day(-5), [2]float64{3, 2}},
		{"open day only", day(0), day(1), [2]float64{2, 1}},
		{"partial days at both ends", day(-11).Add(8 * time.Hour), day(0).Add(9*time.Hour + 30*time.Minute), [2]float64{4, 3}},
	} {
		for _, stage := range []string{"cold", "warm"} {
			q := eventstore.FunnelQuery{SiteID: storetest.SiteA, Steps: steps, Order: eventstore.FunnelOrdered, Window: 24 * time.Hour, From: c.from, To: c.to}
			got, err := s.FunnelResults(q)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Steps) != 2 || got.Steps[0].Users != c.want[0] || got.Steps[1].Users != c.want[1] {
				t.Errorf("%s, %s: steps %+v, want users %v", c.name, stage, got.Steps, c.want)
			}
		}
	}
	var stored int
	if err := s.app.DB().NewQuery(`SELECT COUNT(*) FROM funnel_days`).Row(&stored); err != nil || stored == 0 {
		t.Fatalf("no funnel days stored (%d, %v): the closed days' path was not exercised", stored, err)
	}
}
