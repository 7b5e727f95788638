// Package forms is form analytics: every form the tracker sees, without setup (a form is its
// stable selector on its page). It serves the forms chunk (src/forms) at /t/f/<hash>.js and puts it
// into the tracker config of sites whose plan has form analytics, through the recorder's config
// slot (src/lib/contracts/form-analytics.ts: the chunk loads the recorder itself for sampled
// sessions, so the trackers carry no form code); it accepts form views at POST /api/cro/forms and
// answers the Forms screen:
//
//	GET /api/cro/forms/{site}?days=30   each form's views, starts, submissions, abandonment and fields
//
// Members of the site only (strangers get the 404 of a missing site), on the Growth plan or higher.
package forms

import (
	"encoding/json"
	"time"

	"cro/pocketbase/analytics"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// formPlans is src/lib/plans.ts's form_analytics capability, pinned by
// tests/fixtures/contracts/plan-limits.json (plan_test.go).
var formPlans = map[string]bool{"growth": true, "enterprise": true}

// planRequired is upgradeMessage('form_analytics').
const planRequired = "Form analytics requires the Growth plan or higher. Upgrade at /pricing."

// monthlyVisitorLimits: over the plan's tracked visitors this month, optional work (form analytics
// as recordings) pauses. Mirrors src/lib/plans.ts, 0 = not metered.
var monthlyVisitorLimits = map[string]int{"growth": 100000}

func enabled(site *core.Record, now time.Time) bool {
	if !formPlans[site.GetString("plan_tier")] || site.GetBool("consent_free") {
		return false
	}
	limit := monthlyVisitorLimits[site.GetString("plan_tier")]
	return limit == 0 || site.GetString("usage_period") != now.UTC().Format("2006-01") || site.GetInt("usage_visitors") < limit
}

// loaderConfig is src/lib/contracts/form-analytics.ts FormsLoaderConfig.
type loaderConfig struct {
	URL      string          `json:"u"`
	Sample   int             `json:"s"`
	On       int             `json:"fa"`
	Recorder json.RawMessage `json:"rv,omitempty"`
}

// Register must run after recordings.Register: it wraps the recorder's config.
func Register(app *pocketbase.PocketBase) {
	recorder := analytics.RecordingConfig
	analytics.RecordingConfig = func(site *core.Record) json.RawMessage {
		var rec json.RawMessage
		if recorder != nil {
			rec = recorder(site)
		}
		if !enabled(site, time.Now()) {
			return rec
		}
		raw, _ := json.Marshal(loaderConfig{URL: chunkPath(), Sample: 100, On: 1, Recorder: rec})
		return raw
	}
	analytics.AlsoPrune = append(analytics.AlsoPrune, func(app core.App, siteID string, before time.Time) error {
		_, err := app.DB().NewQuery(`DELETE FROM form_views WHERE site_id = {:site} AND seen_at < {:before}`).
			Bind(dbx.Params{"site": siteID, "before": before.UTC().Format("2006-01-02 15:04:05.000Z")}).Execute()
		return err
	})
	cfg := analytics.LoadConfig()
	in := &ingest{origins: cfg.AllowedOrigins, limiter: newLimiter(20)}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/t/f/{file}", chunkHandler).Bind(apis.SkipSuccessActivityLog())
			se.Router.POST("/api/cro/forms", in.handle).Bind(apis.SkipSuccessActivityLog())
			se.Router.GET("/api/cro/forms/{site}", reportHandler)
			return se.Next()
		},
		Priority: -10,
	})
}
