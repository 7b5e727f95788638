package storetest

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// sessionsTraffic is hand-made for the session list, on site A (with contractSite's goals) and B:
//
//	S1  3 h ago, desktop Chrome SE from google: /, /pricing (left after 4.5 s), /thank-you (the
//	    Purchase URL goal), left after 1.25 s: 3 pages, 5.75 s, converted
//	S2  2 h ago, mobile Safari, no country: /blog only, the newsletter micro goal: not converted
//	S3  1 h ago, desktop Firefox DE: /cart and a purchase (custom event with a value) that is no
//	    goal: converted; a second batch adds /checkout
//	S4  30 min ago, desktop Chrome SE: a click only, no page view: not a visit, not listed
//	S5  at the range's end (excluded), S6 a second before its start (excluded), S7 at its start
//	    (included), and site B's session at the same time as S1 (another site's)
func sessionsTraffic(from, to time.Time) []eventstore.Ingest {
	a, b := contractSite(siteA), contractSite(siteB)
	pv := func(path, ref string, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "pv", Path: path, Referrer: ref}, t)
	}
	lv := func(path string, ms float64, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "lv", Path: path, Duration: ms}, t)
	}
	batch := func(site *eventstore.Site, session, device, browser, country string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session, Session: session, Events: events},
			Device: device, Browser: browser, Country: country}
	}
	t1, t2, t3 := ago(3*time.Hour), ago(2*time.Hour), ago(time.Hour)
	return []eventstore.Ingest{
		batch(a, "session0001", "desktop", "Chrome", "SE", pv("/", "https://www.google.com/search?q=x", t1),
			pv("/pricing", "", t1.Add(10*time.Second)), lv("/pricing", 4500, t1.Add(15*time.Second)),
			pv("/thank-you", "", t1.Add(20*time.Second)), lv("/thank-you", 1250, t1.Add(22*time.Second))),
		batch(b, "session00b1", "desktop", "Chrome", "SE", pv("/", "", t1)),
		batch(a, "session0002", "mobile", "Safari", "", pv("/blog", "https://news.ycombinator.com/item", t2),
			at(eventstore.Event{Type: "ev", Path: "/blog", Name: "newsletter"}, t2.Add(time.Second))),
		batch(a, "session0003", "desktop", "Firefox", "DE", pv("/cart", "", t3),
			at(eventstore.Event{Type: "ev", Path: "/cart", Name: "order", Value: 42}, t3.Add(5*time.Second))),
		batch(a, "session0003", "desktop", "Firefox", "DE", pv("/checkout", "", t3.Add(30*time.Second))),
		batch(a, "session0004", "desktop", "Chrome", "SE",
			at(eventstore.Event{Type: "ck", Path: "/", Selector: "#buy", X: 1, Y: 1}, ago(30*time.Minute))),
		batch(a, "session0005", "desktop", "Chrome", "SE", pv("/late", "", to)),
		batch(a, "session0006", "desktop", "Chrome", "SE", pv("/early", "", from.Add(-time.Second))),
		batch(a, "session0007", "desktop", "Chrome", "SE", pv("/first", "", from)),
	}
}

func RecentSessions(t *testing.T, storeFactories []Factory) {
	from, to := ago(10*time.Hour), ago(10*time.Minute)
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA, siteB)
			if err := store.WriteAll(sessionsTraffic(from, to)); err != nil {
				t.Fatal(err)
			}
			q := eventstore.SessionsQuery{SiteID: siteA, From: from, To: to, Page: 1, PerPage: 50}
			all, err := store.RecentSessions(q)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, s := range all.Items {
				ids = append(ids, s.SessionID)
			}
			if want := []string{"session0003", "session0002", "session0001", "session0007"}; !reflect.DeepEqual(ids, want) || all.HasMore {
				t.Fatalf("sessions %v (more: %v), want %v, newest first, without S4 (no page view), S5, S6 and site B's", ids, all.HasMore, want)
			}
			s3, s2, s1 := all.Items[0], all.Items[1], all.Items[2]
			want1 := eventstore.SessionSummary{SessionID: "session0001", StartedAt: ago(3 * time.Hour).Format("2006-01-02T15:04:05.000Z"), DurationSeconds: 5.75,
				PageViews: 3, EntryPage: "/", ExitPage: "/thank-you", Device: "desktop", Browser: "Chrome", Country: "SE",
				Source: "google.com", Converted: true}
			if s1 != want1 {
				t.Errorf("S1 = %+v\nwant %+v", s1, want1)
			}
			if s2.Converted || s2.PageViews != 1 || s2.Source != "news.ycombinator.com" || s2.Country != "" || s2.Device != "mobile" {
				t.Errorf("S2 (a micro goal only) = %+v", s2)
			}
			if !s3.Converted || s3.PageViews != 2 || s3.EntryPage != "/cart" || s3.ExitPage != "/checkout" || s3.Source != "Direct" {
				t.Errorf("S3 (a purchase matching no goal, two batches) = %+v", s3)
			}

			// Pages of two: the first says there is more, the last does not, and together they are the list.
			one, _ := store.RecentSessions(eventstore.SessionsQuery{SiteID: siteA, From: from, To: to, Page: 1, PerPage: 2})
			two, _ := store.RecentSessions(eventstore.SessionsQuery{SiteID: siteA, From: from, To: to, Page: 2, PerPage: 2})
			three, _ := store.RecentSessions(eventstore.SessionsQuery{SiteID: siteA, From: from, To: to, Page: 3, PerPage: 2})
			if !one.HasMore || two.HasMore || len(one.Items) != 2 || len(two.Items) != 2 || len(three.Items) != 0 ||
				!reflect.DeepEqual(append(one.Items, two.Items...), all.Items) {
				t.Errorf("pages of two: %+v / %+v / %+v", one, two, three)
			}
			if one.Page != 1 || one.PerPage != 2 || two.Page != 2 {
				t.Errorf("page numbers %d/%d, %d", one.Page, one.PerPage, two.Page)
			}

			// Sessions that started at the same time keep one order across pages.
			t0 := ago(4 * time.Hour)
			var same []eventstore.Ingest
			for _, id := range []string{"tie0001", "tie0002", "tie0003"} {
				same = append(same, eventstore.Ingest{Site: contractSite(siteB), Batch: &eventstore.Batch{Key: "key" + siteB, Visitor: "v" + id, Session: id,
					Events: []eventstore.Event{at(eventstore.Event{Type: "pv", Path: "/"}, t0)}}, Device: "desktop", Browser: "Chrome"})
			}
			if err := store.WriteAll(same); err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for page := 1; page <= 4; page++ {
				p, err := store.RecentSessions(eventstore.SessionsQuery{SiteID: siteB, From: from, To: to, Page: page, PerPage: 1})
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range p.Items {
					seen[s.SessionID] = true
				}
			}
			if len(seen) != 4 {
				t.Errorf("site B's four sessions over four pages of one: %v", seen)
			}

			empty, err := store.RecentSessions(eventstore.SessionsQuery{SiteID: siteA, From: ago(100 * time.Hour), To: ago(90 * time.Hour), Page: 1, PerPage: 50})
			if err != nil || empty.Items == nil || len(empty.Items) != 0 || empty.HasMore {
				t.Errorf("a range without sessions: %+v %v", empty, err)
			}
		})
	}
}
