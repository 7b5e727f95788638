package funnels

import (
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/schematest"
)

// funnelCalls is a store whose funnel days live in memory (as ClickHouse's) that records the
// funnel queries it is asked; the warm-up calls nothing else.
type funnelCalls struct {
	eventstore.Store
	inMemory bool
	mu       sync.Mutex
	got      []eventstore.FunnelQuery
	asked    chan struct{}
}

func (s *funnelCalls) FunnelDaysInMemory() bool { return s.inMemory }

func (s *funnelCalls) FunnelResults(q eventstore.FunnelQuery) (eventstore.FunnelFigures, error) {
	return eventstore.FunnelFigures{}, s.WarmFunnel(q)
}

// WarmFunnel: the ClickHouse store's warm-up at background priority, asked instead of FunnelResults.
func (s *funnelCalls) WarmFunnel(q eventstore.FunnelQuery) error {
	s.mu.Lock()
	s.got = append(s.got, q)
	s.mu.Unlock()
	s.asked <- struct{}{}
	return nil
}

// waitFor returns the next n queries, failing after 10 s.
func (s *funnelCalls) waitFor(t *testing.T, n int) []eventstore.FunnelQuery {
	t.Helper()
	for i := 0; i < n; i++ {
		select {
		case <-s.asked:
		case <-time.After(10 * time.Second):
			t.Fatalf("the warm-up asked %d of %d funnel queries", i, n)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.got
	s.got = nil
	return out
}

// A store that keeps funnel days in the process has each funnel's default view (the last 30 days
// of the site's calendar and the 30 before, with the funnel's steps, window and order) computed
// in the background: every funnel once the server serves, and a funnel again once created or
// edited. A store that keeps them in its database (SQLite) gets no warm-up.
func TestWarmComputesEachFunnelsDefaultView(t *testing.T) {
	app, site := warmApp(t)
	funnel := newFunnel(t, app, site.Id, "/", "/cart")
	store := &funnelCalls{inMemory: true, asked: make(chan struct{}, 16)}
	registerWarm(app, store)
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app}, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	ny, _ := time.LoadLocation("America/New_York")
	check := func(when string, qs []eventstore.FunnelQuery, steps ...string) {
		t.Helper()
		today := time.Now().In(ny)
		end := time.Date(today.Year(), today.Month(), today.Day()+1, 0, 0, 0, 0, ny)
		start := end.AddDate(0, 0, -30)
		want := [][2]time.Time{{start, end}, {start.AddDate(0, 0, -30), start}}
		if len(qs) != 2 {
			t.Fatalf("%s: %d queries, want 2: %+v", when, len(qs), qs)
		}
		for i, q := range qs {
			if !q.From.Equal(want[i][0]) || !q.To.Equal(want[i][1]) || q.SiteID != site.Id || q.Window != 3*24*time.Hour ||
				q.Order != eventstore.FunnelAnyOrder || len(q.Steps) != len(steps) {
				t.Fatalf("%s: query %d %+v, want %v to %v of %d steps", when, i, q, want[i][0], want[i][1], len(steps))
			}
			for j, s := range steps {
				if q.Steps[j].Page != s {
					t.Fatalf("%s: query %d steps %+v, want %v", when, i, q.Steps, steps)
				}
			}
		}
	}
	check("at start", store.waitFor(t, 2), "/", "/cart")
	newFunnel(t, app, site.Id, "/pricing", "/signup")
	check("created", store.waitFor(t, 2), "/pricing", "/signup")
	funnel.Set("steps", []map[string]string{{"kind": "page", "match": "/"}, {"kind": "page", "match": "/product/*"}, {"kind": "page", "match": "/cart"}})
	if err := app.Save(funnel); err != nil {
		t.Fatal(err)
	}
	check("edited", store.waitFor(t, 2), "/", "/product/*", "/cart")

	// SQLite keeps funnel days in its database: nothing to warm.
	sqlite := &funnelCalls{asked: make(chan struct{}, 16)}
	app2, site2 := warmApp(t)
	newFunnel(t, app2, site2.Id, "/", "/cart")
	registerWarm(app2, sqlite)
	if err := app2.OnServe().Trigger(&core.ServeEvent{App: app2}, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	newFunnel(t, app2, site2.Id, "/pricing", "/signup")
	time.Sleep(500 * time.Millisecond)
	sqlite.mu.Lock()
	defer sqlite.mu.Unlock()
	if len(sqlite.got) != 0 {
		t.Fatalf("a store keeping funnel days in its database was warmed: %+v", sqlite.got)
	}
}

// warmApp is a fresh app with a site on New York's calendar.
func warmApp(t *testing.T) (core.App, *core.Record) {
	t.Helper()
	app := schematest.NewApp(t)
	sites, _ := app.FindCollectionByNameOrId("sites")
	site := core.NewRecord(sites)
	site.Set("domain", "warm.example.com")
	site.Set("time_zone", "America/New_York")
	if err := app.SaveNoValidate(site); err != nil {
		t.Fatal(err)
	}
	return app, site
}

// newFunnel saves a funnel of the pages given (a 3-day window, any order), firing its hooks.
func newFunnel(t *testing.T, app core.App, siteID string, pages ...string) *core.Record {
	t.Helper()
	funnels, _ := app.FindCollectionByNameOrId("funnels")
	f := core.NewRecord(funnels)
	var steps []map[string]string
	for _, p := range pages {
		steps = append(steps, map[string]string{"kind": "page", "match": p})
	}
	f.Load(map[string]any{"site_id": siteID, "name": "Funnel " + pages[0], "window_days": 3, "step_order": "any", "steps": steps})
	if err := app.Save(f); err != nil {
		t.Fatal(err)
	}
	return f
}
