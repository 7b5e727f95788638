package programimpact

import "cro/pocketbase/experiments/stats"

// judge fills the rates and, with enough visitors on each side, the engine's comparisons of
// everyone else with the holdout (the control).
func judge(out *Impact) {
	for _, a := range []*Arm{&out.Holdout, &out.Everyone} {
		if a.Visitors > 0 {
			a.Rate = float64(a.Conversions) / float64(a.Visitors)
			a.RevenuePerVisitor = a.Revenue / float64(a.Visitors)
		}
	}
	if out.Holdout.Visitors < MinPerArm || out.Everyone.Visitors < MinPerArm {
		out.Reason = "Not enough data yet: the holdout and everyone else each need at least 100 visitors."
		return
	}
	h := float64(out.HoldoutPercentage)
	weights := []float64{h, 100 - h}
	out.Conversion = compare(stats.Case{Metric: stats.MetricBinomial, Weights: weights, Variants: []stats.Variant{
		{Users: float64(out.Holdout.Visitors), Conversions: float64(out.Holdout.Conversions)},
		{Users: float64(out.Everyone.Visitors), Conversions: float64(out.Everyone.Conversions)},
	}})
	out.Revenue = compare(stats.Case{Metric: stats.MetricMean, Weights: weights, Variants: []stats.Variant{
		{Count: float64(out.Holdout.Visitors), Sum: out.Holdout.Revenue, SumSquares: out.Holdout.revenueSquares},
		{Count: float64(out.Everyone.Visitors), Sum: out.Everyone.Revenue, SumSquares: out.Everyone.revenueSquares},
	}})
	if out.Conversion == nil && out.Revenue == nil {
		out.Reason = "No conversions or revenue to compare yet."
	}
}

// compare is the engine's relative difference with its 95% interval, or nil when it has none
// (no conversions, no revenue, no variance).
func compare(c stats.Case) *Comparison {
	res, err := stats.Analyze(c)
	if err != nil || len(res.Comparisons) != 1 || res.Comparisons[0].Status != stats.StatusOK {
		return nil
	}
	x := res.Comparisons[0]
	return &Comparison{Uplift: x.Effect, UpliftCI: x.TwoSided.CI, PValue: x.TwoSided.PValue}
}
