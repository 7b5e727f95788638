package experiments

import (
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments/stats"
)

// Ratio metrics as guardrails (issue 35): revenue per session, average order value and pages per
// session, lower being worse, judged like the other guardrails (at least GuardrailMinVisitors an
// arm; the always-valid 95% interval of the absolute difference, here the delta method's, wholly
// below zero; worse by more than the threshold, relative).

func init() {
	for metric, name := range map[string]string{revenuePerSession: "revenue per session", averageOrderValue: "average order value",
		pagesPerSession: "pages per session"} {
		guardrailLabels[metric] = name
	}
}

// withRatioSums adds each ratio guardrail's sums to the arms (one query per ratio guardrail).
func withRatioSums(store eventstore.Store, exp *core.Record, guardrails []guardrailDef, arms []guardrailArm) error {
	defs := make([]variantDef, len(arms))
	for i, a := range arms {
		defs[i] = a.def
	}
	for _, g := range guardrails {
		if ok, goalID := isRatio(g.Metric); !ok || goalID != "" {
			continue
		}
		rows, err := ratioSums(store, exp, g.Metric, 0)
		if err != nil {
			return err
		}
		for i, s := range ratioInOrder(rows, defs) {
			if arms[i].ratios == nil {
				arms[i].ratios = map[string]eventstore.RatioSums{}
			}
			arms[i].ratios[g.Metric] = s
		}
	}
	return nil
}

// judgeRatio fills a ratio guardrail's values and sequential interval; significant is true when
// the variant's ratio is lower than the control's beyond the interval.
func judgeRatio(metric string, control, arm guardrailArm, v *guardrailVariant) (significant bool) {
	a, b := control.ratios[metric], arm.ratios[metric]
	if a.Denominator > 0 {
		v.ControlValue = a.Numerator / a.Denominator
	}
	if b.Denominator > 0 {
		v.VariantValue = b.Numerator / b.Denominator
	}
	if v.ControlValue != 0 {
		change := (v.VariantValue - v.ControlValue) / v.ControlValue * 100
		v.Change = &change
	}
	if a.Denominator == 0 || b.Denominator == 0 {
		return false
	}
	c := stats.CaseV2{Category: stats.CategoryRatio, Metric: stats.MetricRatio,
		RatioComponents: &stats.RatioComponents{Numerator: stats.MetricMean, Denominator: stats.MetricMean},
		Settings:        stats.SettingsV2{Settings: stats.Settings{DifferenceType: stats.Absolute}}}
	for _, s := range []eventstore.RatioSums{a, b} {
		num2, den2, prod := s.NumeratorSquares, s.DenominatorSquares, s.Products
		c.Variants = append(c.Variants, stats.VariantV2{Count: s.Count,
			Numerator:                         &stats.Sums{Sum: s.Numerator, SumSquares: &num2},
			Denominator:                       &stats.Sums{Sum: s.Denominator, SumSquares: &den2},
			NumeratorDenominatorSumOfProducts: &prod})
	}
	res, err := stats.AnalyzeV2(c)
	if err != nil || len(res.Comparisons) != 1 || res.Comparisons[0].Status != stats.StatusOK {
		return false
	}
	v.SequentialCI = res.Comparisons[0].Sequential.CI
	return v.SequentialCI[1] < 0
}
