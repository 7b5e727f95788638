package experiments

import (
	"encoding/json"
	"fmt"
	"math"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments/stats"
)

// Guardrails protect a running test from a variant that hurts the site. A guardrail is breached
// for a variant when all three hold:
//
//  1. both the control and the variant have at least GuardrailMinVisitors exposed visitors (fewer:
//     "not enough data", never a breach, so a handful of visitors cannot pause a test);
//  2. the variant is worse than the control by more than the guardrail's threshold, relative
//     (page-error or bounce rate higher, revenue per visitor lower; any errors against a control
//     without any count as worse by more than every threshold);
//  3. the difference is significant: the always-valid (sequential) 95% interval of the absolute
//     difference lies wholly on the worse side of zero. The guardrails are checked again every few
//     minutes, and a fixed-horizon test looked at that often would sooner or later pause a healthy
//     test by chance; the sequential interval keeps its 5% at every look. Rates are compared with
//     one visitor with and one without the outcome added to each arm (Agresti and Caffo's
//     adjustment), so that an arm without any errors yet still gives an interval; revenue per
//     visitor of an arm without any purchase is compared by its share of purchasers the same way.
//
// A breach pauses the whole experiment (guardrail_pause.go).

// GuardrailMinVisitors is the exposed visitors each of the control and a variant needs before a
// guardrail can judge them.
const GuardrailMinVisitors = 100

// Guardrail statuses, as the detail view shows them.
const (
	guardrailOK         = "ok"
	guardrailBreached   = "breached"
	guardrailNotEnough  = "not_enough_data"
	metricErrorRate     = "error_rate"
	metricBounceRate    = "bounce_rate"
	metricRevenuePerVis = "revenue_per_visitor"
)

var guardrailLabels = map[string]string{
	metricErrorRate:     "page-error rate",
	metricBounceRate:    "bounce rate",
	metricRevenuePerVis: "revenue per visitor",
}

type guardrailDef struct {
	Metric    string  `json:"metric"`
	Threshold float64 `json:"threshold"`
}

// guardrailVariant is one variant against the control on one guardrail. Values are rates (0-1)
// or revenue per visitor; Change is the relative change in percent (nil when the control is 0).
type guardrailVariant struct {
	Key          string         `json:"key"`
	Name         string         `json:"name"`
	Status       string         `json:"status"`
	Users        float64        `json:"users"`
	ControlUsers float64        `json:"control_users"`
	ControlValue float64        `json:"control_value"`
	VariantValue float64        `json:"variant_value"`
	Change       *float64       `json:"change"`
	SequentialCI stats.Interval `json:"sequential_ci"`
}

type guardrailResult struct {
	Metric    string             `json:"metric"`
	Threshold float64            `json:"threshold"`
	Status    string             `json:"status"`
	Variants  []guardrailVariant `json:"variants"`
	// MinVisitors is GuardrailMinVisitors, for the detail view's "not enough data".
	MinVisitors int `json:"min_visitors"`
	// Reason names the first breaching variant and its figures (empty unless breached).
	Reason string `json:"reason,omitempty"`
}

// guardrailArm is what the guardrails need of one arm, in the experiment's variant order.
type guardrailArm struct {
	def        variantDef
	figures    eventstore.GuardrailFigures
	revenue    eventstore.MeanFigures
	purchasers float64
	ratios     map[string]eventstore.RatioSums // per ratio guardrail (guardrail_ratio.go)
}

func guardrailDefs(raw any) []guardrailDef {
	var defs []guardrailDef
	b, _ := json.Marshal(raw)
	_ = json.Unmarshal(b, &defs)
	return defs
}

// guardrailArms joins the store's figures to the experiment's variants (control first); a
// variant nobody saw has zeros.
func guardrailArms(defs []variantDef, figures []eventstore.GuardrailFigures, results eventstore.ExperimentFigures) []guardrailArm {
	byKey := map[string]eventstore.GuardrailFigures{}
	for _, f := range figures {
		byKey[f.Variant] = f
	}
	revenue := map[string]eventstore.VariantFigures{}
	for _, v := range results.Variants {
		revenue[v.Variant] = v
	}
	arms := make([]guardrailArm, len(defs))
	for i, d := range defs {
		f := byKey[d.Key]
		r := revenue[d.Key]
		r.Revenue.Count = f.Users
		arms[i] = guardrailArm{def: d, figures: f, revenue: r.Revenue, purchasers: r.Conversions}
	}
	return arms
}

// judgeGuardrails evaluates every guardrail for every variant against the control.
func judgeGuardrails(guardrails []guardrailDef, arms []guardrailArm) []guardrailResult {
	out := make([]guardrailResult, 0, len(guardrails))
	for _, g := range guardrails {
		if _, known := guardrailLabels[g.Metric]; !known || len(arms) < 2 {
			continue
		}
		r := guardrailResult{Metric: g.Metric, Threshold: g.Threshold, Status: guardrailOK, Variants: []guardrailVariant{},
			MinVisitors: GuardrailMinVisitors}
		enough := true
		for _, arm := range arms[1:] {
			v := judgeVariant(g, arms[0], arm)
			if v.Status == guardrailBreached && r.Status != guardrailBreached {
				r.Status = guardrailBreached
				r.Reason = breachReason(g, v)
			}
			if v.Status == guardrailNotEnough {
				enough = false
			}
			r.Variants = append(r.Variants, v)
		}
		if r.Status != guardrailBreached && !enough {
			r.Status = guardrailNotEnough
		}
		out = append(out, r)
	}
	return out
}

