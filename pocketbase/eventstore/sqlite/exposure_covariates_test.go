package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/storetest"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The CUPED sums the ingest keeps equal, cell by cell, what a pass over every exposed visitor's
// raw events and sessions computes (the per-visitor query results used before them), through
// conversions and purchases after the exposure, a late earlier exposure, late pre-exposure events,
// history outside the window, and a window changed afterwards (the catch-up).

// referenceCellsSQL is the per-visitor computation, grouped by variant, device and new/returning.
const referenceCellsSQL = `SELECT variant, device, vtype, COUNT(*) AS n, SUM(post) AS post, SUM(post * post) AS post2,
	SUM(pre) AS pre, SUM(pre * pre) AS pre2, SUM(post * pre) AS prod FROM (
	SELECT x.variant AS variant,
		COALESCE((SELECT s.device_type FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor
			AND s.started_at <= x.ts ORDER BY s.started_at DESC LIMIT 1), '') AS device,
		CASE WHEN (SELECT COUNT(*) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor
			AND s.started_at <= x.ts) > 1 THEN 'returning' ELSE 'new' END AS vtype,
		{{post}} AS post, {{pre}} AS pre
	FROM experiment_exposures x WHERE x.experiment = {:exp}) GROUP BY variant, device, vtype`

var (
	refGoalPost = `EXISTS (SELECT 1 FROM experiment_conversions c WHERE c.experiment = x.experiment AND c.goal = {:goal}
		AND c.visitor = x.visitor)`
	refGoalPre = `EXISTS (SELECT 1 FROM events e WHERE e.type = 'conversion' AND e.site_id = x.site_id AND e.visitor = x.visitor
		AND e.goal = {:goal} AND e.ts >= ` + msOfSQL(`strftime('%Y-%m-%d %H:%M:%fZ', x.ts, {:window})`) + ` AND e.ts < ` + msOfSQL("x.ts") + `)`
	refRevenuePre = `COALESCE((SELECT SUM(e.value) FROM events e WHERE e.type = 'custom' AND e.value > 0 AND e.site_id = x.site_id
		AND e.visitor = x.visitor AND e.ts >= ` + msOfSQL(`strftime('%Y-%m-%d %H:%M:%fZ', x.ts, {:window})`) + ` AND e.ts < ` + msOfSQL("x.ts") + `), 0)`
)

func referenceCells(t *testing.T, app core.App, window int, goal string) []eventstore.CupedCell {
	t.Helper()
	post, pre := refGoalPost, refGoalPre
	if goal == eventrow.RevenueGoal {
		post, pre = "x.revenue", refRevenuePre
	}
	q := strings.Replace(strings.Replace(referenceCellsSQL, "{{post}}", post, 1), "{{pre}}", pre, 1)
	var rows []struct {
		Variant string  `db:"variant"`
		Device  string  `db:"device"`
		Vtype   string  `db:"vtype"`
		N       float64 `db:"n"`
		Post    float64 `db:"post"`
		Post2   float64 `db:"post2"`
		Pre     float64 `db:"pre"`
		Pre2    float64 `db:"pre2"`
		Prod    float64 `db:"prod"`
	}
	err := app.DB().NewQuery(q).Bind(dbx.Params{"exp": storetest.ExpOne, "goal": goal, "window": fmt.Sprintf("-%d days", window)}).All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]eventstore.CupedCell, len(rows))
	for i, r := range rows {
		out[i] = eventstore.CupedCell{Variant: r.Variant, Device: r.Device, VisitorType: r.Vtype, Count: r.N, Post: r.Post, PostSquares: r.Post2,
			Pre: r.Pre, PreSquares: r.Pre2, Products: r.Prod}
	}
	return out
}

