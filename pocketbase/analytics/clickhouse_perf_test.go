package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/funnelpath"
	"encoding/json"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"
)

// TestClickHousePerf is a developer's timing of the ClickHouse store's funnel, click map and
// experiment reads on a seeded site, skipped unless CRO_CH_PERF_URL names a server's database
// (seeded with CRO_CH_PERF_EVENTS events, default 1,000,000, when empty). CRO_CH_PERF_OUT, when
// set, receives every answer as JSON: the same data must give the same file before and after a
// change of the store's SQL. The query range ends at the newest event, so answers do not move
// with the clock.
func TestClickHousePerf(t *testing.T) {
	url := os.Getenv("CRO_CH_PERF_URL")
	if url == "" {
		t.Skip("CRO_CH_PERF_URL not set")
	}
	st, err := clickhouse.NewClickHouseStore(url)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*clickhouse.EventStore)
	site := &eventstore.Site{ID: "perfsite", Key: "perfkey", Goals: []eventstore.Goal{{ID: "seedpurchase", Name: "Purchase", Type: "url", Match: "/thank-you", Value: 80}},
		Experiments: map[string]*eventstore.ExperimentConfig{"exp1": {ID: "exp1", Variants: []eventstore.VariantConfig{{Key: "control", Weight: 0.5}, {Key: "b", Weight: 0.5}}}}}
	row, err := s.Client().QueryOne("SELECT count() AS n, max(at) AS last FROM events WHERE site_id = 'perfsite'")
	if err != nil {
		t.Fatal(err)
	}
	if row.Int("n") == 0 {
		n := 1_000_000
		if v, err := strconv.Atoi(os.Getenv("CRO_CH_PERF_EVENTS")); err == nil {
			n = v
		}
		t0 := time.Now()
		seed(s, site, n, 90)
		t.Logf("seeded %d events in %s", n, time.Since(t0))
		if row, err = s.Client().QueryOne("SELECT count() AS n, max(at) AS last FROM events WHERE site_id = 'perfsite'"); err != nil {
			t.Fatal(err)
		}
	}
	to := time.UnixMilli(int64(row.Num("last"))).UTC().Truncate(time.Hour).Add(time.Hour)
	from := to.AddDate(0, 0, -30)
	steps := []eventstore.FunnelStep{{Page: "/"}, {Page: "/product/*"}, {Page: "/cart"}, {Page: "/checkout"}, {Goal: "seedpurchase"}}
	fq := eventstore.FunnelQuery{SiteID: site.ID, Steps: steps, Window: 7 * 24 * time.Hour, Order: eventstore.FunnelOrdered, From: from, To: to}
	strict, anyOrder := fq, fq
	strict.Order, anyOrder.Order = eventstore.FunnelStrict, eventstore.FunnelAnyOrder
	bySource := fq
	bySource.Breakdown = funnelpath.BreakdownSource
	hq := func(device string) eventstore.HeatmapQuery {
		return eventstore.HeatmapQuery{SiteID: site.ID, Path: "/", Device: device, From: from, To: to}
	}
	xq := eventstore.ExperimentQuery{SiteID: site.ID, ExperimentID: "exp1", GoalID: "seedpurchase"}
	rq := eventstore.ExperimentQuery{SiteID: site.ID, ExperimentID: "exp1", Revenue: true}
	reads := []struct {
		name string
		run  func() (any, error)
	}{
		{"funnel", func() (any, error) { return s.FunnelResults(fq) }},
		{"funnel_strict", func() (any, error) { return s.FunnelResults(strict) }},
		{"funnel_any", func() (any, error) { return s.FunnelResults(anyOrder) }},
		{"funnel_source", func() (any, error) { return s.FunnelResults(bySource) }},
		{"dropoff", func() (any, error) { return s.FunnelDropOff(fq, 1) }},
		{"clicks_desktop", func() (any, error) { return s.ClickMap(hq("desktop")) }},
		{"clicks_mobile", func() (any, error) { return s.ClickMap(hq("mobile")) }},
		{"scroll", func() (any, error) { return s.ScrollDepth(hq("desktop")) }},
		{"results", func() (any, error) { return s.ExperimentResults(xq) }},
		{"results_revenue", func() (any, error) { return s.ExperimentResults(rq) }},
		{"guardrails", func() (any, error) { return s.ExperimentGuardrails(site.ID, "exp1") }},
		{"cuped", func() (any, error) { return s.ExperimentCovariates(xq, 14) }},
		{"cuped_revenue", func() (any, error) { return s.ExperimentCovariates(rq, 14) }},
		{"ratio", func() (any, error) {
			return s.RatioSums(eventstore.RatioQuery{SiteID: site.ID, ExperimentID: "exp1", Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioSessions, WindowDays: 14})
		}},
		{"ratio_pages", func() (any, error) {
			return s.RatioSums(eventstore.RatioQuery{SiteID: site.ID, ExperimentID: "exp1", Numerator: eventstore.RatioGoal, Denominator: eventstore.RatioPages, GoalID: "seedpurchase", WindowDays: 14})
		}},
	}
	answers := map[string]any{}
	for _, r := range reads {
		var times []float64
		for i := 0; i < 5; i++ {
			t0 := time.Now()
			out, err := r.run()
			if err != nil {
				t.Fatalf("%s: %v", r.name, err)
			}
			times = append(times, float64(time.Since(t0).Microseconds())/1000)
			answers[r.name] = out
		}
		sort.Float64s(times)
		t.Logf("%-16s median %8.1f ms  max %8.1f ms", r.name, times[2], times[4])
	}
	if out := os.Getenv("CRO_CH_PERF_OUT"); out != "" {
		b, _ := json.MarshalIndent(answers, "", " ")
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if os.Getenv("CRO_CH_PERF_INSERT") == "" {
		return
	}
	// CRO_CH_PERF_INSERT set: an exposed visitor's purchase now (the data changes), then each
	// experiment read once, as the first request after an insert on a live site computes today.
	x, err := s.Client().QueryOne("SELECT visitor FROM exposures WHERE site_id = 'perfsite' AND experiment = 'exp1' ORDER BY visitor LIMIT 1")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	if err := s.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: x.Str("visitor"), Session: "perfinsert" + strconv.FormatInt(now.UnixNano(), 10),
		Events: []eventstore.Event{{Type: "pv", Path: "/thank-you", At: now}, {Type: "ev", Path: "/thank-you", Name: "purchase", Value: 25, At: now}}}, Device: "desktop"}}); err != nil {
		t.Fatal(err)
	}
	for _, r := range reads[8:] { // the experiment reads
		t0 := time.Now()
		if _, err := r.run(); err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		t.Logf("%-16s after an insert %8.1f ms", r.name, float64(time.Since(t0).Microseconds())/1000)
	}
}
