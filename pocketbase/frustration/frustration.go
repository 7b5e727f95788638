// Package frustration computes each session's frustration signals (signals.go) in the background
// from the events already stored (job.go), keeps them in session_frustration and on the session's
// recording row, and serves the pages with the most frustrated sessions:
//
//	GET /api/cro/frustration/{site}/pages?days=7   the pages with the most sessions with a signal
//
// Members of the site only (strangers get the 404 of a missing site), on plans with recordings.
package frustration

import (
	"net/http"
	"strconv"
	"time"

	"cro/pocketbase/access"
	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/periodic"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// signalPlans is src/lib/plans.ts's recordings capability (frustration signals come with recordings).
var signalPlans = map[string]bool{"growth": true, "enterprise": true}

// planRequired is upgradeMessage('recordings').
const planRequired = "Session recordings and heatmaps requires the Growth plan or higher. Upgrade at /pricing."

// Register starts the background job (CRO_FRUSTRATION_INTERVAL_SECONDS, 30 s by default), copies
// a session's signals onto its recording row when the row is created after them, and adds the route.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	j := newJob(app, store) // every store reads session trails (eventstore.FeatureReads)
	every := periodic.Interval("CRO_FRUSTRATION_INTERVAL_SECONDS", 30*time.Second)
	periodic.Run(app, every, every, func() { j.run(time.Now()) })
	analytics.AlsoPrune = append(analytics.AlsoPrune, func(app core.App, siteID string, before time.Time) error {
		_, err := app.DB().NewQuery(`DELETE FROM session_frustration WHERE site_id = {:site} AND started_at < {:before}`).
			Bind(dbx.Params{"site": siteID, "before": before.UTC().Format("2006-01-02 15:04:05.000Z")}).Execute()
		return err
	})
	app.OnRecordCreate("session_recordings").BindFunc(func(e *core.RecordEvent) error {
		f, err := e.App.FindFirstRecordByFilter("session_frustration", "site_id = {:site} && session_id = {:session}",
			dbx.Params{"site": e.Record.GetString("site_id"), "session": e.Record.GetString("session_id")})
		if err == nil {
			copyToRecording(e.Record, f)
		}
		return e.Next()
	})
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/api/cro/frustration/{site}/pages", pagesHandler)
			return se.Next()
		},
	})
}

// PageFigure is a page and how many sessions had a signal on it.
type PageFigure struct {
	Path     string `json:"path"`
	Sessions int    `json:"sessions"`
}

const topPagesSQL = `SELECT j.value AS path, COUNT(*) AS sessions FROM session_frustration f, json_each(f.frustrated_pages) j
	WHERE f.site_id = {:site} AND f.started_at >= {:from} GROUP BY j.value ORDER BY sessions DESC, path LIMIT 10`

func pagesHandler(e *core.RequestEvent) error {
	if e.Auth == nil {
		return e.UnauthorizedError("Sign in to view frustration signals.", nil)
	}
	site, err := access.RequireSiteRole(e, e.Request.PathValue("site"), access.Viewer, access.Messages{Superusers: true})
	if err != nil {
		return err
	}
	if !signalPlans[site.GetString("plan_tier")] {
		return e.ForbiddenError(planRequired, nil)
	}
	days := 7
	if raw := e.Request.URL.Query().Get("days"); raw != "" {
		days, err = strconv.Atoi(raw)
		if err != nil || days < 1 || days > 90 {
			return e.BadRequestError("Days must be a whole number from 1 to 90.", nil)
		}
	}
	from := time.Now().UTC().Add(-time.Duration(days) * 24 * time.Hour).Format("2006-01-02 15:04:05.000Z")
	pages := []PageFigure{}
	if err := e.App.DB().NewQuery(topPagesSQL).Bind(dbx.Params{"site": site.Id, "from": from}).All(&pages); err != nil {
		return err
	}
	var total int
	if err := e.App.DB().NewQuery(`SELECT COUNT(*) FROM session_frustration WHERE site_id = {:site} AND started_at >= {:from}
		AND frustration_score > 0`).Bind(dbx.Params{"site": site.Id, "from": from}).Row(&total); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]any{"days": days, "frustratedSessions": total, "pages": pages})
}
