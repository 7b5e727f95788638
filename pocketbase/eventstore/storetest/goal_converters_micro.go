package storetest

import (
	"fmt"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The planner's baseline of a micro goal: its converters are the visitors who completed it (stored
// as micro_conversion rows), once each however often, and only since the time asked. The planner
// once read conversion rows only and said nobody reached a micro goal the header strip counted.
func GoalConvertersCountMicroGoals(t *testing.T, storeFactories []Factory) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			site := contractSite(siteA) // goalnewsletter is a micro event goal
			now := time.Now().UTC()
			visit := func(n int, when time.Time, completions int) eventstore.Ingest {
				evs := []eventstore.Event{at(eventstore.Event{Type: "pv", Path: "/"}, when)}
				for i := 0; i < completions; i++ {
					evs = append(evs, at(eventstore.Event{Type: "ev", Path: "/", Name: "newsletter"}, when.Add(time.Duration(i+1)*time.Minute)))
				}
				return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: fmt.Sprintf("convv%d", n), Session: fmt.Sprintf("convs%d", n),
					Events: evs}, Device: "desktop", Browser: "Chrome"}
			}
			// Three visitors complete it (one twice), one does not; one completed it ten days ago.
			traffic := []eventstore.Ingest{visit(1, now.Add(-3*time.Hour), 2), visit(2, now.Add(-2*time.Hour), 1), visit(3, now.Add(-time.Hour), 0),
				visit(4, now.Add(-240*time.Hour), 1)}
			if err := store.WriteAll(traffic); err != nil {
				t.Fatal(err)
			}
			q := eventstore.ExperimentQuery{SiteID: siteA, GoalID: "goalnewsletter"}
			for _, c := range []struct {
				since time.Time
				want  int
			}{{now.Add(-24 * time.Hour), 2}, {now.Add(-28 * 24 * time.Hour), 3}, {now.Add(-90 * time.Minute), 0}} {
				if n, err := store.GoalConverters(q, c.since); err != nil || n != c.want {
					t.Errorf("converters of the micro goal since %v = %d (%v), want %d", c.since, n, err, c.want)
				}
			}
		})
	}
}
