package storetest

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// DroppedEventsMakeNoVisit: an event the ingest drops (an exposure of an experiment the site does
// not run or of a variant it does not have, telemetry of a rule it does not have) is only counted,
// so a batch of nothing else is no visit: no session, no visitor, not active, and a session whose
// first stored event follows a dropped one starts at that stored event. (A stale cached script
// sending an ended test's exposure would otherwise add visitors the site never had.)
//
// On site A with the contract's experiment, 2026-03-10 (UTC):
//
//	K  a page view 2 h ago: the visit the others are compared with
//	D1 an unknown experiment's exposure only, 1 h ago
//	D2 an unknown variant's exposure only, 1 h ago
//	D3 an unknown rule's apply time and apply error only, 1 h ago
//	M  an unknown exposure at 23:59:50 the day before, then a page view at 00:00:10: starts today
func DroppedEventsMakeNoVisit(t *testing.T, storeFactories []Factory) {
	site := experimentSite()
	batch := func(visitor, session string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events},
			Device: "desktop", Browser: "Chrome", Country: "SE"}
	}
	hourAgo := ago(time.Hour)
	midnight := time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)
	traffic := []eventstore.Ingest{
		batch("visitorKKKK", "sessionKKKK", at(eventstore.Event{Type: "pv", Path: "/"}, ago(2*time.Hour))),
		batch("visitorD1D1", "sessionD1D1", at(eventstore.Event{Type: "xp", Path: "/", ID: "unknownexp0001", Name: "control"}, hourAgo)),
		batch("visitorD2D2", "sessionD2D2", at(eventstore.Event{Type: "xp", Path: "/", ID: expOne, Name: "zz"}, hourAgo)),
		batch("visitorD3D3", "sessionD3D3", at(eventstore.Event{Type: "ex", Path: "/", ID: "unknownrule001", Value: 3}, hourAgo),
			at(eventstore.Event{Type: "ae", Path: "/", ID: "unknownrule001", Message: "selector missing"}, hourAgo.Add(time.Second))),
		batch("visitorMMMM", "sessionMMMM", at(eventstore.Event{Type: "xp", Path: "/old", ID: "unknownexp0001", Name: "b"}, midnight.Add(-10*time.Second)),
			at(eventstore.Event{Type: "pv", Path: "/landing"}, midnight.Add(10*time.Second))),
	}
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			if err := store.WriteAll(traffic); err != nil {
				t.Fatal(err)
			}
			today, err := store.Totals(siteA, eventstore.DayRange{From: contractDay, To: contractDay})
			if err != nil {
				t.Fatal(err)
			}
			if today.Sessions != 2 || today.Visitors != 2 || today.Pageviews != 2 || today.Bounces != 2 || today.DroppedExposures != 2 {
				t.Errorf("today's totals = %+v, want K and M only (2 sessions, visitors, page views, bounces) and 2 dropped exposures", today)
			}
			before, err := store.Totals(siteA, eventstore.DayRange{From: "2026-03-09", To: "2026-03-09"})
			if err != nil {
				t.Fatal(err)
			}
			if before != (eventstore.Totals{DroppedExposures: 1}) {
				t.Errorf("the day before = %+v, want only M's dropped exposure (M starts at its page view)", before)
			}
			dims, err := store.Dimensions(siteA, eventstore.DayRange{From: "2026-03-09", To: contractDay})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range dims {
				if d.Sessions != 2 {
					t.Errorf("dimension %s=%s counts %v sessions, want 2 (K and M)", d.Dim, d.Value, d.Sessions)
				}
			}
			if n, err := store.DistinctVisitors(siteA, midnight.Add(-24*time.Hour)); err != nil || n != 2 {
				t.Errorf("distinct visitors = %d (%v), want 2", n, err)
			}
			if n := store.ActiveVisitors(siteA, hourAgo.Add(2*time.Minute)); n != 0 {
				t.Errorf("active visitors just after the dropped batches = %d, want 0", n)
			}
			visitors, err := store.VisitorsSince(siteA, midnight.Add(-24*time.Hour), 10)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, v := range visitors {
				names = append(names, v.Visitor)
			}
			slices.Sort(names)
			if !reflect.DeepEqual(names, []string{"visitorKKKK", "visitorMMMM"}) {
				t.Errorf("visitors since the day before = %v, want K and M", names)
			}
			seen, err := store.SessionsSeen(siteA, midnight.Add(-24*time.Hour), contractNow, 48*time.Hour, 10)
			if err != nil {
				t.Fatal(err)
			}
			var sessions []string
			for _, s := range seen {
				sessions = append(sessions, s.Session+" "+s.StartedAt.UTC().Format(time.TimeOnly)+" "+s.EntryPath)
			}
			if want := []string{"sessionMMMM 00:00:10 /landing", "sessionKKKK 18:00:00 /"}; !reflect.DeepEqual(sessions, want) {
				t.Errorf("sessions seen = %q, want %q", sessions, want)
			}
			page, err := store.RecentSessions(eventstore.SessionsQuery{SiteID: siteA, From: midnight.Add(-24 * time.Hour), To: contractNow, Page: 1, PerPage: 50})
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Items) != 2 || page.Items[1].SessionID != "sessionMMMM" || page.Items[1].StartedAt != midnight.Add(10*time.Second).Format("2006-01-02T15:04:05.000Z") {
				t.Errorf("recent sessions = %+v, want K, then M started at its page view", page.Items)
			}
		})
	}
}
