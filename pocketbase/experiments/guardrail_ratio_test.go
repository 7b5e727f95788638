package experiments

import (
	"cro/pocketbase/eventstore"
	"testing"
)

// ratioArms is a control and a variant of n visitors each, each visitor with sessions sessions and
// a numerator per session spread evenly with some noise (num² a third above its square).
func ratioArms(metric string, n, sessions, controlPerSession, variantPerSession float64) []guardrailArm {
	sums := func(perSession float64) eventstore.RatioSums {
		num, den := perSession*sessions, sessions
		return eventstore.RatioSums{Count: n, Numerator: n * num, NumeratorSquares: n * num * num * 4 / 3, Denominator: n * den,
			DenominatorSquares: n * den * den * 5 / 4, Products: n * num * den * 1.1}
	}
	return []guardrailArm{
		{def: variantDef{Key: "control", Name: "Control"}, figures: eventstore.GuardrailFigures{Users: n},
			ratios: map[string]eventstore.RatioSums{metric: sums(controlPerSession)}},
		{def: variantDef{Key: "b", Name: "Variant B"}, figures: eventstore.GuardrailFigures{Users: n},
			ratios: map[string]eventstore.RatioSums{metric: sums(variantPerSession)}},
	}
}

func TestRatioGuardrailVerdicts(t *testing.T) {
	for _, c := range []struct {
		name   string
		metric string
		arms   []guardrailArm
		want   string
	}{
		{"revenue per session halved", revenuePerSession, ratioArms(revenuePerSession, 2000, 2, 10, 5), guardrailBreached},
		{"average order value up: never a breach", averageOrderValue, ratioArms(averageOrderValue, 2000, 1, 50, 80), guardrailOK},
		{"pages per session a little down: within the threshold", pagesPerSession, ratioArms(pagesPerSession, 5000, 3, 4, 3.8), guardrailOK},
		{"pages per session far down on a tiny sample", pagesPerSession, ratioArms(pagesPerSession, 99, 3, 4, 1), guardrailNotEnough},
		{"no sessions at all", revenuePerSession, ratioArms(revenuePerSession, 500, 0, 10, 5), guardrailOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := judgeGuardrails([]guardrailDef{{Metric: c.metric, Threshold: 20}}, c.arms)
			if len(got) != 1 || got[0].Status != c.want {
				t.Fatalf("got %+v, want %s", got, c.want)
			}
			if c.want == guardrailBreached && got[0].Reason == "" {
				t.Error("a breach names its reason")
			}
		})
	}
}
