package experiments

import (
	"encoding/json"
	"net/http"
	"slices"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"cro/pocketbase/access"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/expfigures"
	"cro/pocketbase/experiments/stats"
	"cro/pocketbase/expparts"
)

// GoalNotInExperiment refuses results for a goal the experiment does not measure.
const GoalNotInExperiment = "The goal must be the experiment's primary goal or one of its secondary goals."

// revenueGoal is the goal reference that counts purchases instead of a goals record.
const revenueGoal = "revenue"

// Register adds GET /api/cro/experiments/{id}/results and POST .../declare-winner.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/api/cro/experiments/{id}/results", resultsHandler(store))
			se.Router.POST("/api/cro/experiments/{id}/declare-winner", declareWinnerHandler(store))
			se.Router.GET("/api/cro/experiments/plan", planHandler(store))
			se.Router.POST("/api/cro/experiments/{id}/reallocate", reallocateHandler(store))
			return se.Next()
		},
	})
	registerGuardrails(app, store)
	registerBandits(app, store)
	registerDefinitions(app, store)
}

type variantDef struct {
	Key    string  `json:"key"`
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
	// A multivariate test's combination: the alternative of each section (main_effects.go).
	Combination []int `json:"combination,omitempty"`
}

// binomialVariant and meanVariant are the statistics engine's inputs per variant.
type binomialVariant struct {
	Users       float64 `json:"users"`
	Conversions float64 `json:"conversions"`
}

// statsCase is what the statistics engine analyzes: one metric, the variants in the experiment's
// order (control first) and their configured weights.
type statsCase struct {
	Metric   string    `json:"metric"`
	Variants []any     `json:"variants"`
	Weights  []float64 `json:"weights"`
}

type variantResult struct {
	variantDef
	Users       float64                `json:"users"`
	Conversions float64                `json:"conversions"`
	Revenue     eventstore.MeanFigures `json:"revenue"`
	// The engine's verdict against the control (absent on the control itself): the goal's
	// metric, and revenue per visitor when revenue is the goal or a secondary goal.
	Rate              float64      `json:"rate"`
	RevenuePerVisitor float64      `json:"revenue_per_visitor"`
	Stats             *metricStats `json:"stats,omitempty"`
	RevenueStats      *metricStats `json:"revenue_stats,omitempty"`
	// The same comparisons before CUPED (equal to the above where CUPED did not apply).
	UnadjustedStats        *metricStats `json:"unadjusted_stats,omitempty"`
	UnadjustedRevenueStats *metricStats `json:"unadjusted_revenue_stats,omitempty"`
	CanDeclareWinner       bool         `json:"can_declare_winner"`
}

// resultsHandler answers an experiment's members with per-variant figures for a goal (the
// primary goal unless ?goal= names one of its secondary goals), in the statistics engine's Case
// shape, with the sample-ratio inputs and the daily cumulative series.
func resultsHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if e.Auth == nil {
			return e.UnauthorizedError("Sign in to view experiment results.", nil)
		}
		exp, err := e.App.FindRecordById("experiments", e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("Experiment not found.", nil)
		}
		if _, err := access.RequireSiteRole(e, exp.GetString("site_id"), access.Viewer,
			access.Messages{NotFound: "Experiment not found.", Superusers: true}); err != nil {
			return err
		}
		body, ok, err := Results(e.App, store, exp, e.Request.URL.Query().Get("goal"))
		if !ok {
			return e.BadRequestError(GoalNotInExperiment, nil)
		}
		if err != nil {
			return e.InternalServerError("Could not read the experiment's results.", err)
		}
		return e.JSON(http.StatusOK, body)
	}
}

func secondaryGoals(exp *core.Record) []string {
	var secondary []string
	raw, _ := json.Marshal(exp.Get("secondary_goals"))
	_ = json.Unmarshal(raw, &secondary)
	return secondary
}

// Results is an experiment's results for a goal ("" for its primary goal) in the shape of the
// results route: what the public API's GET /v1/experiments/{id}/results answers too. ok is false
// when goal is neither the primary goal nor a secondary one.
func Results(app core.App, store eventstore.Store, exp *core.Record, goal string) (body map[string]any, ok bool, err error) {
	primary := exp.GetString("primary_goal")
	if goal == "" {
		goal = primary
	}
	if goal != primary && !slices.Contains(secondaryGoals(exp), goal) {
		return nil, false, nil
	}
	// One check of what the store holds for the page's every figure (eventstore.ExperimentPinner).
	store = eventstore.Pinned(store)
	body, _, err = results(app, store, exp, goal)
	if err == nil {
		err = withGuardrails(app, store, exp, body)
	}
	return body, true, err
}

