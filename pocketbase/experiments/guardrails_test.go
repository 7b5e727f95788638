package experiments

import (
	"cro/pocketbase/eventstore"
	"math"
	"testing"
)

// arms builds a control and one variant with the given exposed visitors, visitors with errors and
// bounced visitors, and revenue (count = users, sum, sum of squares; any revenue: every visitor bought).
func arms(control, variant eventstore.GuardrailFigures, controlRevenue, variantRevenue eventstore.MeanFigures) []guardrailArm {
	controlRevenue.Count, variantRevenue.Count = control.Users, variant.Users
	purchasers := func(users float64, r eventstore.MeanFigures) float64 {
		if r.Sum > 0 {
			return users
		}
		return 0
	}
	return []guardrailArm{
		{def: variantDef{Key: "control", Name: "Control"}, figures: control, revenue: controlRevenue, purchasers: purchasers(control.Users, controlRevenue)},
		{def: variantDef{Key: "b", Name: "Variant B"}, figures: variant, revenue: variantRevenue, purchasers: purchasers(variant.Users, variantRevenue)},
	}
}

func TestGuardrailVerdicts(t *testing.T) {
	none := eventstore.MeanFigures{}
	errorRate := []guardrailDef{{Metric: "error_rate", Threshold: 20}}
	for _, c := range []struct {
		name       string
		guardrails []guardrailDef
		arms       []guardrailArm
		want       string
	}{
		{"many more page errors", errorRate, arms(eventstore.GuardrailFigures{Users: 120, ErrorVisitors: 3},
			eventstore.GuardrailFigures{Users: 120, ErrorVisitors: 60}, none, none), guardrailBreached},
		{"errors against a control without any", errorRate, arms(eventstore.GuardrailFigures{Users: 150},
			eventstore.GuardrailFigures{Users: 150, ErrorVisitors: 40}, none, none), guardrailBreached},
		{"a few more errors: within noise", errorRate, arms(eventstore.GuardrailFigures{Users: 400, ErrorVisitors: 12},
			eventstore.GuardrailFigures{Users: 400, ErrorVisitors: 16}, none, none), guardrailOK},
		{"fewer errors is never a breach", errorRate, arms(eventstore.GuardrailFigures{Users: 400, ErrorVisitors: 120},
			eventstore.GuardrailFigures{Users: 400, ErrorVisitors: 2}, none, none), guardrailOK},
		{"every visitor of a tiny sample erring", errorRate, arms(eventstore.GuardrailFigures{Users: 10},
			eventstore.GuardrailFigures{Users: 99, ErrorVisitors: 99}, none, none), guardrailNotEnough},
		{"significant but under the threshold", []guardrailDef{{Metric: "bounce_rate", Threshold: 50}},
			arms(eventstore.GuardrailFigures{Users: 5000, BouncedVisitors: 2000}, eventstore.GuardrailFigures{Users: 5000, BouncedVisitors: 2500},
				none, none), guardrailOK},
		{"bounce rate far up", []guardrailDef{{Metric: "bounce_rate", Threshold: 10}},
			arms(eventstore.GuardrailFigures{Users: 500, BouncedVisitors: 150}, eventstore.GuardrailFigures{Users: 500, BouncedVisitors: 400},
				none, none), guardrailBreached},
		// Revenue per visitor: control 10 on average (every visitor 10), variant 2.
		{"revenue per visitor far down", []guardrailDef{{Metric: "revenue_per_visitor", Threshold: 10}},
			arms(eventstore.GuardrailFigures{Users: 200}, eventstore.GuardrailFigures{Users: 200},
				eventstore.MeanFigures{Sum: 2000, SumSquares: 200 * 100 * 1.5}, eventstore.MeanFigures{Sum: 400, SumSquares: 200 * 4 * 1.5}),
			guardrailBreached},
		{"no purchase at all in the variant", []guardrailDef{{Metric: "revenue_per_visitor", Threshold: 10}},
			arms(eventstore.GuardrailFigures{Users: 200}, eventstore.GuardrailFigures{Users: 200},
				eventstore.MeanFigures{Sum: 2000, SumSquares: 200 * 100 * 1.5}, eventstore.MeanFigures{}),
			guardrailBreached},
		{"no revenue anywhere", []guardrailDef{{Metric: "revenue_per_visitor", Threshold: 10}},
			arms(eventstore.GuardrailFigures{Users: 200}, eventstore.GuardrailFigures{Users: 200}, none, none), guardrailOK},
		{"revenue up is never a breach", []guardrailDef{{Metric: "revenue_per_visitor", Threshold: 10}},
			arms(eventstore.GuardrailFigures{Users: 200}, eventstore.GuardrailFigures{Users: 200},
				eventstore.MeanFigures{Sum: 400, SumSquares: 200 * 4 * 1.5}, eventstore.MeanFigures{Sum: 2000, SumSquares: 200 * 100 * 1.5}),
			guardrailOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := judgeGuardrails(c.guardrails, c.arms)
			if len(got) != 1 || got[0].Status != c.want {
				t.Fatalf("verdict %+v, want %s", got, c.want)
			}
			if (got[0].Reason != "") != (c.want == guardrailBreached) {
				t.Errorf("reason %q with status %s", got[0].Reason, got[0].Status)
			}
		})
	}
}

func TestGuardrailReasonNamesTheFigures(t *testing.T) {
	got := judgeGuardrails([]guardrailDef{{Metric: "error_rate", Threshold: 20}}, arms(eventstore.GuardrailFigures{Users: 1200, ErrorVisitors: 30},
		eventstore.GuardrailFigures{Users: 1180, ErrorVisitors: 600}, eventstore.MeanFigures{}, eventstore.MeanFigures{}))
	reason := "Variant B's page-error rate was 50.8% against 2.5% for the control, worse by more than the 20% allowed (1,180 and 1,200 visitors)"
	if got[0].Reason != reason {
		t.Errorf("reason\n got %q\nwant %q", got[0].Reason, reason)
	}
	want := (600.0/1180)/(30.0/1200)*100 - 100
	if v := got[0].Variants[0]; v.Change == nil || math.Abs(*v.Change-want) > 1e-9 {
		t.Errorf("relative change = %v, want %v", v.Change, want)
	}
}
