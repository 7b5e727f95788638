package sqlite

import (
	"fmt"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// Settled guardrails and ratio metrics (metric_settled.go) answer what the raw pass computes from
// every exposed visitor's events, read right after each change (settled figures and the visitors
// recomputed since) and again after a settle pass: late events (a purchase into an earlier day, a
// session in the CUPED window, a session whose start moves earlier, a page error, an earlier
// exposure with no other event), recent ones (a purchase, a new session of an exposed visitor
// holding only an exposure), a metric defined after the pass, and retention pruning raw events.
func TestSettledMetricsEqualTheRawPass(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	store := NewSQLiteStore(app).(*sqliteStore)
	chunk := settleChunk
	settleChunk = 2 // whole computations in several runs of visitors, as at scale
	t.Cleanup(func() { settleChunk = chunk })
	site, t0, now := storetest.ExperimentSite(), storetest.Ago(2*time.Hour), time.Now().UTC()
	batch := func(visitor, session string, events ...eventstore.Event) []eventstore.Ingest {
		return []eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: "desktop"}}
	}
	pv := func(path string, at time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "pv", Path: path}, at)
	}
	xp := func(variant string, at time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne, Name: variant}, at)
	}
	buy := func(value float64, at time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: value}, at)
	}
	write := func(in []eventstore.Ingest) {
		t.Helper()
		if err := store.WriteAll(in); err != nil {
			t.Fatal(err)
		}
	}
	write(storetest.ExperimentTraffic())
	write(batch("visitor0010", "session0010", xp("control", now.Add(-30*time.Minute)), pv("/", now.Add(-29*time.Minute))))
	write(batch("visitor0011", "session0011", xp("b", now.Add(-3*time.Hour)), pv("/", now.Add(-3*time.Hour+time.Minute)), pv("/a", now.Add(-3*time.Hour+2*time.Minute))))

	metric := func(num, den string, window int) metricDef {
		d, err := ratioMetric(eventstore.RatioQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, Numerator: num, Denominator: den,
			GoalID: "goalpurchase", WindowDays: window})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	metrics := []metricDef{guardrailMetric(storetest.SiteA, storetest.ExpOne)}
	for _, w := range []int{0, 7} {
		metrics = append(metrics, metric(eventstore.RatioRevenue, eventstore.RatioSessions, w), metric(eventstore.RatioRevenue, eventstore.RatioOrders, w),
			metric(eventstore.RatioPages, eventstore.RatioSessions, w), metric(eventstore.RatioGoal, eventstore.RatioSessions, w))
	}
	// read is what the store answers (through its public reads), raw the pass over every visitor.
	read := func(d metricDef) string {
		t.Helper()
		var got any
		var err error
		if d.key == guardrailMetric(storetest.SiteA, storetest.ExpOne).key {
			got, err = store.ExperimentGuardrails(d.site, d.exp)
		} else {
			got, err = store.metricSums(d)
		}
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(got)
	}
	raw := func(d metricDef) string {
		t.Helper()
		var rows []eventstore.RatioSums
		if err := app.DB().NewQuery(d.rawSumsSQL()).Bind(d.params).All(&rows); err != nil {
			t.Fatal(err)
		}
		if d.key == guardrailMetric(storetest.SiteA, storetest.ExpOne).key {
			return fmt.Sprint(guardrailFigures(rows))
		}
		return fmt.Sprint(rows)
	}
	check := func(label string, settled bool, ds ...metricDef) string {
		t.Helper()
		all := ""
		for _, d := range ds {
			if _, ok, err := store.settledSums(d); err != nil || ok != settled {
				t.Fatalf("%s: %s settled %v (%v), want %v", label, d.key, ok, err, settled)
			}
			got, want := read(d), raw(d)
			if got != want {
				t.Errorf("%s: %s\n got %s\nwant %s", label, d.key, got, want)
			}
			all += want
		}
		return all
	}
	settle := func() {
		t.Helper()
		if err := store.settler.settleAll(); err != nil {
			t.Fatal(err)
		}
	}

	check("before a settle pass", false, metrics...) // these reads ask for them
	settle()
	before := check("settled", true, metrics...)

	steps := []struct {
		label string
		in    []eventstore.Ingest
	}{
		{"a purchase into the day before", batch("visitor0004", "session0004c", buy(20, t0.Add(-24*time.Hour+2*time.Minute)))},
		{"a session in the window before an exposure", batch("visitor0002", "session0002w", pv("/", t0.Add(-72*time.Hour)), pv("/pricing", t0.Add(-72*time.Hour+time.Minute)))},
		{"a session whose start moves earlier", batch("visitor0001", "session0001", pv("/early", t0.Add(-30*time.Minute)))},
		{"a page error after an exposure", batch("visitor0007", "session0007e",
			storetest.At(eventstore.Event{Type: "er", Path: "/", Message: "boom", Source: "a.js"}, t0.Add(time.Hour)))},
		{"an earlier exposure alone", batch("visitor0007", "session0007", xp("control", t0.Add(-48*time.Hour)))},
		{"a recent purchase", batch("visitor0010", "session0010", buy(12, now.Add(-time.Minute)))},
		{"a new session holding only an exposure", batch("visitor0011", "session0011n", xp("b", now))},
	}
	for _, s := range steps {
		write(s.in)
		after := check(s.label, true, metrics...)
		if after == before {
			t.Fatalf("%s changed no figure: the test cannot tell settled figures from computed ones", s.label)
		}
		settle()
		before = check(s.label+", then a settle pass", true, metrics...)
	}

	// A metric defined after the pass (another window) is computed whole until a pass settles it.
	redefined := metric(eventstore.RatioRevenue, eventstore.RatioSessions, 14)
	check("a redefined metric", false, redefined)
	settle()
	check("a redefined metric, settled", true, redefined)

	// Retention: pruned raw events no longer count; the settled figures are computed again.
	if err := store.PruneSite(storetest.SiteA, t0.Add(-30*time.Hour)); err != nil {
		t.Fatal(err)
	}
	check("after retention", false, metrics...)
	settle()
	check("after retention, settled", true, append(metrics, redefined)...)
}

