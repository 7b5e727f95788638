package analytics

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// randomTraffic is seeded random sessions on site A with the contract's experiment (UTC):
// visitors returning over five days, sessions crossing
// local midnight, batches written out of order (late events into closed days; a quarter of the
// sessions with several batches get them last first), some twice, every
// event type the tracker sends, unknown experiments, variants and rules among them.
func randomTraffic(seed int64) []eventstore.Ingest {
	r := rand.New(rand.NewSource(seed))
	site := storetest.ExperimentSite()
	paths := []string{"/", "/pricing", "/cart", "/thank-you", "/blog"}
	var sessions [][]eventstore.Ingest
	for s := 0; s < 40; s++ {
		visitor := fmt.Sprintf("visitor%04d", r.Intn(15))
		session := fmt.Sprintf("session%04d", s)
		at := storetest.Now.Add(-time.Duration(r.Int63n(int64(5 * 24 * time.Hour))))
		if r.Intn(4) == 0 { // just before midnight, so the session crosses it
			day := time.Date(at.Year(), at.Month(), at.Day(), 23, 59, 0, 0, time.UTC)
			at = day.Add(time.Duration(r.Intn(50)) * time.Second)
		}
		device, country := []string{"desktop", "mobile"}[r.Intn(2)], []string{"SE", "DE", ""}[r.Intn(3)]
		var batches []eventstore.Ingest
		for b := 0; b < 1+r.Intn(3); b++ {
			var evs []eventstore.Event
			for e := 0; e < 1+r.Intn(5); e++ {
				at = at.Add(time.Duration(1+r.Intn(40)) * time.Second)
				path := paths[r.Intn(len(paths))]
				ev := eventstore.Event{At: at, Path: path}
				switch k := r.Intn(12); {
				case k < 4:
					ev.Type = "pv"
					if r.Intn(3) == 0 {
						ev.Referrer = "https://www.google.com/search"
					}
				case k == 4:
					ev.Type, ev.Duration = "lv", float64(1000*(1+r.Intn(30)))
					if r.Intn(2) == 0 {
						sc := float64(10 * r.Intn(11))
						ev.Scroll = &sc
					}
				case k == 5:
					ev.Type, ev.Selector, ev.X, ev.Y = "ck", "#buy", float64(r.Intn(100)), float64(r.Intn(100))
				case k == 6:
					ev.Type, ev.Name, ev.Value = "ev", "purchase", float64(5+r.Intn(60))
				case k == 7:
					ev.Type, ev.Name = "ev", []string{"signup", "newsletter"}[r.Intn(2)]
				case k == 8:
					ev.Type, ev.ID, ev.Name = "xp", storetest.ExpOne, []string{"control", "b", "zz"}[r.Intn(3)]
					if r.Intn(5) == 0 {
						ev.ID = "unknownexp0001"
					}
				case k == 9:
					ev.Type, ev.Message, ev.Source = "er", "boom", "app.js"
				case k == 10:
					ev.Type, ev.ID, ev.Value = "ex", []string{storetest.RuleOne, "unknownrule001"}[r.Intn(2)], 3
				default:
					ev.Type, ev.ID = "id", "user"+visitor
				}
				evs = append(evs, ev)
			}
			in := eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: evs},
				Device: device, Browser: "Chrome", Country: country, Client: "client" + visitor}
			batches = append(batches, in)
		}
		if len(batches) > 1 && r.Intn(4) == 0 { // the session's own batches out of order (a beacon overtaking a fetch)
			slices.Reverse(batches)
		}
		sessions = append(sessions, batches)
	}
	// Sessions arrive in random order (late ones into closed days), each session's batches in the order above.
	var out []eventstore.Ingest
	for len(sessions) > 0 {
		i := r.Intn(len(sessions))
		out = append(out, sessions[i][0])
		if sessions[i] = sessions[i][1:]; len(sessions[i]) == 0 {
			sessions = append(sessions[:i], sessions[i+1:]...)
		}
	}
	for i := 0; i < 3; i++ { // a batch sent twice (a retried beacon)
		out = append(out, out[r.Intn(len(out))])
	}
	return out
}

