package experiments

import (
	"cro/pocketbase/experiments/stats"
)

// srmThreshold is the sample-ratio-mismatch p-value below which a traffic split is treated as
// broken: results of such an experiment are not trustworthy, whatever they say.
const srmThreshold = 0.001

// winnerChance is the chance to beat control a variant needs before it can be declared the winner.
const winnerChance = 0.95

// metricStats is one variant against the control on one metric, as the screens show it.
type metricStats struct {
	Status           stats.Status   `json:"status"`
	ControlMean      float64        `json:"control_mean"`
	VariantMean      float64        `json:"variant_mean"`
	Uplift           float64        `json:"uplift"`    // relative: (variant - control) / control
	UpliftCI         stats.Interval `json:"uplift_ci"` // 95%
	PValue           float64        `json:"p_value"`   // two-sided, fixed horizon
	SequentialCI     stats.Interval `json:"sequential_ci"`
	SequentialPValue float64        `json:"sequential_p_value"`
	ChanceToBeat     float64        `json:"chance_to_beat_control"`
	Risk             [2]float64     `json:"risk"` // [choosing control, choosing the variant]
	SE               float64        `json:"se"`   // of the relative uplift
	// CUPED: the figures are regression-adjusted for the visitors' pre-exposure behaviour.
	CUPED bool `json:"cuped"`
	// Post-stratified by a pre-exposure dimension (device class or new/returning).
	PostStratified bool `json:"post_stratified"`
	// The p-value and 95% interval corrected for the experiment's family of comparisons (the
	// correction in force, correction.go); null when no correction applies.
	PValueAdjusted   *float64        `json:"p_value_adjusted"`
	UpliftCIAdjusted *stats.Interval `json:"uplift_ci_adjusted"`
}

// statsOf is a comparison as the screens show it.
func statsOf(status stats.Status, controlMean, variantMean, effect, se float64, two stats.FixedTest,
	seq stats.SequentialTest, bayes stats.Bayesian) *metricStats {
	return &metricStats{
		Status: status, ControlMean: controlMean, VariantMean: variantMean, Uplift: effect, SE: se,
		UpliftCI: two.CI, PValue: two.PValue, SequentialCI: seq.CI, SequentialPValue: seq.PValue,
		ChanceToBeat: bayes.ChanceToWin, Risk: bayes.Risk,
	}
}

// analysis is the engine's verdict on an experiment's figures.
type analysis struct {
	SRMPValue float64
	SRMOk     bool
	// Per variant in the experiment's order; nil for the control and when the engine has no input.
	Primary []*metricStats
	Revenue []*metricStats
	// The engine's comparisons before CUPED (the same as Primary and Revenue where it did not apply).
	PrimaryUnadjusted  []*metricStats
	RevenueUnadjusted  []*metricStats
	PrimaryCUPED       *cupedSummary
	RevenueCUPED       *cupedSummary
	Correction         correctionSummary
	Ratio              *stats.CaseV2 // a ratio metric's input to the engine
	PostStratification *poststratSummary
}

// analyze runs the statistics engine on the per-variant figures: the primary metric (the goal's
// conversions, or revenue per visitor), revenue per visitor when asked, and the traffic split.
func analyze(variants []variantResult, weights []float64, revenuePrimary, withRevenue bool) analysis {
	binomial := make([]stats.Variant, len(variants))
	mean := make([]stats.Variant, len(variants))
	users := make([]float64, len(variants))
	for i, v := range variants {
		binomial[i] = stats.Variant{Users: v.Users, Conversions: v.Conversions}
		mean[i] = stats.Variant{Count: v.Revenue.Count, Sum: v.Revenue.Sum, SumSquares: v.Revenue.SumSquares}
		users[i] = v.Users
	}
	srm := stats.SRMPValue(users, weights)
	out := analysis{SRMPValue: srm, SRMOk: srm >= srmThreshold}
	revenue := compareAll(stats.MetricMean, mean, weights)
	if revenuePrimary {
		out.Primary = revenue
	} else {
		out.Primary = compareAll(stats.MetricBinomial, binomial, weights)
	}
	if withRevenue || revenuePrimary {
		out.Revenue = revenue
	}
	return out
}

// compareAll is each variant against the control (index 0); nothing when the engine refuses the input.
func compareAll(metric stats.Metric, variants []stats.Variant, weights []float64) []*metricStats {
	out := make([]*metricStats, len(variants))
	if len(variants) < 2 {
		return out
	}
	res, err := stats.Analyze(stats.Case{Metric: metric, Variants: variants, Weights: weights})
	if err != nil {
		return out
	}
	for _, c := range res.Comparisons {
		// An arm nobody was exposed to has no figure to compare: the engine's neutral answer
		// (a 50% chance to win) would read as a result, so the screens show nothing yet.
		if !hasData(variants[0]) || !hasData(variants[c.Variant]) {
			continue
		}
		out[c.Variant] = statsOf(c.Status, c.ControlMean, c.VariantMean, c.Effect, c.SE, c.TwoSided, c.Sequential, c.Bayesian)
	}
	return out
}

// winnerAdjustedP is the same bar after a correction: a 95% chance to beat the control is a
// one-sided 5% (a two-sided p of 10%), so the corrected two-sided p-value must be at most 10%.
const winnerAdjustedP = 2 * (1 - winnerChance)

// canDeclareWinner: the experiment is running, its traffic split is sound and the variant beats
// the control on the primary metric with at least 95% chance, and with the correction in force
// (correction.go) its adjusted p-value still clears the same bar.
func (a analysis) canDeclareWinner(status string, index int) bool {
	s := a.Primary[index]
	return status == "running" && a.SRMOk && s != nil && s.Status == stats.StatusOK && s.ChanceToBeat >= winnerChance &&
		(s.PValueAdjusted == nil || *s.PValueAdjusted <= winnerAdjustedP)
}

// hasData: the arm has exposed visitors (a proportion) or observations (a mean).
func hasData(v stats.Variant) bool {
	return v.Users > 0 || v.Count > 0
}
