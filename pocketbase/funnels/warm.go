package funnels

import (
	"log"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// A store that keeps funnels' closed days in memory only (ClickHouse: each process its own,
// eventstore/clickhouse/clickhouse_funnel_days.go) loses them when the server restarts; the first
// reader of each funnel would then wait for its whole history. So after start, and after a funnel
// is created or edited, its default view (the last 30 days and the 30 before) is computed in the
// background, one funnel at a time. A reader who comes first waits for the same work either way.

// daysInMemory is a store whose funnel days live in the process (SQLite stores them).
type daysInMemory interface{ FunnelDaysInMemory() bool }

// warmer is a store that computes what a funnel query keeps at its background priority
// (ClickHouse: readers' queries go first); others are asked the query itself.
type warmer interface {
	WarmFunnel(q eventstore.FunnelQuery) error
}

func registerWarm(app core.App, store eventstore.Store) {
	if m, ok := store.(daysInMemory); !ok || !m.FunnelDaysInMemory() {
		return
	}
	queue := make(chan string, 256)
	warmRecord := func(e *core.RecordEvent) error {
		select {
		case queue <- e.Record.Id:
		default: // a burst of edits: the next read computes what is missing
		}
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess("funnels").BindFunc(warmRecord)
	app.OnRecordAfterUpdateSuccess("funnels").BindFunc(warmRecord)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		go func() {
			started := time.Now()
			all, _ := se.App.FindAllRecords("funnels")
			for _, f := range all {
				warmOne(se.App, store, f)
			}
			// The benchmark waits for this line to time a steady server (scripts/bench/big-site.mjs).
			log.Printf("funnels: default views of %d funnels warmed in %.1f s", len(all), time.Since(started).Seconds())
			for id := range queue {
				if f, err := se.App.FindRecordById("funnels", id); err == nil {
					warmOne(se.App, store, f)
				}
			}
		}()
		return se.Next()
	})
}

// warmOne computes a funnel's default view; errors are left to the reader's own query.
func warmOne(app core.App, store eventstore.Store, f *core.Record) {
	q, ok := QueryOf(app, f)
	if !ok {
		return
	}
	zone := q.Zone
	if zone == nil {
		zone = time.UTC
	}
	to := time.Now().In(zone).Format(time.DateOnly)
	end, _ := time.Parse(time.DateOnly, to)
	r := dayRange{From: end.AddDate(0, 0, -(defaultRangeDays - 1)).Format(time.DateOnly), To: to, days: defaultRangeDays, zone: zone}
	for _, rr := range []dayRange{r, r.previous()} {
		if w, ok := store.(warmer); ok {
			_ = w.WarmFunnel(within(q, rr))
		} else {
			_, _ = store.FunnelResults(within(q, rr))
		}
	}
}
