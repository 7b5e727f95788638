package frustration

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/schematest"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TestJobCost times the background job on CRO_BENCH_FRUSTRATION_SESSIONS sessions of 14 events
// each (three pages, clicks with a rage burst in one session of five, a quick back in one of
// seven), all with a recording row, and prints the cost per 1,000 sessions as a bench line
// (scripts/bench/65-frustration.part.mjs runs it). Skipped without the variable.
func TestJobCost(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("CRO_BENCH_FRUSTRATION_SESSIONS"))
	if n <= 0 {
		t.Skip("set CRO_BENCH_FRUSTRATION_SESSIONS to time the job")
	}
	app := schematest.NewApp(t)
	owner := save(t, app, "users", map[string]any{"email": "owner@example.com", "password": "kettle-Quartz-81"})
	site := save(t, app, "sites", map[string]any{"user_id": owner.Id, "domain": "shop.example.com", "plan_tier": "growth", "public_key": "k1"})
	now := time.Now().UTC()
	err := app.RunInTransaction(func(tx core.App) error {
		ev := tx.DB().NewQuery(`INSERT INTO events (id, site_id, visitor, session, type, path, selector, ts, value, x)
			VALUES ({:id}, {:site}, {:v}, {:s}, {:type}, {:path}, {:sel}, {:ts}, {:value}, {:x})`)
		se := tx.DB().NewQuery(`INSERT INTO sessions (id, site_id, session_key, visitor, started_at, last_seen_at, entry_path, device_type)
			VALUES ({:id}, {:site}, {:s}, {:v}, {:start}, {:last}, '/', 'desktop')`)
		re := tx.DB().NewQuery(`INSERT INTO session_recordings (id, site_id, session_id, started_at) VALUES ({:id}, {:site}, {:s}, {:start})`)
		for i := range n {
			s, v := fmt.Sprintf("s%09d", i), fmt.Sprintf("v%09d", i)
			start := now.Add(-30 * time.Minute).Add(time.Duration(i%1500) * time.Second)
			at := func(ms int) int64 { return start.UnixMilli() + int64(ms) } // events keep ms
			k := 0
			add := func(typ, path, sel string, ms int, value, x float64) error {
				k++
				_, err := ev.Bind(dbx.Params{"id": fmt.Sprintf("e%09d%03d", i, k), "site": site.Id, "v": v, "s": s, "type": typ, "path": path,
					"sel": sel, "ts": at(ms), "value": value, "x": x}).Execute()
				return err
			}
			steps := []struct {
				typ, path, sel string
				ms             int
				value, x       float64
			}{
				{"pageview", "/", "", 0, 0, 0}, {"click", "/", "main>div.hero", 2000, 0, 0}, {"click", "/", "button#buy", 4000, 0, 0},
				{"leave", "/", "", 4100, 4100, 60}, {"pageview", "/product", "", 4200, 0, 0}, {"click", "/product", "a.size", 9000, 0, 0},
				{"click", "/product", "a.size", 9300, 0, 0}, {"click", "/product", "a.size", 9500 + (i%5)*400, 0, 0},
				{"error", "/product", "", 9800, 0, 0}, {"leave", "/product", "", 12000, 7800, 90}, {"pageview", "/cart", "", 12100, 0, 0},
				{"leave", "/cart", "", 12100 + 2000 + (i%7)*1000, 3000, 40}, {"pageview", "/product", "", 14200 + (i%7)*3000, 0, 0},
				{"leave", "/product", "", 30000, 10000, 100},
			}
			for _, st := range steps {
				if err := add(st.typ, st.path, st.sel, st.ms, st.value, st.x); err != nil {
					return err
				}
			}
			p := dbx.Params{"id": fmt.Sprintf("x%014d", i), "site": site.Id, "s": s, "v": v, "start": at(0), "last": at(30000)}
			if _, err := se.Bind(p).Execute(); err != nil {
				return err
			}
			p["id"] = fmt.Sprintf("r%014d", i)
			if _, err := re.Bind(p).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	j := newJob(app, sqlite.NewSQLiteStore(app))
	cpu := func() time.Duration {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	started, cpu0 := time.Now(), cpu()
	done, err := j.site(site.Id, now)
	elapsed, used := time.Since(started), cpu()-cpu0
	if err != nil || done != n {
		t.Fatalf("computed %d of %d sessions (%v)", done, n, err)
	}
	var frustrated int
	_ = app.DB().NewQuery(`SELECT COUNT(*) FROM session_frustration`).Row(&frustrated)
	// Wall time and the process's CPU time (on a shared machine the wall time is mostly waiting).
	perThousand := func(d time.Duration) float64 { return float64(d.Milliseconds()) * 1000 / float64(n) }
	fmt.Printf("{\"name\":\"frustration_job_ms_per_1000_sessions\",\"value\":%.1f,\"unit\":\"ms\"}\n", perThousand(elapsed))
	fmt.Printf("{\"name\":\"frustration_job_cpu_ms_per_1000_sessions\",\"value\":%.1f,\"unit\":\"ms\"}\n", perThousand(used))
	fmt.Printf("{\"name\":\"frustration_job_sessions\",\"value\":%d,\"unit\":\"sessions\"}\n", n)
	fmt.Printf("{\"name\":\"frustration_job_frustrated_sessions\",\"value\":%d,\"unit\":\"sessions\"}\n", frustrated)
}
