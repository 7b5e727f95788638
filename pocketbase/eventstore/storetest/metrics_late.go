package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// Guardrails and ratio metrics after late events (run with every store at once, SQLite first): a
// store that keeps figures per day (ClickHouse) must answer as one that reads every exposed
// visitor each time (SQLite, the first factory) after each late batch: a purchase into an earlier day, a session with two pages in the CUPED window
// before an exposure, a session across midnight whose second page comes after the exposure's day,
// a page error after an exposure, a purchase on the last day, an earlier exposure.

// metricsSnapshot is a store's guardrails and every ratio metric (without and with a window).
func metricsSnapshot(t *testing.T, store eventstore.Store) []string {
	t.Helper()
	g, err := store.ExperimentGuardrails(siteA, expOne)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{fmt.Sprint(g)}
	for _, q := range []eventstore.RatioQuery{{Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioSessions},
		{Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioOrders}, {Numerator: eventstore.RatioPages, Denominator: eventstore.RatioSessions},
		{Numerator: eventstore.RatioGoal, Denominator: eventstore.RatioSessions, GoalID: "goalpurchase"}} {
		for _, w := range []int{0, 7} {
			q.SiteID, q.ExperimentID, q.WindowDays = siteA, expOne, w
			sums, err := store.RatioSums(q)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(q.Numerator, "/", q.Denominator, " w", w, " ", sums))
		}
	}
	return out
}

func MetricsFollowLateEvents(t *testing.T, storeFactories []Factory) {
	site, t0 := experimentSite(), ago(2*time.Hour)
	midnight := t0.Truncate(24 * time.Hour)
	batch := func(visitor, session string, events ...eventstore.Event) []eventstore.Ingest {
		return []eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: "desktop"}}
	}
	late := []struct {
		label string
		in    []eventstore.Ingest
	}{
		{"a purchase into the day before", batch("visitor0004", "session0004c",
			at(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 20}, t0.Add(-24*time.Hour+2*time.Minute)))},
		{"a session in the window before an exposure", batch("visitor0002", "session0002w",
			at(eventstore.Event{Type: "pv", Path: "/"}, t0.Add(-72*time.Hour)), at(eventstore.Event{Type: "pv", Path: "/pricing"}, t0.Add(-72*time.Hour+time.Minute)))},
		{"a session across midnight", batch("visitor0006", "session0006m",
			at(eventstore.Event{Type: "pv", Path: "/"}, midnight.Add(-time.Minute)), at(eventstore.Event{Type: "pv", Path: "/a"}, midnight.Add(time.Minute)))},
		{"a page error after an exposure", batch("visitor0007", "session0007e",
			at(eventstore.Event{Type: "er", Path: "/", Message: "boom", Source: "a.js"}, t0.Add(time.Hour)))},
		{"a purchase on the last day", batch("visitor0003", "session0003",
			at(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 9}, contractNow.Add(-time.Minute)))},
		{"an earlier exposure", batch("visitor0007", "session0007y",
			at(eventstore.Event{Type: "xp", Path: "/", ID: expOne, Name: "control"}, t0.Add(-48*time.Hour)), at(eventstore.Event{Type: "pv", Path: "/"}, t0.Add(-48*time.Hour+time.Second)))},
	}
	var reference [][]string
	for i, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			if err := store.WriteAll(experimentTraffic()); err != nil {
				t.Fatal(err)
			}
			steps := [][]string{metricsSnapshot(t, store)}
			for _, l := range late {
				if err := store.WriteAll(l.in); err != nil {
					t.Fatal(err)
				}
				got := metricsSnapshot(t, store)
				if reflect.DeepEqual(got, steps[len(steps)-1]) {
					t.Fatalf("%s changed no figure: the test cannot tell kept figures from computed ones", l.label)
				}
				steps = append(steps, got)
			}
			if i == 0 {
				reference = steps
				return
			}
			for j, s := range steps {
				if !reflect.DeepEqual(s, reference[j]) {
					label := "the traffic"
					if j > 0 {
						label = "after " + late[j-1].label
					}
					t.Errorf("%s:\n got %q\nwant %q (%s)", label, s, reference[j], storeFactories[0].Name)
				}
			}
		})
	}
}
