package stats

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func binomial(users, conversions float64) Variant {
	return Variant{Users: users, Conversions: conversions}
}

func TestAnalyzeAppliesGrowthBookDefaults(t *testing.T) {
	zero := Case{Metric: MetricBinomial, Variants: []Variant{binomial(1000, 100), binomial(1000, 120)}}
	explicit := zero
	explicit.Settings = Settings{Alpha: 0.05, DifferenceType: Relative, SequentialTuningN: 5000}
	a, err := Analyze(zero)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Analyze(explicit)
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatalf("zero settings differ from the defaults:\n%s\n%s", ja, jb)
	}
	if got := a.Comparisons[0].Effect; math.Abs(got-0.2) > 1e-12 {
		t.Errorf("relative effect of 12%% over 10%%: want 0.2, got %v", got)
	}
	if a.SRMPValue != nil {
		t.Errorf("no weights, no SRM p-value; got %v", *a.SRMPValue)
	}
}

func TestAnalyzeRejectsBadInput(t *testing.T) {
	two := func(a, b Variant) []Variant { return []Variant{a, b} }
	for _, tc := range []struct {
		name string
		c    Case
		want string
	}{
		{"negative users", Case{Metric: MetricBinomial, Variants: two(binomial(-1, 0), binomial(10, 1))}, "cannot be negative"},
		{"conversions over users", Case{Metric: MetricBinomial, Variants: two(binomial(10, 11), binomial(10, 1))}, "exceed users"},
		{"fractional conversions", Case{Metric: MetricBinomial, Variants: two(binomial(10, 1.5), binomial(10, 1))}, "whole number"},
		{"negative count", Case{Metric: MetricMean, Variants: two(Variant{Count: -3}, Variant{Count: 3})}, "cannot be negative"},
		{"negative sum of squares", Case{Metric: MetricMean, Variants: two(Variant{Count: 3, SumSquares: -1}, Variant{Count: 3})}, "sum_squares"},
		{"NaN sum", Case{Metric: MetricMean, Variants: two(Variant{Count: 3, Sum: math.NaN()}, Variant{Count: 3})}, "finite"},
		{"weights length", Case{Metric: MetricBinomial, Variants: two(binomial(10, 1), binomial(10, 2)), Weights: []float64{1, 1, 1}}, "weights has 3 entries for 2 variants"},
		{"SRM with too few weights", Case{Variants: two(binomial(10, 0), binomial(10, 0)), Weights: []float64{1}}, "weights has 1 entries"},
		{"negative weight", Case{Variants: two(binomial(10, 0), binomial(10, 0)), Weights: []float64{1, -1}}, "non-negative"},
		{"single arm", Case{Metric: MetricBinomial, Variants: []Variant{binomial(10, 1)}}, "at least one variant"},
		{"unknown metric", Case{Metric: "ratio", Variants: two(binomial(10, 1), binomial(10, 2))}, "metric must be"},
		{"alpha too large", Case{Metric: MetricBinomial, Variants: two(binomial(10, 1), binomial(10, 2)), Settings: Settings{Alpha: 0.5}}, "alpha"},
		{"unknown difference", Case{Metric: MetricBinomial, Variants: two(binomial(10, 1), binomial(10, 2)), Settings: Settings{DifferenceType: "ratio"}}, "difference_type"},
		{"negative N*", Case{Metric: MetricBinomial, Variants: two(binomial(10, 1), binomial(10, 2)), Settings: Settings{SequentialTuningN: -5}}, "sequential_tuning_n"},
		{"proper prior without variance", Case{Metric: MetricBinomial, Variants: two(binomial(10, 1), binomial(10, 2)), Settings: Settings{Prior: Prior{Proper: true}}}, "positive variance"},
		{"posterior without sd", Case{Posterior: &Posterior{Mean: 0.1}}, "positive sd"},
		{"nothing to compute", Case{}, "nothing to compute"},
	} {
		_, err := Analyze(tc.c)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: want an error containing %q, got %v", tc.name, tc.want, err)
		}
	}
}

func TestIntervalJSONUsesNullForUnboundedEnds(t *testing.T) {
	out, err := json.Marshal(Interval{math.Inf(-1), 0.25})
	if err != nil || string(out) != "[null,0.25]" {
		t.Fatalf("want [null,0.25], got %s (%v)", out, err)
	}
	var back Interval
	if err := json.Unmarshal([]byte("[0.5,null]"), &back); err != nil || back[0] != 0.5 || !math.IsInf(back[1], 1) {
		t.Fatalf("want [0.5, +Inf], got %v (%v)", back, err)
	}
}

func TestMetricNoneIsNullInJSON(t *testing.T) {
	out, _ := json.Marshal(Case{Variants: []Variant{{Users: 3}}, Weights: []float64{1, 1}})
	if !strings.Contains(string(out), `"metric":null`) {
		t.Fatalf("want metric null, got %s", out)
	}
}
