// Package programimpact measures the whole optimization program against the site's global
// holdout: the share of tracked visitors who see no rule and no test (sites.holdout_percentage,
// decided in the tracker's targeting build and at the edge by the visitor id and the site-level
// seed analytics.HoldoutSeed).
//
// GET /api/cro/sites/{siteId}/program-impact[?goal=] (members; 404 for anyone else): the site's
// visitors with a session since the holdout was last set (at most the last 28 days), each placed
// in the holdout or not by the same hash, compared on conversion rate (a visitor converts with a
// session that reached a goal: the Overview's definition; or the given goal) and revenue per
// visitor, each with the statistics engine's 95% interval of the relative difference, the
// holdout as the control.
package programimpact

import (
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"cro/pocketbase/access"
	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments"
	"cro/pocketbase/experiments/stats"
)

// Register adds the route.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/api/cro/sites/{siteId}/program-impact", handler(store))
			return se.Next()
		},
	})
}

// Window is how far back visitors are counted (less if the holdout was set since).
const Window = 28 * 24 * time.Hour

// MinPerArm is the fewest visitors on each side before the comparison is judged.
const MinPerArm = 100

// Arm is one side: its visitors, those converting, and revenue per visitor's sums.
type Arm struct {
	Visitors          int     `json:"visitors"`
	Conversions       int     `json:"conversions"`
	Rate              float64 `json:"rate"`
	Revenue           float64 `json:"revenue"`
	RevenuePerVisitor float64 `json:"revenuePerVisitor"`
	revenueSquares    float64
}

// Comparison is everyone else against the holdout on one metric.
type Comparison struct {
	Uplift   float64        `json:"uplift"`
	UpliftCI stats.Interval `json:"upliftCi"`
	PValue   float64        `json:"pValue"`
}

// Impact is the route's answer. Conversion and Revenue are null until there is enough data.
type Impact struct {
	HoldoutPercentage int         `json:"holdoutPercentage"`
	Since             string      `json:"since"`
	Goal              string      `json:"goal"`
	Holdout           Arm         `json:"holdout"`
	Everyone          Arm         `json:"everyoneElse"`
	Conversion        *Comparison `json:"conversion"`
	Revenue           *Comparison `json:"revenue"`
	Reason            string      `json:"reason,omitempty"`
}

func handler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error { return impact(e, store) }
}

func impact(e *core.RequestEvent, store eventstore.Store) error {
	if e.Auth == nil {
		return e.UnauthorizedError("Sign in to view the program's impact.", nil)
	}
	site, err := access.RequireSiteRole(e, e.Request.PathValue("siteId"), access.Viewer, access.Messages{NotFound: "Site not found."})
	if err != nil {
		return err
	}
	goal := e.Request.URL.Query().Get("goal")
	if goal != "" {
		g, err := e.App.FindRecordById("goals", goal)
		if err != nil || g.GetString("site_id") != site.Id || g.GetBool("micro") {
			return e.BadRequestError("The goal must be one of the site's goals (not a micro goal).", nil)
		}
	}
	out := Impact{HoldoutPercentage: site.GetInt("holdout_percentage"), Goal: goal}
	if out.HoldoutPercentage <= 0 {
		out.Reason = "No global holdout: set one in Settings -> Optimization to measure what your rules and tests add together."
		return e.JSON(http.StatusOK, out)
	}
	now := time.Now().UTC()
	since := heldSince(e.App, site.Id, now.Add(-Window))
	out.Since = since.Format(time.RFC3339)
	rows, err := store.ProgramVisitors(site.Id, since, goal)
	if err != nil {
		return e.InternalServerError("Could not read the program's figures.", err)
	}
	seed := analytics.HoldoutSeed(site.Id)
	for _, r := range rows {
		arm := &out.Everyone
		if experiments.InRollout(r.Visitor, seed, float64(out.HoldoutPercentage)) {
			arm = &out.Holdout
		}
		arm.Visitors++
		if r.Converted {
			arm.Conversions++
		}
		arm.Revenue += r.Revenue
		arm.revenueSquares += r.Revenue * r.Revenue
	}
	judge(&out)
	return e.JSON(http.StatusOK, out)
}

// heldSince is when the holdout took its current share (the latest settings change of it), or
// the window's start if that was earlier: visitors before then were not held out by this share.
func heldSince(app core.App, siteID string, windowStart time.Time) time.Time {
	var at string
	_ = app.DB().NewQuery(`SELECT created_at FROM optimization_audit_log WHERE site_id = {:site} AND action = 'settings_changed'
		AND json_extract(changes, '$.holdout_percentage') IS NOT NULL ORDER BY created_at DESC LIMIT 1`).
		Bind(dbx.Params{"site": siteID}).Row(&at)
	if t, err := time.Parse("2006-01-02 15:04:05.000Z", at); err == nil && t.After(windowStart) {
		return t
	}
	return windowStart
}