// exposedCount is the experiment's exposed visitors as its results count them.
func exposedCount(t *testing.T, app core.App) float64 {
	t.Helper()
	f, err := NewSQLiteStore(app).ExperimentResults(eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, Revenue: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 0.0
	for _, v := range f.Variants {
		n += v.Users
	}
	return n
}

func sameCells(t *testing.T, what string, got, want []eventstore.CupedCell) {
	t.Helper()
	key := func(c eventstore.CupedCell) string { return c.Variant + "/" + c.Device + "/" + c.VisitorType }
	sort.Slice(got, func(i, j int) bool { return key(got[i]) < key(got[j]) })
	sort.Slice(want, func(i, j int) bool { return key(want[i]) < key(want[j]) })
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
	ok := len(got) == len(want)
	for i := 0; ok && i < len(got); i++ {
		g, w := got[i], want[i]
		ok = key(g) == key(w) && near(g.Count, w.Count) && near(g.Post, w.Post) && near(g.PostSquares, w.PostSquares) &&
			near(g.Pre, w.Pre) && near(g.PreSquares, w.PreSquares) && near(g.Products, w.Products)
	}
	if !ok {
		t.Errorf("%s: sums kept at ingest\n%+v\nper-visitor pass\n%+v", what, got, want)
	}
}

// covariateTraffic adds to the contract's experiment traffic visitors with pre-exposure history.
func covariateTraffic() (first []eventstore.Ingest, late []eventstore.Ingest) {
	site, t0 := storetest.ExperimentSite(), storetest.Ago(2*time.Hour)
	day := 24 * time.Hour
	xp := func(variant string, t time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne, Name: variant}, t)
	}
	pv := func(path string, t time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "pv", Path: path}, t)
	}
	buy := func(value float64, t time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: value}, t)
	}
	on := func(device, visitor, session string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: device}
	}
	first = []eventstore.Ingest{
		// v8: bought 20 and converted 3 and 2 days before, on a phone; exposed on a desktop, buys 12.
		on("mobile", "visitor0008", "session0008a", buy(20, t0.Add(-3*day)), pv("/thank-you", t0.Add(-2*day))),
		on("desktop", "visitor0008", "session0008b", xp("b", t0), buy(12, t0.Add(time.Minute)), pv("/thank-you", t0.Add(2*time.Minute))),
		// v10: converted and bought 20 days before: outside a 14-day window, inside none.
		on("tablet", "visitor0010", "session0010a", pv("/thank-you", t0.Add(-20*day)), buy(4, t0.Add(-20*day))),
		on("tablet", "visitor0010", "session0010b", xp("control", t0)),
		// v9: exposed first; its pre-exposure history arrives later (below).
		on("mobile", "visitor0009", "session0009b", xp("control", t0), buy(3, t0.Add(time.Minute))),
		// v11: history 10 days before, exposed, then a late earlier exposure 8 days before moves it.
		on("desktop", "visitor0011", "session0011a", pv("/thank-you", t0.Add(-10*day)), buy(6, t0.Add(-10*day))),
		on("desktop", "visitor0011", "session0011c", xp("b", t0), pv("/thank-you", t0.Add(time.Minute))),
		// v12: exposed in its first session (mobile, new); a desktop session starts after the exposure...
		on("mobile", "visitor0012", "session0012a", pv("/", t0.Add(-30*time.Minute)), xp("control", t0)),
		on("desktop", "visitor0012", "session0012c", pv("/a", t0.Add(10*time.Minute))),
	}
	late = []eventstore.Ingest{
		on("mobile", "visitor0009", "session0009a", pv("/thank-you", t0.Add(-day)), buy(9, t0.Add(-day)), buy(1, t0.Add(-30*day))),
		on("desktop", "visitor0011", "session0011b", xp("b", t0.Add(-8*day))),
		// ...until its earlier page view arrives: it started before, so v12 is a returning desktop visitor.
		on("desktop", "visitor0012", "session0012c", pv("/", t0.Add(-10*time.Minute))),
	}
	return first, late
}

func TestCupedSumsEqualThePerVisitorPass(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	store := NewSQLiteStore(app)
	catchUpLater = func(core.App, string, int) {}
	t.Cleanup(func() { catchUpLater = startCatchUp })
	experimentWindows.mu.Lock()
	experimentWindows.m[storetest.ExpOne] = cachedWindow{days: 14, at: time.Now().Add(time.Hour)}
	experimentWindows.mu.Unlock()
	t.Cleanup(func() {
		experimentWindows.mu.Lock()
		delete(experimentWindows.m, storetest.ExpOne)
		experimentWindows.mu.Unlock()
	})
	first, late := covariateTraffic()
	for _, batch := range append(append([][]eventstore.Ingest{storetest.ExperimentTraffic(), first}, storetest.LateConversions()...), late) {
		if err := store.WriteAll(batch); err != nil {
			t.Fatal(err)
		}
	}
	for _, goal := range []string{"goalpurchase", eventrow.RevenueGoal, "goalsignup"} {
		got, complete, err := CupedCells(app, storetest.ExpOne, 14, goal, exposedCount(t, app))
		if err != nil || !complete {
			t.Fatalf("%s: complete %v, %v", goal, complete, err)
		}
		sameCells(t, goal+", 14 days", got, referenceCells(t, app, 14, goal))
	}
	// Another window: not covered until the catch-up records every exposure again.
	if _, complete, err := CupedCells(app, storetest.ExpOne, 7, eventrow.RevenueGoal, exposedCount(t, app)); err != nil || complete {
		t.Fatalf("a 7-day window before the catch-up: complete %v, %v", complete, err)
	}
	for _, window := range []int{7, 0} {
		if err := CatchUpCovariates(app, storetest.ExpOne, window); err != nil {
			t.Fatal(err)
		}
		for _, goal := range []string{"goalpurchase", eventrow.RevenueGoal} {
			got, complete, err := CupedCells(app, storetest.ExpOne, window, goal, exposedCount(t, app))
			if err != nil || !complete {
				t.Fatalf("%s after the catch-up: complete %v, %v", goal, complete, err)
			}
			sameCells(t, fmt.Sprintf("%s, %d days", goal, window), got, referenceCells(t, app, window, goal))
		}
	}
	// The 14-day sums lost those exposures to the other windows: no longer complete.
	if _, complete, _ := CupedCells(app, storetest.ExpOne, 14, eventrow.RevenueGoal, exposedCount(t, app)); complete {
		t.Error("the 14-day sums still claim to cover every exposure")
	}
}