// A metric computed after the late events a mark notes (a bulk import of old events: each is late)
// has them in its figures: its reads recompute only the visitors active since its computation, not
// every visitor since the mark, until a pass clears it. A late event noted after the computation
// moves its reads back to the mark again. Each answer is the raw pass's.
func TestSettledMetricsSkipALateMarkTheyHaveSeen(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	store := NewSQLiteStore(app).(*sqliteStore)
	if err := store.WriteAll(storetest.ExperimentTraffic()); err != nil { // 2 hours old: late
		t.Fatal(err)
	}
	g := guardrailMetric(storetest.SiteA, storetest.ExpOne)
	recent := func(label string) (int64, int64) {
		t.Helper()
		got, err := store.ExperimentGuardrails(g.site, g.exp)
		if err != nil {
			t.Fatal(err)
		}
		var rows []eventstore.RatioSums
		if err := app.DB().NewQuery(g.rawSumsSQL()).Bind(g.params).All(&rows); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(guardrailFigures(rows)) {
			t.Errorf("%s: got %v, want %v", label, got, guardrailFigures(rows))
		}
		var h settledHeader
		if err := app.DB().NewQuery(`SELECT ` + headerColumns + ` FROM metric_settled WHERE site_id = {:site} AND metric = {:metric}`).
			Bind(map[string]any{"site": g.site, "metric": g.key}).One(&h); err != nil {
			t.Fatal(err)
		}
		mark, err := readLateMark(app.DB(), g.site)
		if err != nil || mark.Since == "" {
			t.Fatalf("%s: no late mark (%v)", label, err)
		}
		from, _ := recentSince(h, mark)
		return from, h.Since
	}
	if from, since := recent("computed after the mark"); from != since {
		t.Errorf("a metric computed after the late events recomputes from %d, want its since %d", from, since)
	}
	late := []eventstore.Ingest{{Site: storetest.ExperimentSite(), Device: "desktop", Batch: &eventstore.Batch{Key: storetest.ExperimentSite().Key,
		Visitor: "visitor0007", Session: "session0007l", Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "er", Path: "/",
			Message: "late", Source: "a.js"}, storetest.Ago(90*time.Minute))}}}}
	if err := store.WriteAll(late); err != nil {
		t.Fatal(err)
	}
	if from, since := recent("a late event after the computation"); from >= since {
		t.Errorf("after a late event noted later, reads recompute from %d, want the mark (before since %d)", from, since)
	}
}
