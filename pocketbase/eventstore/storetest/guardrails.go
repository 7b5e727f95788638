package storetest

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The guardrail and planner part of the store contract: per variant, exposed visitors with a page
// error after their first exposure and those who bounced; a goal's converters since a time; and
// the hits filtered as automated, counted per site and day.

func Guardrails(t *testing.T, storeFactories []Factory) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			site, t0 := experimentSite(), ago(2*time.Hour)
			er := func(t time.Time) eventstore.Event {
				return at(eventstore.Event{Type: "er", Path: "/", Message: "boom", Source: "app.js"}, t)
			}
			errors := func(visitor, session string, at time.Time) eventstore.Ingest {
				return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: []eventstore.Event{er(at)}}, Device: "desktop"}
			}
			// v1 (control, exposed at t0+1m) errs before its exposure; v2 (control, t0) and v3 (b, t0) after theirs.
			traffic := append(experimentTraffic(), errors("visitor0001", "session0001", t0), errors("visitor0002", "session0002", t0.Add(30*time.Second)),
				errors("visitor0003", "session0003", t0.Add(6*time.Minute)))
			if err := store.WriteAll(traffic); err != nil {
				t.Fatal(err)
			}
			for _, late := range lateConversions() {
				if err := store.WriteAll(late); err != nil {
					t.Fatal(err)
				}
			}
			got, err := store.ExperimentGuardrails(siteA, expOne)
			if err != nil {
				t.Fatal(err)
			}
			// Bounced: v1 and v2 saw one page; v4 and v6 none; v3 and v7 two pages each.
			want := []eventstore.GuardrailFigures{
				{Variant: "b", Users: 4, ErrorVisitors: 1, BouncedVisitors: 2},
				{Variant: "control", Users: 2, ErrorVisitors: 1, BouncedVisitors: 2},
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("guardrail figures\n got %+v\nwant %+v", got, want)
			}
			if none, err := store.ExperimentGuardrails(siteA, "nosuchexp000000"); err != nil || len(none) != 0 {
				t.Errorf("an experiment without exposures: %+v, %v", none, err)
			}

			for _, c := range []struct {
				q     eventstore.ExperimentQuery
				since time.Time
				want  int
			}{
				{eventstore.ExperimentQuery{SiteID: siteA, GoalID: "goalpurchase"}, ago(72 * time.Hour), 4}, // v1, v2, v3, v7
				{eventstore.ExperimentQuery{SiteID: siteA, GoalID: "goalpurchase"}, t0.Add(time.Minute), 3}, // v1's came at t0
				{eventstore.ExperimentQuery{SiteID: siteA, Revenue: true}, ago(72 * time.Hour), 3},          // v2, v4, v6
				{eventstore.ExperimentQuery{SiteID: siteA, Revenue: true}, t0, 2},                           // v6's purchase came before t0
				{eventstore.ExperimentQuery{SiteID: siteB, GoalID: "goalpurchase"}, ago(72 * time.Hour), 0},
			} {
				if n, err := store.GoalConverters(c.q, c.since); err != nil || n != c.want {
					t.Errorf("converters of %+v since %v = %d (%v), want %d", c.q, c.since, n, err, c.want)
				}
			}

			// Automated hits go through the running writer and land on their site's day only.
			before, _ := store.Totals(siteA, eventstore.DayRange{From: contractDay, To: contractDay})
			store.Start()
			defer store.Stop()
			for _, at := range []time.Time{contractNow, contractNow.Add(-time.Hour), contractNow.AddDate(0, 0, -1)} {
				if err := store.CountAutomated(siteA, at); err != nil {
					t.Fatal(err)
				}
			}
			today, _ := store.Totals(siteA, eventstore.DayRange{From: contractDay, To: contractDay})
			week, _ := store.Totals(siteA, eventstore.DayRange{From: "2026-03-04", To: contractDay})
			other, _ := store.Totals(siteB, eventstore.DayRange{From: "2026-03-04", To: contractDay})
			if today.AutomatedHits != 2 || week.AutomatedHits != 3 || other.AutomatedHits != 0 {
				t.Errorf("automated hits today %v, this week %v, site B %v; want 2, 3, 0", today.AutomatedHits, week.AutomatedHits, other.AutomatedHits)
			}
			if today.Sessions != before.Sessions || today.Visitors != before.Visitors || today.Pageviews != before.Pageviews {
				t.Errorf("automated hits changed the visitors' figures:\n got %+v\nwant %+v", today, before)
			}
		})
	}
}