// storeCells reads a store's CUPED sums: ClickHouse computes them in its query, SQLite keeps them.
func storeCells(t *testing.T, store eventstore.Store, window int, goal string) []eventstore.CupedCell {
	t.Helper()
	if ch, ok := store.(*clickhouse.EventStore); ok {
		q := eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: goal, Revenue: goal == eventrow.RevenueGoal}
		cells, err := ch.ExperimentCovariates(q, window)
		if err != nil {
			t.Fatal(err)
		}
		return cells
	}
	app := store.(*sqliteStore).app
	cells, complete, err := CupedCells(app, storetest.ExpOne, window, goal, exposedCount(t, app))
	if err != nil || !complete {
		t.Fatalf("complete %v, %v", complete, err)
	}
	return cells
}

// Both stores give the same sums for the same traffic. Without v6: SQLite's session starts with
// its first written batch, ClickHouse's with its earliest event, so v6's late exposure, earlier
// than its session's first batch, has no session before it on SQLite and one on ClickHouse.
func TestStoreContractCovariates(t *testing.T) {
	experimentWindows.mu.Lock()
	experimentWindows.m[storetest.ExpOne] = cachedWindow{days: 14, at: time.Now().Add(time.Hour)}
	experimentWindows.mu.Unlock()
	t.Cleanup(func() {
		experimentWindows.mu.Lock()
		delete(experimentWindows.m, storetest.ExpOne)
		experimentWindows.mu.Unlock()
	})
	want := map[string][]eventstore.CupedCell{}
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, storetest.SiteA)
			first, late := covariateTraffic()
			var traffic []eventstore.Ingest
			for _, in := range storetest.ExperimentTraffic() {
				if in.Batch.Visitor != "visitor0006" {
					traffic = append(traffic, in)
				}
			}
			for _, batch := range append(append([][]eventstore.Ingest{traffic, first}, storetest.LateConversions()...), late) {
				if err := store.WriteAll(batch); err != nil {
					t.Fatal(err)
				}
			}
			for _, goal := range []string{"goalpurchase", eventrow.RevenueGoal} {
				got := storeCells(t, store, 14, goal)
				if w, ok := want[goal]; ok {
					sameCells(t, f.Name+" "+goal, got, w)
				} else {
					want[goal] = got
				}
			}
		})
	}
}

// The covariates' lookups search the visitor's rows in their indexes: the pre-exposure figures in
// the partial indexes of conversions and purchases (never the site's events in the window), the
// strata in the sessions' (site, visitor, started_at), and the results' read the sums' cells.
func TestCovariateQueriesSearchTheirIndexes(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	p := dbx.Params{"exp": "x", "site": storetest.SiteA, "goal": "g", "visitor": "v", "ts": "2026-01-01 00:00:00.000Z",
		"at": int64(1767225600000), "from": int64(1766016000000), "window": 14}
	want := map[string]string{
		covExposureSQL:       "idx_experiment_exposures_experiment_visitor",
		covPostGoalsSQL:      "idx_experiment_conversions_experiment_visitor",
		covDeviceSQL:         "idx_sessions_site_visitor",
		covSessionsSQL:       "idx_sessions_site_visitor",
		covPreGoalsSQL:       "idx_events_site_visitor_goal_ts",
		covPreRevenueSQL:     "idx_events_site_visitor_purchases",
		covLaterExposuresSQL: "idx_experiment_exposures_site_visitor_ts",
		covExposuresSinceSQL: "idx_experiment_exposures_site_visitor_ts",
		cupedCellsSQL:        "idx_experiment_cuped_sums_cell",
	}
	for q, index := range want {
		all := strings.Join(queryPlan(t, app, q, p), "; ")
		if strings.Contains(strings.ReplaceAll(all, "SCAN CONSTANT ROW", ""), "SCAN") || !strings.Contains(all, index) {
			t.Errorf("%.70s...: want a search of %s, plan %s", q, index, all)
		}
	}
}