// results reads an experiment's figures for one goal and analyzes them: CUPED where it applies,
// then the correction over every goal's comparisons.
func results(app core.App, store eventstore.Store, exp *core.Record, goal string) (map[string]any, analysis, error) {
	defs := variantDefsOf(exp)
	goalInfo := map[string]any{"id": goal, "name": "Revenue", "type": revenueGoal}
	if ratio, _ := isRatio(goal); ratio {
		goalInfo = ratioGoalInfo(app, goal)
	} else if goal != revenueGoal {
		goalInfo["name"], goalInfo["type"] = "", ""
		if g, err := app.FindRecordById("goals", goal); err == nil {
			goalInfo["name"], goalInfo["type"] = g.GetString("name"), g.GetString("type")
		}
	}
	withRevenue := slices.Contains(experimentGoals(exp), revenueGoal)
	in, err := readGoal(app, store, exp, defs, goal, withRevenue && goal != revenueGoal)
	if err != nil {
		return nil, analysis{}, err
	}
	// The other goals' comparisons, for the family the correction adjusts over.
	others := [][]*metricStats{}
	for _, g := range experimentGoals(exp) {
		if g == goal || g == revenueGoal {
			continue
		}
		o, err := readGoal(app, store, exp, defs, g, false)
		if err != nil {
			return nil, analysis{}, err
		}
		others = append(others, analyzeFigures(exp, defs, false, false, o).Primary)
	}
	in.others = others
	body, a := resultsBody(exp, defs, goal == revenueGoal, goalInfo, in, expparts.RulesOverriddenBy(app, exp))
	body["testType"] = testTypeOf(exp)
	body["mainEffects"] = nil
	if testTypeOf(exp) == "multivariate" && in.ratio == nil {
		body["mainEffects"] = mainEffectsOf(sectionsOf(exp), body["variants"].([]variantResult), goal == revenueGoal, exp.GetString("correction"))
	}
	body["bandit"] = nil
	if exp.GetBool("bandit") {
		if err := withBandit(app, store, exp, defs, body, &a); err != nil {
			return nil, analysis{}, err
		}
	}
	return body, a, nil
}

// withBandit adds a bandit's weight history, and judges its traffic split period by period: the
// configured weights moved, so the whole test's counts say nothing against today's weights.
func withBandit(app core.App, store eventstore.Store, exp *core.Record, defs []variantDef, body map[string]any, a *analysis) error {
	history, ok, err := banditHistory(app, store, exp, defs)
	if err != nil {
		return err
	}
	minP := 1.0
	for _, p := range history {
		minP = min(minP, p.SRMPValue)
	}
	a.SRMPValue, a.SRMOk = minP, ok
	srm := body["srm"].(map[string]any)
	srm["p_value"], srm["srm_ok"], srm["per_period"] = minP, ok, true
	variants := body["variants"].([]variantResult)
	for i := range variants {
		variants[i].CanDeclareWinner = i > 0 && a.canDeclareWinner(exp.GetString("status"), i)
	}
	body["bandit"] = map[string]any{
		"interval_hours": exp.GetFloat("bandit_interval_hours"),
		"min_weight":     exp.GetFloat("bandit_min_weight"),
		"periods":        history,
	}
	return nil
}

// goalInput is what the analysis of one goal reads: the per-variant figures, CUPED's sums for the
// goal (and for revenue per visitor when it is shown beside it), the window, and the other goals'
// comparisons for the correction.
type goalInput struct {
	figures           eventstore.ExperimentFigures
	windowDays        int
	covariates        []CovariateSums
	revenueCovariates []CovariateSums
	others            [][]*metricStats
	// A ratio metric's sums (nil for a goal or revenue).
	ratio []eventstore.RatioSums
	// Post-stratification: the dimension in force and the sums per variant and stratum.
	dimension string
	strata    []CovariateSums
}