// answers are every query the product makes of the random traffic, in a form to compare.
func randomAnswers(t *testing.T, store eventstore.Store) map[string]string {
	t.Helper()
	out := map[string]string{}
	put := func(name string, v any, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = fmt.Sprintf("%+v", v)
	}
	days := []string{}
	for d := -6; d <= 1; d++ {
		days = append(days, storetest.Now.AddDate(0, 0, d).Format(time.DateOnly))
	}
	all := eventstore.DayRange{From: days[0], To: eventstore.OpenEnd}
	for _, d := range days {
		v, err := store.Totals(storetest.SiteA, eventstore.DayRange{From: d, To: d})
		put("totals "+d, v, err)
	}
	tot, err := store.Totals(storetest.SiteA, all)
	put("totals", tot, err)
	daily, err := store.Daily(storetest.SiteA, all)
	put("daily", daily, err)
	pages, err := store.TopPages(storetest.SiteA, all, 50)
	sort.Slice(pages, func(i, j int) bool { return pages[i].Path < pages[j].Path })
	put("pages", pages, err)
	dims, err := store.Dimensions(storetest.SiteA, all)
	sort.Slice(dims, func(i, j int) bool { return dims[i].Dim+dims[i].Value < dims[j].Dim+dims[j].Value })
	put("dimensions", dims, err)
	from := storetest.Now.AddDate(0, 0, -7)
	sessions, err := store.RecentSessions(eventstore.SessionsQuery{SiteID: storetest.SiteA, From: from, To: storetest.Now.Add(time.Hour), Page: 1, PerPage: 100})
	sort.Slice(sessions.Items, func(i, j int) bool { return sessions.Items[i].SessionID < sessions.Items[j].SessionID })
	put("recent sessions", sessions, err)
	n, err := store.DistinctVisitors(storetest.SiteA, from)
	put("distinct visitors", n, err)
	visitors, err := store.VisitorsSince(storetest.SiteA, from, 100)
	sort.Slice(visitors, func(i, j int) bool { return visitors[i].Visitor < visitors[j].Visitor })
	put("visitors since", visitors, err)
	for _, q := range []eventstore.ExperimentQuery{{GoalID: "goalpurchase"}, {GoalID: "goalsignup"}, {Revenue: true}} {
		q.SiteID, q.ExperimentID = storetest.SiteA, storetest.ExpOne
		v, err := store.ExperimentResults(q)
		put(fmt.Sprintf("results %s %v", q.GoalID, q.Revenue), v, err)
	}
	g, err := store.ExperimentGuardrails(storetest.SiteA, storetest.ExpOne)
	put("guardrails", g, err)
	for _, q := range []eventstore.RatioQuery{{Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioSessions, WindowDays: 7},
		{Numerator: eventstore.RatioPages, Denominator: eventstore.RatioSessions}} {
		q.SiteID, q.ExperimentID = storetest.SiteA, storetest.ExpOne
		v, err := store.RatioSums(q)
		put("ratio "+q.Numerator+"/"+q.Denominator, v, err)
	}
	for _, order := range []eventstore.FunnelOrder{eventstore.FunnelOrdered, eventstore.FunnelAnyOrder} {
		for i, steps := range [][]eventstore.FunnelStep{{{Page: "/"}, {Page: "/cart"}, {Goal: "goalpurchase"}}, {{Goal: "goalpurchase"}, {Page: "/blog"}}} {
			for _, breakdown := range []string{"", "device", "source"} {
				q := eventstore.FunnelQuery{SiteID: storetest.SiteA, Steps: steps, Window: 24 * time.Hour, Order: order, From: from,
					To: storetest.Now.Add(time.Hour), Breakdown: breakdown}
				v, err := store.FunnelResults(q)
				put(fmt.Sprintf("funnel %d %s %s", i, order, breakdown), v, err)
			}
		}
		q := eventstore.FunnelQuery{SiteID: storetest.SiteA, Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/cart"}}, Window: time.Hour,
			Order: order, From: from, To: storetest.Now.Add(time.Hour)}
		v, err := store.FunnelDropOff(q, 0)
		put(fmt.Sprintf("drop-off %s", order), v, err)
	}
	for _, device := range []string{"desktop", "mobile"} {
		hq := eventstore.HeatmapQuery{SiteID: storetest.SiteA, Path: "/", Device: device, From: from, To: storetest.Now.Add(time.Hour)}
		cm, err := store.ClickMap(hq)
		put("click map "+device, cm, err)
		sd, err := store.ScrollDepth(hq)
		put("scroll depth "+device, sd, err)
	}
	c, err := store.GoalCompletions(storetest.SiteA, []string{"goalnewsletter"}, from, storetest.Now.Add(time.Hour))
	put("micro goals", c, err)
	return out
}

// Random traffic through every store: each answers every query as SQLite does.
func TestStoresAgreeOnRandomTraffic(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		traffic := randomTraffic(seed)
		want := randomAnswers(t, func() eventstore.Store {
			s := storeFactories[0].Open(t, storetest.SiteA)
			if err := s.WriteAll(traffic); err != nil {
				t.Fatal(err)
			}
			return s
		}())
		for _, f := range storeFactories[1:] {
			t.Run(fmt.Sprintf("%s seed %d", f.Name, seed), func(t *testing.T) {
				store := f.Open(t, storetest.SiteA)
				if err := store.WriteAll(traffic); err != nil {
					t.Fatal(err)
				}
				got := randomAnswers(t, store)
				for name := range want {
					if !reflect.DeepEqual(got[name], want[name]) {
						t.Errorf("%s:\n got %s\nwant %s", name, got[name], want[name])
					}
				}
			})
		}
	}
}
