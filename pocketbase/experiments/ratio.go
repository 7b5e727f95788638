package experiments

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

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

const (
	sessionsSinceSQL = `(SELECT COUNT(*) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor AND s.last_seen_at >= x.ts)`
	pagesSinceSQL    = `(SELECT COALESCE(SUM(s.page_views), 0) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor
		AND s.last_seen_at >= x.ts)`
	ordersSinceSQL = `(SELECT COUNT(*) FROM events e WHERE e.type = 'custom' AND e.value > 0 AND e.site_id = x.site_id
		AND e.visitor = x.visitor AND e.ts >= x.ts)`
	goalSinceSQL = `(SELECT COUNT(*) FROM events e WHERE e.type = 'conversion' AND e.site_id = x.site_id AND e.visitor = x.visitor
		AND e.goal = {:goal} AND e.ts >= x.ts)`
	ratioTotalsSQL = `SELECT variant, COUNT(*) AS n, SUM(num) AS num, SUM(num * num) AS num2, SUM(den) AS den,
		SUM(den * den) AS den2, SUM(num * den) AS prod FROM (SELECT x.variant AS variant, `
	ratioFromSQL = ` FROM experiment_exposures x WHERE x.experiment = {:exp}) GROUP BY variant`
)

// RatioSums are one variant's sums of a ratio metric over its exposed visitors.
type RatioSums struct {
	Variant            string  `db:"variant" json:"variant"`
	Count              float64 `db:"n" json:"count"`
	Numerator          float64 `db:"num" json:"numerator"`
	NumeratorSquares   float64 `db:"num2" json:"numerator_squares"`
	Denominator        float64 `db:"den" json:"denominator"`
	DenominatorSquares float64 `db:"den2" json:"denominator_squares"`
	Products           float64 `db:"prod" json:"products"`
}

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

// ratioSums reads a ratio metric's sums per variant in one query over the experiment's exposures.
func ratioSums(app core.App, exp *core.Record, goal string) ([]RatioSums, error) {
	_, goalID := isRatio(goal)
	num, den := "x.revenue", sessionsSinceSQL
	switch {
	case goal == averageOrderValue:
		den = ordersSinceSQL
	case goal == pagesPerSession:
		num = pagesSinceSQL
	case goalID != "":
		num = goalSinceSQL
	}
	var rows []RatioSums
	err := app.DB().NewQuery(ratioTotalsSQL + num + " AS num, " + den + " AS den" + ratioFromSQL).
		Bind(dbx.Params{"exp": exp.Id, "goal": goalID}).All(&rows)
	return rows, err
}

// ratioStats compares each variant's ratio with the control's; nothing for an arm without visitors.
func ratioStats(sums []RatioSums) ([]*metricStats, *stats.CaseV2) {
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
func ratioInOrder(rows []RatioSums, defs []variantDef) []RatioSums {
	byKey := map[string]RatioSums{}
	for _, r := range rows {
		byKey[r.Variant] = r
	}
	out := make([]RatioSums, len(defs))
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