// readGoal reads one goal's figures and, with a CUPED window, its covariate sums; withRevenue also
// reads revenue's covariate sums (revenue per visitor shown beside the goal: its figures are the
// goal's revenue rows), with the goal's in one pass where the store can (eventstore.CovariatePairStore).
func readGoal(app core.App, store eventstore.Store, exp *core.Record, defs []variantDef, goal string, withRevenue bool) (goalInput, error) {
	q := eventstore.ExperimentQuery{SiteID: exp.GetString("site_id"), ExperimentID: exp.Id}
	if goal == revenueGoal {
		q.Revenue = true
	} else {
		q.GoalID = goal
	}
	rq := eventstore.ExperimentQuery{SiteID: q.SiteID, ExperimentID: q.ExperimentID, Revenue: true}
	in := goalInput{windowDays: exp.GetInt("cuped_window_days")}
	var err error
	if in.figures, err = store.ExperimentResults(q); err != nil {
		return in, err
	}
	// Exposed visitors are the same for every goal (the SQLite store checks its kept sums against them).
	exposed := 0.0
	for _, v := range in.figures.Variants {
		exposed += v.Users
	}
	dimension := stratifyDimension(exp.GetString("post_stratification"))
	cuped := in.windowDays > 0 || dimension != stratifyNone
	if ratio, _ := isRatio(goal); ratio {
		rows, err := ratioSums(store, exp, goal, in.windowDays)
		in.ratio = ratioInOrder(rows, defs)
		if err != nil || !withRevenue || !cuped {
			return in, err
		}
		rev, err := covariates(store, rq, in.windowDays, dimension, exposed)
		in.revenueCovariates = covariatesInOrder(rev, defs)
		return in, err
	}
	in.dimension = dimension
	if !cuped {
		return in, nil
	}
	var rows, rev []CovariateSums
	if ps, ok := store.(eventstore.CovariatePairStore); ok && withRevenue && !q.Revenue {
		goalCells, revCells, err := ps.ExperimentCovariatesWithRevenue(q, in.windowDays)
		if err != nil {
			return in, err
		}
		rows, rev = expfigures.CellsByStratum(goalCells, dimension), expfigures.CellsByStratum(revCells, dimension)
	} else {
		if rows, err = covariates(store, q, in.windowDays, dimension, exposed); err != nil {
			return in, err
		}
		if withRevenue {
			if rev, err = covariates(store, rq, in.windowDays, dimension, exposed); err != nil {
				return in, err
			}
		}
	}
	in.covariates, in.strata = covariatesInOrder(rows, defs), rows
	if withRevenue {
		in.revenueCovariates = covariatesInOrder(rev, defs)
	}
	return in, nil
}

func variantDefsOf(exp *core.Record) []variantDef {
	var defs []variantDef
	raw, _ := json.Marshal(exp.Get("variants"))
	_ = json.Unmarshal(raw, &defs)
	return defs
}

// withGuardrails adds each guardrail's status and, for a test paused automatically, why.
func withGuardrails(app core.App, store eventstore.Store, exp *core.Record, body map[string]any) error {
	guardrails, err := guardrailResults(app, store, exp)
	if err != nil {
		return err
	}
	body["guardrails"] = guardrails
	body["pause"] = lastPause(app, exp)
	return nil
}

// resultsBody orders the figures by the experiment's variants (control first); a variant nobody
// saw yet has zeros, and exposures of keys the experiment no longer has are left out.
func resultsBody(exp *core.Record, defs []variantDef, revenue bool, goal map[string]any, in goalInput,
	overridden []expparts.OverriddenRule) (map[string]any, analysis) {
	variants, weights := orderedVariants(defs, in.figures)
	withRevenue := slices.Contains(experimentGoals(exp), revenueGoal)
	a := analyzeFigures(exp, defs, revenue, withRevenue, in)
	family := append([][]*metricStats{a.Primary}, in.others...)
	if a.Revenue != nil && !revenue && withRevenue {
		family = append(family, a.Revenue)
	}
	a.Correction = correctFamily(exp.GetString("correction"), len(defs), family)
	status := exp.GetString("status")
	binomial := make([]any, len(defs))
	mean := make([]any, len(defs))
	users := make([]float64, len(defs))
	for i := range variants {
		if in.ratio != nil && in.ratio[i].Denominator > 0 {
			variants[i].Rate = in.ratio[i].Numerator / in.ratio[i].Denominator
		}
		binomial[i] = binomialVariant{Users: variants[i].Users, Conversions: variants[i].Conversions}
		mean[i] = eventstore.MeanFigures(variants[i].Revenue)
		users[i] = variants[i].Users
		variants[i].Stats = a.Primary[i]
		variants[i].UnadjustedStats = a.PrimaryUnadjusted[i]
		if a.Revenue != nil {
			variants[i].RevenueStats = a.Revenue[i]
			variants[i].UnadjustedRevenueStats = a.RevenueUnadjusted[i]
		}
		variants[i].CanDeclareWinner = i > 0 && a.canDeclareWinner(status, i)
	}
	conversion := statsCase{Metric: "binomial", Variants: binomial, Weights: weights}
	revenueCase := statsCase{Metric: "mean", Variants: mean, Weights: weights}
	primary := conversion
	if revenue {
		primary = revenueCase
	}
	return map[string]any{
		"experimentId": exp.Id,
		"status":       status,
		"startedAt":    exp.GetString("started_at"),
		"endedAt":      exp.GetString("ended_at"),
		"goal":         goal,
		"variants":     variants,
		// The engine's inputs: the goal's case (binomial, or mean for revenue) and revenue per visitor.
		"case":        primary,
		"revenueCase": revenueCase,
		// CUPED on the goal's metric and on revenue per visitor (null when off or not shown).
		"cuped":        a.PrimaryCUPED,
		"revenueCuped": a.RevenueCUPED,
		"correction":   a.Correction,
		// A ratio metric's engine input (schema v2, category ratio), null for a goal or revenue.
		"ratioCase": a.Ratio,
		// Post-stratification of the goal's metric by a pre-exposure dimension (null when off).
		"postStratification": a.PostStratification,
		// Sample-ratio mismatch: exposed visitors per variant against the configured weights.
		"srm":             map[string]any{"observed": users, "weights": weights, "p_value": a.SRMPValue, "srm_ok": a.SRMOk},
		"daily":           dailyInOrder(in.figures.Daily, defs),
		"overriddenRules": overridden,
	}, a
}

