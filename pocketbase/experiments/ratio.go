package experiments

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments/stats"
)

// Ratio metrics (src/lib/experiment-metrics.ts): per exposed visitor since the first exposure, a
// numerator over a denominator, compared by the delta method. Sessions are those active at or
// after the exposure (their page views count whole); orders are purchases. Raw events and
// sessions are pruned by retention, so these figures cover the retention window.
const (
	revenuePerSession = "revenue_per_session"
	averageOrderValue = "average_order_value"
	pagesPerSession   = "pages_per_session"
	goalPerSession    = "goal_per_session:"
)

// isRatio reports whether a goal reference is a ratio metric, and the goal of a goal per session.
func isRatio(goal string) (ok bool, goalID string) {
	switch goal {
	case revenuePerSession, averageOrderValue, pagesPerSession:
		return true, ""
	}
	if id, found := strings.CutPrefix(goal, goalPerSession); found && id != "" {
		return true, id
	}
	return false, ""
}

// ratioSums reads a ratio metric's sums per variant from the event store, with CUPED's
// pre-exposure sums over the window (windowDays 0: none).
func ratioSums(store eventstore.Store, exp *core.Record, goal string, windowDays int) ([]eventstore.RatioSums, error) {
	return store.RatioSums(ratioQuery(exp, goal, windowDays))
}

// ratioQuery is the store's query of a ratio metric of an experiment.
func ratioQuery(exp *core.Record, goal string, windowDays int) eventstore.RatioQuery {
	_, goalID := isRatio(goal)
	q := eventstore.RatioQuery{SiteID: exp.GetString("site_id"), ExperimentID: exp.Id, GoalID: goalID, WindowDays: windowDays,
		Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioSessions}
	switch {
	case goal == averageOrderValue:
		q.Denominator = eventstore.RatioOrders
	case goal == pagesPerSession:
		q.Numerator = eventstore.RatioPages
	case goalID != "":
		q.Numerator = eventstore.RatioGoal
	}
	return q
}

// withRatioCUPED replaces each variant's delta-method comparison with the engine's CUPED ratio
// (regression on the pre-exposure numerator and denominator) where it applies, as withCUPED does.
func withRatioCUPED(sums []eventstore.RatioSums, unadjusted []*metricStats, windowDays int) ([]*metricStats, *cupedSummary) {
	shown := copies(unadjusted)
	if windowDays <= 0 || len(sums) < 2 {
		return shown, nil
	}
	c := stats.CaseV2{Category: stats.CategoryCUPED, Metric: stats.MetricRatio, CUPED: true,
		RatioComponents: &stats.RatioComponents{Numerator: stats.MetricMean, Denominator: stats.MetricMean}}
	for _, s := range sums {
		num2, den2, npre2, dpre2 := s.NumeratorSquares, s.DenominatorSquares, s.NumeratorPreSquares, s.DenominatorPreSquares
		c.Variants = append(c.Variants, stats.VariantV2{Count: s.Count,
			Numerator:      &stats.Sums{Sum: s.Numerator, SumSquares: &num2},
			Denominator:    &stats.Sums{Sum: s.Denominator, SumSquares: &den2},
			NumeratorPre:   &stats.Sums{Sum: s.NumeratorPre, SumSquares: &npre2},
			DenominatorPre: &stats.Sums{Sum: s.DenominatorPre, SumSquares: &dpre2},
			Products: &stats.RatioProducts{NumeratorDenominator: s.Products, NumeratorNumeratorPre: s.NumeratorNumeratorPre,
				DenominatorDenominatorPre: s.DenominatorDenominatorPre, NumeratorPreDenominatorPre: s.NumeratorPreDenominatorPre,
				NumeratorDenominatorPre: s.NumeratorDenominatorPre, NumeratorPreDenominator: s.NumeratorPreDenominatorPlain}})
	}
	summary := &cupedSummary{WindowDays: windowDays, Case: c, Applied: make([]bool, len(sums)), VarianceReduction: make([]*float64, len(sums))}
	if sums[0].Count == 0 {
		return shown, summary
	}
	adjustByCUPED(c, unadjusted, shown, summary)
	return shown, summary
}

// ratioStats compares each variant's ratio with the control's; nothing for an arm without visitors.
func ratioStats(sums []eventstore.RatioSums) ([]*metricStats, *stats.CaseV2) {
	out := make([]*metricStats, len(sums))
	c := stats.CaseV2{Category: stats.CategoryRatio, Metric: stats.MetricRatio,
		RatioComponents: &stats.RatioComponents{Numerator: stats.MetricMean, Denominator: stats.MetricMean}}
	for _, s := range sums {
		num2, den2, prod := s.NumeratorSquares, s.DenominatorSquares, s.Products
		c.Variants = append(c.Variants, stats.VariantV2{Count: s.Count,
			Numerator:                         &stats.Sums{Sum: s.Numerator, SumSquares: &num2},
			Denominator:                       &stats.Sums{Sum: s.Denominator, SumSquares: &den2},
			NumeratorDenominatorSumOfProducts: &prod})
	}
	if len(sums) < 2 {
		return out, &c
	}
	res, err := stats.AnalyzeV2(c)
	if err != nil {
		return out, &c
	}
	for _, cmp := range res.Comparisons {
		if sums[0].Count == 0 || sums[cmp.Variant].Count == 0 {
			continue
		}
		out[cmp.Variant] = statsOf(cmp.Status, cmp.ControlMean, cmp.VariantMean, cmp.Effect, cmp.SE, cmp.TwoSided, cmp.Sequential, cmp.Bayesian)
	}
	return out, &c
}

// ratioInOrder gives the sums in the experiment's variant order (zeros for a variant nobody saw).
func ratioInOrder(rows []eventstore.RatioSums, defs []variantDef) []eventstore.RatioSums {
	byKey := map[string]eventstore.RatioSums{}
	for _, r := range rows {
		byKey[r.Variant] = r
	}
	out := make([]eventstore.RatioSums, len(defs))
	for i, d := range defs {
		out[i] = byKey[d.Key]
		out[i].Variant = d.Key
	}
	return out
}

// ratioNames are the screens' names of the ratio metrics (RATIO_METRIC_LABELS).
var ratioNames = map[string]string{revenuePerSession: "Revenue per session", averageOrderValue: "Average order value",
	pagesPerSession: "Pages per session"}

// ratioGoalInfo names a ratio metric for the results' goal.
func ratioGoalInfo(app core.App, goal string) map[string]any {
	name := ratioNames[goal]
	if _, id := isRatio(goal); id != "" {
		name = "Goal per session"
		if g, err := app.FindRecordById("goals", id); err == nil {
			name = g.GetString("name") + " per session"
		}
	}
	return map[string]any{"id": goal, "name": name, "type": "ratio"}
}
