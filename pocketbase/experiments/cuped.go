package experiments

import (
	"cro/pocketbase/experiments/stats"
)

// cupedSummary tells the screens what CUPED did to a metric: the window, the engine's input (so
// anyone can recompute the figures) and, per variant, the share of the effect's variance removed
// (null where CUPED did not apply: the control, no data, or no pre-exposure behaviour to use).
type cupedSummary struct {
	WindowDays        int          `json:"window_days"`
	Case              stats.CaseV2 `json:"case"`
	Applied           []bool       `json:"applied"`
	VarianceReduction []*float64   `json:"variance_reduction"`
}

// withCUPED replaces each variant's unadjusted comparison with CUPED's where it applies: both
// arms have data, the engine's comparison is ok and θ is not 0 (some visitor had pre-exposure
// behaviour that explains part of the outcome). sums are in the experiment's variant order.
func withCUPED(metric stats.Metric, sums []CovariateSums, unadjusted []*metricStats, windowDays int) ([]*metricStats, *cupedSummary) {
	shown := copies(unadjusted)
	if windowDays <= 0 || len(sums) < 2 {
		return shown, nil
	}
	c := stats.CaseV2{Category: stats.CategoryCUPED, Metric: metric, CUPED: true, Variants: make([]stats.VariantV2, len(sums))}
	for i, s := range sums {
		c.Variants[i] = covariateVariant(metric, s)
	}
	summary := &cupedSummary{WindowDays: windowDays, Case: c, Applied: make([]bool, len(sums)), VarianceReduction: make([]*float64, len(sums))}
	adjustByCUPED(c, unadjusted, shown, summary)
	return shown, summary
}

// covariateVariant is one arm's sums in the engine's v2 shape (a binomial value has no squares).
func covariateVariant(metric stats.Metric, s CovariateSums) stats.VariantV2 {
	v := stats.VariantV2{Count: s.Count, Post: &stats.Sums{Sum: s.Post}, Pre: &stats.Sums{Sum: s.Pre}}
	products := s.Products
	v.PostPreSumOfProducts = &products
	if metric == stats.MetricMean {
		post, pre := s.PostSquares, s.PreSquares
		v.Post.SumSquares, v.Pre.SumSquares = &post, &pre
	}
	return v
}

// covariatesInOrder gives the sums over every stratum in the experiment's variant order (zeros for
// a variant nobody saw).
func covariatesInOrder(rows []CovariateSums, defs []variantDef) []CovariateSums {
	byKey := map[string]CovariateSums{}
	for _, r := range rows {
		byKey[r.Variant] = addSums(byKey[r.Variant], r)
	}
	out := make([]CovariateSums, len(defs))
	for i, d := range defs {
		out[i] = byKey[d.Key]
		out[i].Variant, out[i].Stratum = d.Key, ""
	}
	return out
}

func addSums(a, b CovariateSums) CovariateSums { return a.Add(b) }

// adjustByCUPED shows, for each variant where the engine's CUPED comparison of c applies, the
// adjusted figures in place of the unadjusted ones, and notes the variance reduction achieved.
func adjustByCUPED(c stats.CaseV2, unadjusted, shown []*metricStats, summary *cupedSummary) {
	res, err := stats.AnalyzeV2(c)
	if err != nil {
		return
	}
	for _, cmp := range res.Comparisons {
		u := unadjusted[cmp.Variant]
		if u == nil || u.Status != stats.StatusOK || cmp.Status != stats.StatusOK || cmp.Theta == nil || *cmp.Theta == 0 || u.SE == 0 {
			continue
		}
		s := statsOf(cmp.Status, cmp.ControlMean, cmp.VariantMean, cmp.Effect, cmp.SE, cmp.TwoSided, cmp.Sequential, cmp.Bayesian)
		s.CUPED = true
		shown[cmp.Variant] = s
		r := 1 - (cmp.SE*cmp.SE)/(u.SE*u.SE)
		summary.Applied[cmp.Variant], summary.VarianceReduction[cmp.Variant] = true, &r
	}
}

// copies of the unadjusted figures to show: the correction later marks the shown figures, never
// the unadjusted ones.
func copies(unadjusted []*metricStats) []*metricStats {
	shown := make([]*metricStats, len(unadjusted))
	for i, u := range unadjusted {
		if u != nil {
			c := *u
			shown[i] = &c
		}
	}
	return shown
}