// orderedVariants gives the figures in the experiment's variant order, with the configured weights.
func orderedVariants(defs []variantDef, f eventstore.ExperimentFigures) ([]variantResult, []float64) {
	byKey := map[string]eventstore.VariantFigures{}
	for _, v := range f.Variants {
		byKey[v.Variant] = v
	}
	variants := make([]variantResult, len(defs))
	weights := make([]float64, len(defs))
	for i, d := range defs {
		v := byKey[d.Key]
		variants[i] = variantResult{variantDef: d, Users: v.Users, Conversions: v.Conversions, Revenue: v.Revenue}
		variants[i].Revenue.Count = v.Users
		weights[i] = d.Weight
		if v.Users > 0 {
			variants[i].Rate = v.Conversions / v.Users
			variants[i].RevenuePerVisitor = v.Revenue.Sum / v.Users
		}
	}
	return variants, weights
}

// analyzeFigures is the engine's verdict on one goal's figures, with CUPED where it applies.
func analyzeFigures(exp *core.Record, defs []variantDef, revenue, withRevenue bool, in goalInput) analysis {
	variants, weights := orderedVariants(defs, in.figures)
	a := analyze(variants, weights, revenue, withRevenue)
	a.PrimaryUnadjusted, a.RevenueUnadjusted = a.Primary, a.Revenue
	metric := stats.MetricBinomial
	if revenue {
		metric = stats.MetricMean
	}
	if in.ratio != nil {
		a.Primary, a.Ratio = ratioStats(in.ratio)
		a.PrimaryUnadjusted = a.Primary
		a.Primary, a.PrimaryCUPED = withRatioCUPED(in.ratio, a.Primary, in.windowDays)
	} else {
		a.Primary, a.PrimaryCUPED = withCUPED(metric, in.covariates, a.Primary, in.windowDays)
	}
	if in.ratio == nil && in.strata != nil {
		cuped := a.PrimaryCUPED != nil && slices.Contains(a.PrimaryCUPED.Applied, true)
		a.Primary, a.PostStratification = withPostStratification(metric, in.dimension, in.strata, defs, a.Primary, cuped)
	}
	if a.Revenue != nil {
		if revenue {
			a.Revenue, a.RevenueCUPED = a.Primary, a.PrimaryCUPED
		} else {
			a.Revenue, a.RevenueCUPED = withCUPED(stats.MetricMean, in.revenueCovariates, a.Revenue, in.windowDays)
		}
	}
	return a
}

// dailyInOrder gives each day's cumulative figures in the experiment's variant order.
func dailyInOrder(days []eventstore.ExperimentDay, defs []variantDef) []eventstore.ExperimentDay {
	out := make([]eventstore.ExperimentDay, len(days))
	for i, d := range days {
		byKey := map[string]eventstore.CumulativeFigures{}
		for _, v := range d.Variants {
			byKey[v.Variant] = v
		}
		out[i] = eventstore.ExperimentDay{Day: d.Day, Variants: make([]eventstore.CumulativeFigures, len(defs))}
		for j, def := range defs {
			v := byKey[def.Key]
			v.Variant = def.Key
			out[i].Variants[j] = v
		}
	}
	return out
}
