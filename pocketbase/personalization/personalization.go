// Package personalization measures a personalization (a rule targeted to an audience) against
// its holdout, and tells the screens each audience's share of last week's visitors.
//
// GET /api/cro/rules/{id}/personalization[?goal=] (members of the rule's site; 404 for anyone
// else): the audience's visitors who were shown the rule (events `exposure`) against those held
// out (`holdout_exposure`, who kept the original), each counted once in the arm of their first
// such event, converting when they reached a goal (the given one, else any non-micro goal) after
// it; judged by the A/B tests' statistics engine (experiments/stats) as a two-arm binomial test
// whose control is the holdout.
//
// GET /api/cro/audiences/{siteId}/reach (members): for each audience of the site, the share of the
// visitors of the last 7 days whose latest session then matches it, by the one evaluator
// (pocketbase/audience) on what a session stores (device, browser, country, campaign, referrer,
// landing page, start time on the site's clock, the visitor's sessions). Conditions on what is not
// stored (operating system, language, cookies, custom attributes, query parameters) see no value.
package personalization

import (
	"net/http"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"cro/pocketbase/access"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments/stats"
)

// Register adds the routes; their figures come from the event store.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/api/cro/rules/{id}/personalization", func(e *core.RequestEvent) error { return effectHandler(e, store) })
			se.Router.GET("/api/cro/audiences/{siteId}/reach", func(e *core.RequestEvent) error { return reachHandler(e, store) })
			return se.Next()
		},
	})
}

// Arm is one side of the comparison.
type Arm struct {
	Visitors    int     `json:"visitors"`
	Conversions int     `json:"conversions"`
	Rate        float64 `json:"rate"`
}

// Effect is the measured effect of a personalization.
type Effect struct {
	RuleID            string  `json:"ruleId"`
	AudienceID        string  `json:"audienceId"`
	AudienceName      string  `json:"audienceName"`
	HoldoutPercentage int     `json:"holdoutPercentage"`
	Goal              string  `json:"goal"`
	Holdout           Arm     `json:"holdout"`
	Personalized      Arm     `json:"personalized"`
	Enough            bool    `json:"enough"`
	Reason            string  `json:"reason,omitempty"`
	Uplift            float64 `json:"uplift"`
	UpliftCI          any     `json:"upliftCi"`
	PValue            float64 `json:"pValue"`
	ChanceToBeat      float64 `json:"chanceToBeatHoldout"`
	SRMPValue         float64 `json:"srmPValue"`
}

// minPerArm is the fewest visitors on each side before the effect is judged.
const minPerArm = 30

func effectHandler(e *core.RequestEvent, store eventstore.Store) error {
	if e.Auth == nil {
		return e.UnauthorizedError("Sign in to view a personalization's effect.", nil)
	}
	rule, err := e.App.FindRecordById("optimization_rules", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("Rule not found.", nil)
	}
	if _, err := access.RequireSiteRole(e, rule.GetString("site_id"), access.Viewer, access.Messages{NotFound: "Rule not found."}); err != nil {
		return err
	}
	audienceID := rule.GetString("audience")
	if audienceID == "" {
		return e.BadRequestError("This rule is not targeted to an audience, so it has no holdout to compare with.", nil)
	}
	goal := e.Request.URL.Query().Get("goal")
	if goal != "" {
		g, err := e.App.FindRecordById("goals", goal)
		if err != nil || g.GetString("site_id") != rule.GetString("site_id") || g.GetBool("micro") {
			return e.BadRequestError("The goal must be one of the site's goals (not a micro goal).", nil)
		}
	}
	out := Effect{RuleID: rule.Id, AudienceID: audienceID, HoldoutPercentage: rule.GetInt("holdout_percentage"), Goal: goal}
	if a, err := e.App.FindRecordById("audiences", audienceID); err == nil {
		out.AudienceName = a.GetString("name")
	}
	rows, err := store.PersonalizationArms(rule.GetString("site_id"), rule.Id, goal)
	if err != nil {
		return e.InternalServerError("Could not read the personalization's figures.", err)
	}
	for _, r := range rows {
		arm := Arm{Visitors: r.Visitors, Conversions: r.Conversions}
		if r.Visitors > 0 {
			arm.Rate = float64(r.Conversions) / float64(r.Visitors)
		}
		if r.Arm == "holdout_exposure" {
			out.Holdout = arm
		} else {
			out.Personalized = arm
		}
	}
	judge(&out)
	return e.JSON(http.StatusOK, out)
}

// judge fills the verdict: the engine's comparison of the personalized arm with the holdout.
func judge(out *Effect) {
	out.UpliftCI = nil
	out.PValue, out.ChanceToBeat, out.SRMPValue = 1, 0.5, 1
	if out.Holdout.Visitors < minPerArm || out.Personalized.Visitors < minPerArm {
		out.Reason = "Not enough data yet: each side needs at least 30 visitors of the audience."
		return
	}
	h := float64(out.HoldoutPercentage)
	res, err := stats.Analyze(stats.Case{
		Metric: stats.MetricBinomial,
		Variants: []stats.Variant{
			{Users: float64(out.Holdout.Visitors), Conversions: float64(out.Holdout.Conversions)},
			{Users: float64(out.Personalized.Visitors), Conversions: float64(out.Personalized.Conversions)},
		},
		Weights: []float64{h, 100 - h},
	})
	if err != nil || len(res.Comparisons) != 1 {
		out.Reason = "The statistics engine could not judge these figures."
		return
	}
	c := res.Comparisons[0]
	if res.SRMPValue != nil {
		out.SRMPValue = *res.SRMPValue
	}
	if c.Status != stats.StatusOK {
		out.Reason = "No conversions to compare yet."
		return
	}
	out.Enough = true
	out.Uplift, out.UpliftCI, out.PValue, out.ChanceToBeat = c.Effect, c.TwoSided.CI, c.TwoSided.PValue, c.Bayesian.ChanceToWin
}
