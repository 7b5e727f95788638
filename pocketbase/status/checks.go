package status

import (
	"context"
	"net"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// runChecks probes every service and stores one row per service.
func runChecks(app core.App, services []Service, base string, now time.Time) {
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		app.Logger().Error("status: no checks collection", "error", err.Error())
		return
	}
	for _, s := range services {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		start := time.Now()
		probeErr := s.Probe(ctx, base)
		cancel()
		rec := core.NewRecord(col)
		rec.Set("service", s.Name)
		rec.Set("ok", probeErr == nil)
		rec.Set("latency_ms", time.Since(start).Milliseconds())
		if probeErr != nil {
			rec.Set("error", truncate(probeErr.Error(), 300))
		}
		rec.Set("checked_at", now.UTC())
		if err := app.Save(rec); err != nil {
			app.Logger().Error("status: saving a check failed", "error", err.Error())
		}
	}
}

func prune(app core.App, now time.Time) {
	cutoff := now.AddDate(0, 0, -keepDays).UTC().Format("2006-01-02 15:04:05.000Z")
	if _, err := app.NonconcurrentDB().NewQuery(`DELETE FROM status_checks WHERE checked_at < {:c}`).Bind(dbx.Params{"c": cutoff}).Execute(); err != nil {
		app.Logger().Error("status: prune failed", "error", err.Error())
	}
}

// loopback turns a listen address (":8090", "0.0.0.0:8090", "127.0.0.1:8090") into one to call.
func loopback(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