func judgeVariant(g guardrailDef, control, arm guardrailArm) guardrailVariant {
	v := guardrailVariant{Key: arm.def.Key, Name: arm.def.Name, Status: guardrailOK, Users: arm.figures.Users,
		ControlUsers: control.figures.Users, SequentialCI: stats.Interval{math.Inf(-1), math.Inf(1)}}
	if ratio, _ := isRatio(g.Metric); ratio {
		significant := judgeRatio(g.Metric, control, arm, &v)
		if v.Users < GuardrailMinVisitors || v.ControlUsers < GuardrailMinVisitors {
			v.Status = guardrailNotEnough
		} else if significant && v.Change != nil && -*v.Change > g.Threshold {
			v.Status = guardrailBreached
		}
		return v
	}
	var metric stats.Metric
	var a, b stats.Variant
	higherIsWorse := true
	switch g.Metric {
	case metricErrorRate:
		metric = stats.MetricBinomial
		a = stats.Variant{Users: control.figures.Users, Conversions: control.figures.ErrorVisitors}
		b = stats.Variant{Users: arm.figures.Users, Conversions: arm.figures.ErrorVisitors}
	case metricBounceRate:
		metric = stats.MetricBinomial
		a = stats.Variant{Users: control.figures.Users, Conversions: control.figures.BouncedVisitors}
		b = stats.Variant{Users: arm.figures.Users, Conversions: arm.figures.BouncedVisitors}
	default:
		metric, higherIsWorse = stats.MetricMean, false
		a = stats.Variant{Count: control.revenue.Count, Sum: control.revenue.Sum, SumSquares: control.revenue.SumSquares}
		b = stats.Variant{Count: arm.revenue.Count, Sum: arm.revenue.Sum, SumSquares: arm.revenue.SumSquares}
	}
	v.ControlValue, v.VariantValue = meanOf(metric, a), meanOf(metric, b)
	if v.ControlValue != 0 {
		change := (v.VariantValue - v.ControlValue) / v.ControlValue * 100
		v.Change = &change
	}
	if v.Users < GuardrailMinVisitors || v.ControlUsers < GuardrailMinVisitors {
		v.Status = guardrailNotEnough
		return v
	}
	if metric == stats.MetricMean && (control.purchasers == 0 || arm.purchasers == 0) {
		metric = stats.MetricBinomial
		a = stats.Variant{Users: control.figures.Users, Conversions: control.purchasers}
		b = stats.Variant{Users: arm.figures.Users, Conversions: arm.purchasers}
	}
	if metric == stats.MetricBinomial {
		a = stats.Variant{Users: a.Users + 2, Conversions: a.Conversions + 1}
		b = stats.Variant{Users: b.Users + 2, Conversions: b.Conversions + 1}
	}
	res, err := stats.Analyze(stats.Case{Metric: metric, Variants: []stats.Variant{a, b}, Weights: []float64{1, 1},
		Settings: stats.Settings{DifferenceType: stats.Absolute}})
	if err != nil || len(res.Comparisons) != 1 || res.Comparisons[0].Status != stats.StatusOK {
		return v // no difference to speak of
	}
	ci := res.Comparisons[0].Sequential.CI
	v.SequentialCI = ci
	var worseBy float64 // relative, in percent
	var significant bool
	if higherIsWorse {
		significant = ci[0] > 0
		switch {
		case v.ControlValue > 0:
			worseBy = *v.Change
		case v.VariantValue > 0:
			worseBy = math.Inf(1)
		}
	} else {
		significant = ci[1] < 0
		if v.ControlValue > 0 {
			worseBy = -*v.Change
		}
	}
	if significant && worseBy > g.Threshold {
		v.Status = guardrailBreached
	}
	return v
}

func meanOf(metric stats.Metric, v stats.Variant) float64 {
	if metric == stats.MetricBinomial {
		if v.Users > 0 {
			return v.Conversions / v.Users
		}
		return 0
	}
	if v.Count > 0 {
		return v.Sum / v.Count
	}
	return 0
}

// breachReason says in one sentence what was breached, as the rollback record, the audit entry,
// the notification and the detail view show it.
func breachReason(g guardrailDef, v guardrailVariant) string {
	label := guardrailLabels[g.Metric]
	value := func(x float64) string {
		if g.Metric == metricRevenuePerVis || g.Metric == revenuePerSession || g.Metric == averageOrderValue || g.Metric == pagesPerSession {
			return fmt.Sprintf("%.2f", x)
		}
		return fmt.Sprintf("%.1f%%", x*100)
	}
	return fmt.Sprintf("%s's %s was %s against %s for the control, worse by more than the %g%% allowed (%s and %s visitors)",
		v.Name, label, value(v.VariantValue), value(v.ControlValue), g.Threshold, thousands(v.Users), thousands(v.ControlUsers))
}

func thousands(x float64) string {
	s := fmt.Sprintf("%.0f", x)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
