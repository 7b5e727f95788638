package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"
)

// A funnel's budget on a big site, through the Store (the SQLite store's query plans are
// tested beside it).

// TestFunnelResultsBudget times a 5-step funnel over 30 days on a big site: set
// CRO_BENCH_FUNNEL_EVENTS (the budget's run: 5000000; budget 300 ms p95).
//
//	CRO_BENCH_FUNNEL_EVENTS=5000000 go test ./analytics -run FunnelResultsBudget -v -timeout 60m
func TestFunnelResultsBudget(t *testing.T) {
	total, _ := strconv.Atoi(os.Getenv("CRO_BENCH_FUNNEL_EVENTS"))
	if total <= 0 {
		t.Skip("set CRO_BENCH_FUNNEL_EVENTS to run")
	}
	const site = "benchsite000001"
	store := openSQLiteStore(t, site)
	info := &eventstore.Site{ID: site, Key: "key" + site,
		Goals: []eventstore.Goal{{ID: "seedpurchase", Name: "Purchase", Type: "url", Match: "/thank-you", Value: 80}}}
	start := time.Now()
	written := seed(store, info, total, 90)
	t.Logf("seeded %d events in %.1f s", written, time.Since(start).Seconds())
	now := time.Now()
	for _, breakdown := range []string{"", funnelpath.BreakdownSource} {
		q := eventstore.FunnelQuery{SiteID: site, Order: eventstore.FunnelOrdered, Window: 7 * 24 * time.Hour, From: now.Add(-30 * 24 * time.Hour), To: now,
			Breakdown: breakdown,
			Steps:     []eventstore.FunnelStep{{Page: "/"}, {Page: "/product/*"}, {Page: "/cart"}, {Page: "/checkout"}, {Goal: "seedpurchase"}}}
		var times []float64
		var f eventstore.FunnelFigures
		// The first query computes and stores the closed days (funnel_days.go); the others read them.
		t0 := time.Now()
		if _, err := store.FunnelResults(q); err != nil {
			t.Fatal(err)
		}
		t.Logf("funnel (breakdown %q): first query %.1f ms", breakdown, float64(time.Since(t0).Microseconds())/1000)
		cpu0 := cpuTime()
		for range 20 {
			t0 := time.Now()
			var err error
			if f, err = store.FunnelResults(q); err != nil {
				t.Fatal(err)
			}
			times = append(times, float64(time.Since(t0).Microseconds())/1000)
		}
		cpuMs := float64((cpuTime() - cpu0).Microseconds()) / 1000 / 20
		slices.Sort(times)
		p95 := times[len(times)*95/100]
		t.Logf("funnel (breakdown %q): entrants %v, last step %v; p50 %.1f ms, p95 %.1f ms, CPU %.1f ms per query",
			breakdown, f.Steps[0].Users, f.Steps[4].Users, times[len(times)/2], p95, cpuMs)
		if p95 > 300 {
			t.Errorf("p95 %.1f ms over the 300 ms budget", p95)
		}
	}
}
