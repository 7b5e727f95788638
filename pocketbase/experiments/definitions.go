package experiments

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// A store with background passes (eventstore.Definitions, ClickHouse's settle pass) is told the
// ratio metrics and CUPED covariates the running experiments show, so that it computes them before
// their first read: else a metric added to a test computed its whole history on the first results
// view (8.5 to 10 s at 5M events). Saving an experiment asks for a pass.
func registerDefinitions(app core.App, store eventstore.Store) {
	d, ok := store.(eventstore.Definitions)
	if !ok {
		return
	}
	d.DefineMetrics(ofRunning(app, shownRatios))
	d.DefineCovariates(ofRunning(app, shownCovariates))
	redefined := func(e *core.RecordEvent) error {
		d.Redefined(e.Record.GetString("site_id"))
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess("experiments").BindFunc(redefined)
	app.OnRecordAfterUpdateSuccess("experiments").BindFunc(redefined)
}

// shownRatios are the ratio metrics an experiment's results read: its ratio goals at its CUPED
// window (readGoal) and its ratio guardrails without one (withRatioSums).
func shownRatios(exp *core.Record) []eventstore.RatioQuery {
	var out []eventstore.RatioQuery
	for _, g := range experimentGoals(exp) {
		if ok, _ := isRatio(g); ok {
			out = append(out, ratioQuery(exp, g, exp.GetInt("cuped_window_days")))
		}
	}
	for _, g := range guardrailDefs(exp.Get("guardrails")) {
		if ok, goalID := isRatio(g.Metric); ok && goalID == "" {
			out = append(out, ratioQuery(exp, g.Metric, 0))
		}
	}
	return out
}

// shownCovariates are the CUPED covariates an experiment's results read (readGoal): with a window
// or post-stratification, each goal's that is not a ratio metric, revenue's when revenue is a goal.
func shownCovariates(exp *core.Record) []eventstore.CovariateQuery {
	window := exp.GetInt("cuped_window_days")
	if window <= 0 && stratifyDimension(exp.GetString("post_stratification")) == stratifyNone {
		return nil
	}
	var out []eventstore.CovariateQuery
	for _, g := range experimentGoals(exp) {
		if ok, _ := isRatio(g); ok || g == "" {
			continue
		}
		q := eventstore.ExperimentQuery{SiteID: exp.GetString("site_id"), ExperimentID: exp.Id, GoalID: g}
		if g == revenueGoal {
			q.GoalID, q.Revenue = "", true
		}
		out = append(out, eventstore.CovariateQuery{ExperimentQuery: q, WindowDays: window})
	}
	return out
}

// ofRunning lists, for a site, what shown gives of each of its running experiments.
func ofRunning[T any](app core.App, shown func(*core.Record) []T) func(siteID string) ([]T, error) {
	return func(siteID string) ([]T, error) {
		recs, err := app.FindAllRecords("experiments", dbx.HashExp{"site_id": siteID, "status": "running"})
		if err != nil {
			return nil, err
		}
		out := []T{}
		for _, exp := range recs {
			out = append(out, shown(exp)...)
		}
		return out, nil
	}
}
