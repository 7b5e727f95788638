package storetest

import (
	"sort"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// SessionBatchesReversed: a session whose own batches arrive out of order (a beacon overtaking a
// fetch) starts where the visitor entered, at its earliest event, whichever batch was stored
// first. Session S (from Google) views /landing at 23:58 the day before, /pricing at 23:59:30 and
// /cart at 00:00:40 today, leaving each page after 10 s, in three batches written last first: it
// started the day before on /landing, left from /cart, 3 page views, 30 s, not bounced, counted
// on the day before (a session, a visitor, an entry on /landing, source google.com) and not today.
// Session B views / and leaves it 20 s later (10 s on the page), the leave's batch written first:
// it bounced on /.
func SessionBatchesReversed(t *testing.T, storeFactories []Factory) {
	site := contractSite(siteA)
	today, _ := time.Parse(time.DateOnly, contractDay)
	dayBefore := today.AddDate(0, 0, -1).Format(time.DateOnly)
	batch := func(visitor, session string, evs ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: evs},
			Device: "desktop", Browser: "Chrome", Country: "SE"}
	}
	pv := func(path string, at time.Time) eventstore.Event {
		return eventstore.Event{Type: "pv", Path: path, At: at}
	}
	lv := func(path string, at time.Time) eventstore.Event {
		return eventstore.Event{Type: "lv", Path: path, At: at, Duration: 10_000}
	}
	t0 := today.Add(-2 * time.Minute) // 23:58 the day before
	landing := pv("/landing", t0)
	landing.Referrer = "https://www.google.com/search"
	s := []eventstore.Ingest{
		batch("visitorRRRR", "sessionRev01", landing, lv("/landing", t0.Add(10*time.Second))),
		batch("visitorRRRR", "sessionRev01", pv("/pricing", t0.Add(90*time.Second)), lv("/pricing", t0.Add(100*time.Second))),
		batch("visitorRRRR", "sessionRev01", pv("/cart", t0.Add(160*time.Second)), lv("/cart", t0.Add(170*time.Second))),
	}
	b0 := today.Add(-3 * time.Hour)
	b := []eventstore.Ingest{batch("visitorBBBB", "sessionRev02", pv("/", b0)), batch("visitorBBBB", "sessionRev02", lv("/", b0.Add(20*time.Second)))}
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			for _, in := range []eventstore.Ingest{s[2], s[1], b[1], s[0], b[0]} {
				if err := store.WriteAll([]eventstore.Ingest{in}); err != nil {
					t.Fatal(err)
				}
			}
			got, err := store.RecentSessions(eventstore.SessionsQuery{SiteID: siteA, From: today.AddDate(0, 0, -2), To: today.AddDate(0, 0, 1), Page: 1, PerPage: 10})
			if err != nil {
				t.Fatal(err)
			}
			sort.Slice(got.Items, func(i, j int) bool { return got.Items[i].SessionID < got.Items[j].SessionID })
			type seen struct {
				ID, Started, Entry, Exit string
				Views                    int
				Seconds                  float64
			}
			var sessions []seen
			for _, x := range got.Items {
				sessions = append(sessions, seen{x.SessionID, x.StartedAt, x.EntryPage, x.ExitPage, x.PageViews, x.DurationSeconds})
			}
			want := []seen{{"sessionRev01", t0.UTC().Format("2006-01-02T15:04:05.000Z"), "/landing", "/cart", 3, 30},
				{"sessionRev02", b0.UTC().Format("2006-01-02T15:04:05.000Z"), "/", "/", 1, 10}}
			if len(sessions) != len(want) || sessions[0] != want[0] || sessions[1] != want[1] {
				t.Errorf("sessions\n got %+v\nwant %+v", sessions, want)
			}
			for day, w := range map[string]eventstore.Totals{dayBefore: {Visitors: 2, Sessions: 2, Bounces: 1}, contractDay: {}} {
				tot, err := store.Totals(siteA, eventstore.DayRange{From: day, To: day})
				if err != nil {
					t.Fatal(err)
				}
				if tot.Visitors != w.Visitors || tot.Sessions != w.Sessions || tot.Bounces != w.Bounces {
					t.Errorf("%s: %v visitors, %v sessions, %v bounces; want %v, %v, %v", day, tot.Visitors, tot.Sessions, tot.Bounces,
						w.Visitors, w.Sessions, w.Bounces)
				}
			}
			pages, err := store.TopPages(siteA, eventstore.DayRange{From: dayBefore, To: dayBefore}, 10)
			if err != nil {
				t.Fatal(err)
			}
			entries := map[string][2]float64{}
			for _, p := range pages {
				entries[p.Path] = [2]float64{p.Entries, p.Bounces}
			}
			if w := map[string][2]float64{"/landing": {1, 0}, "/pricing": {}, "/": {1, 1}}; entries["/landing"] != w["/landing"] ||
				entries["/pricing"] != w["/pricing"] || entries["/"] != w["/"] {
				t.Errorf("the day before's entries and bounces by page = %v, want %v", entries, w)
			}
			dims, err := store.Dimensions(siteA, eventstore.DayRange{From: dayBefore, To: eventstore.OpenEnd})
			if err != nil {
				t.Fatal(err)
			}
			sources := map[string][2]float64{}
			for _, d := range dims {
				if d.Dim == "source" {
					sources[d.Value] = [2]float64{d.Sessions, d.Visitors}
				}
			}
			if w := (map[string][2]float64{"google.com": {1, 1}, "Direct": {1, 1}}); len(sources) != 2 || sources["google.com"] != w["google.com"] || sources["Direct"] != w["Direct"] {
				t.Errorf("sources (sessions, visitors) = %v, want %v", sources, w)
			}
		})
	}
}
