// Package status runs the install's own health checks every minute (CRO_STATUS_INTERVAL_SECONDS), stores each result, and
// answers GET /api/cro/status with every service's current state and its uptime over the stored
// checks (90 days at most), so that /status shows what is so rather than fixed text.
package status

import (
	"context"
	"net/http"
	"sync"
	"time"

	"cro/pocketbase/periodic"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Probe returns nil when its service works.
type Probe func(ctx context.Context, base string) error

// Service is one line of /status.
type Service struct {
	Name  string
	Probe Probe
}

const (
	collection = "status_checks"
	keepDays   = 90
	timeout    = 10 * time.Second
	// How many recent checks decide between operational and degraded.
	recentWindow = 10
)

// Register runs the probes once the server listens (then every minute) against its own address.
func Register(app *pocketbase.PocketBase, services []Service) {
	var mu sync.Mutex
	base := ""
	runAll := func() {
		mu.Lock()
		b := base
		mu.Unlock()
		if b != "" {
			runChecks(app, services, b, time.Now())
		}
	}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			mu.Lock()
			base = "http://" + loopback(se.Server.Addr)
			mu.Unlock()
			se.Router.GET("/api/cro/status", func(e *core.RequestEvent) error {
				report, err := buildReport(app, services, time.Now())
				if err != nil {
					return e.JSON(http.StatusInternalServerError, map[string]string{"message": "Status unavailable."})
				}
				e.Response.Header().Set("Cache-Control", "public, max-age=30")
				return e.JSON(http.StatusOK, report)
			}).Bind(apis.SkipSuccessActivityLog())
			return se.Next()
		},
	})
	// The first check a moment after start, when the server answers; then every interval.
	periodic.Run(app, 2*time.Second, periodic.Interval("CRO_STATUS_INTERVAL_SECONDS", time.Minute), runAll)
	app.Cron().MustAdd("cro_status_prune", "41 4 * * *", func() { prune(app, time.Now()) })
}
