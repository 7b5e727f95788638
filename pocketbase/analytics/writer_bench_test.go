package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/eventstore/storetest"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// BenchmarkWriterIngest writes the ingest bench's traffic (scripts/bench/30-ingest.part.mjs:
// batches of 10 events, a page view, a click and a leave in turn, 5,000 sessions on 40 pages)
// through the writer, 400 batches a transaction as under load (CRO_BENCH_BATCHES_PER_TX), and reports the process's CPU
// per 1,000 events and the database's bytes per event.
func BenchmarkWriterIngest(b *testing.B) {
	app := newSchemaApp(b, storetest.SiteA)
	store := sqlite.NewSQLiteStore(app)
	site := storetest.Site(storetest.SiteA)
	site.Goals = nil
	now := time.Now().Add(-time.Hour)
	batches := make([]eventstore.Ingest, 0, 400)
	perTx := 400 // CRO_BENCH_BATCHES_PER_TX: 4 to 5 is a quiet server's group commit at 10,000 events/s
	if v, err := strconv.Atoi(os.Getenv("CRO_BENCH_BATCHES_PER_TX")); err == nil && v > 0 {
		perTx = v
	}
	n := 0
	var ru0, ru1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		batches = batches[:0]
		for k := 0; k < 400; k++ {
			s := (i*400 + k) * 7919 % 5000
			p := fmt.Sprintf("/page/%d", s%40)
			at := now.Add(time.Duration(i*400+k) * time.Millisecond)
			evs := make([]eventstore.Event, 10)
			for j := range evs {
				switch j % 3 {
				case 0:
					evs[j] = eventstore.Event{Type: "pv", Path: p, At: at}
				case 1:
					evs[j] = eventstore.Event{Type: "ck", Path: p, Selector: "button.buy", X: float64(10 * j), Y: 300, At: at}
				default:
					sc := 60.0
					evs[j] = eventstore.Event{Type: "lv", Path: p, Duration: 4000, Scroll: &sc, At: at}
				}
			}
			batches = append(batches, eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: fmt.Sprintf("benchvisitor%d", s),
				Session: fmt.Sprintf("benchsession%d", s), Events: evs}, Device: "desktop", Browser: "Chrome", Country: "SE",
				Client: "clientsource1"})
			n += 10
		}
		for from := 0; from < len(batches); from += perTx {
			if err := store.WriteAll(batches[from:min(from+perTx, len(batches))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) * time.Nanosecond
	b.ReportMetric(float64(cpu.Milliseconds())/float64(n)*1000, "cpu-ms/1k-events")
	if _, err := app.NonconcurrentDB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
		b.Fatal(err)
	}
	if st, err := os.Stat(app.DataDir() + "/data.db"); err == nil && n > 0 {
		var base int64
		b.ReportMetric(float64(st.Size()-base)/float64(n), "db-bytes/event")
	}
	if keep := os.Getenv("CRO_BENCH_KEEP_DB"); keep != "" && b.N > 1 {
		_ = os.Remove(keep) // for sqlite3's dbstat: where the bytes are
		if _, err := app.NonconcurrentDB().NewQuery("VACUUM INTO {:to}").Bind(map[string]any{"to": keep}).Execute(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSeedStorage writes the big-site benchmark's synthetic traffic (seed.go, as
// `npm run bench -- dashboard` seeds it) and reports the database's bytes per event;
// CRO_BENCH_KEEP_DB keeps a vacuumed copy for sqlite3's dbstat.
func BenchmarkSeedStorage(b *testing.B) {
	app := newSchemaApp(b, storetest.SiteA)
	store := sqlite.NewSQLiteStore(app)
	site := storetest.Site(storetest.SiteA)
	site.Goals = []eventstore.Goal{{ID: "seedpurchase", Name: "Purchase", Type: "url", Match: "/thank-you", Value: 80}}
	n := 0
	for i := 0; i < b.N; i++ {
		n += seed(store, site, 100000, 90)
	}
	b.StopTimer()
	if _, err := app.NonconcurrentDB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
		b.Fatal(err)
	}
	if st, err := os.Stat(app.DataDir() + "/data.db"); err == nil && n > 0 {
		b.ReportMetric(float64(st.Size())/float64(n), "db-bytes/event")
	}
	if keep := os.Getenv("CRO_BENCH_KEEP_DB"); keep != "" {
		_ = os.Remove(keep)
		if _, err := app.NonconcurrentDB().NewQuery("VACUUM INTO {:to}").Bind(map[string]any{"to": keep}).Execute(); err != nil {
			b.Fatal(err)
		}
	}
}
