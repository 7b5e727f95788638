package analytics

import (
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The click and scroll maps' budget on a big site, through the Store (the SQLite store's query
// plans are tested beside it).

// TestClickMapBudget times the busiest page's click map and scroll map over 30 days on a big site:
// set CRO_BENCH_HEATMAP_EVENTS (the budget's run: 5000000; budget 200 ms p95, after the first query,
// which stores the closed days and is printed on its own, as the bench does). The CPU time per
// query is printed too: on a busy machine it says more than the wall time.
//
//	CRO_BENCH_HEATMAP_EVENTS=5000000 go test ./analytics -run ClickMapBudget -v -timeout 60m
func TestClickMapBudget(t *testing.T) {
	total, _ := strconv.Atoi(os.Getenv("CRO_BENCH_HEATMAP_EVENTS"))
	if total <= 0 {
		t.Skip("set CRO_BENCH_HEATMAP_EVENTS to run")
	}
	const site = "benchsite000002"
	store := openSQLiteStore(t, site)
	start := time.Now()
	written := seed(store, &eventstore.Site{ID: site, Key: "key" + site}, total, 90)
	t.Logf("seeded %d events in %.1f s", written, time.Since(start).Seconds())
	now := time.Now()
	for _, device := range []string{"desktop", "mobile"} {
		q := eventstore.HeatmapQuery{SiteID: site, Path: "/", Device: device, From: now.Add(-30 * 24 * time.Hour), To: now}
		var times []float64
		var f eventstore.ClickMapFigures
		// The first query computes and stores the closed days (click_days.go); the others read them.
		t0 := time.Now()
		if _, err := store.ClickMap(q); err != nil {
			t.Fatal(err)
		}
		t.Logf("click map (%s): first query %.1f ms", device, float64(time.Since(t0).Microseconds())/1000)
		cpu0 := cpuTime()
		for range 20 {
			t0 := time.Now()
			var err error
			if f, err = store.ClickMap(q); err != nil {
				t.Fatal(err)
			}
			if _, err = store.ScrollDepth(q); err != nil {
				t.Fatal(err)
			}
			times = append(times, float64(time.Since(t0).Microseconds())/1000)
		}
		cpuMs := float64((cpuTime() - cpu0).Microseconds()) / 1000 / 20
		slices.Sort(times)
		p95 := times[len(times)*95/100]
		t.Logf("click map + scroll map (%s): %d clicks on /; p50 %.1f ms, p95 %.1f ms, CPU %.1f ms per query", device, f.Clicks,
			times[len(times)/2], p95, cpuMs)
		if p95 > 200 {
			t.Errorf("p95 %.1f ms over the 200 ms budget", p95)
		}
	}
}
