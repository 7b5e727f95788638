package stats

import (
	"math"
	"strings"
	"testing"
)

func f(x float64) *float64 { return &x }

func meanArm(n, sum, sumSquares float64) VariantV2 {
	return VariantV2{Count: n, Sum: f(sum), SumSquares: f(sumSquares)}
}

func cupedArm(n, y, yy, x, xx, xy float64) VariantV2 {
	return VariantV2{Count: n, Post: &Sums{Sum: y, SumSquares: f(yy)}, Pre: &Sums{Sum: x, SumSquares: f(xx)}, PostPreSumOfProducts: f(xy)}
}

// One stratum is no stratification: the ordinary comparison, reported as not applied.
func TestOneStratumIsTheOrdinaryComparison(t *testing.T) {
	plain, err := AnalyzeV2(CaseV2{Category: CategoryCUPED, Metric: MetricMean, CUPED: true, Variants: []VariantV2{
		cupedArm(400, 1210.5, 5230.25, 1100, 4000, 4100), cupedArm(380, 1240.1, 5600.5, 1020, 3800, 4050),
	}})
	if err != nil {
		t.Fatal(err)
	}
	strat, err := AnalyzeV2(CaseV2{Category: CategoryPostStratification, Metric: MetricMean, CUPED: true, Strata: []Stratum{{Variants: []VariantV2{
		cupedArm(400, 1210.5, 5230.25, 1100, 4000, 4100), cupedArm(380, 1240.1, 5600.5, 1020, 3800, 4050),
	}}}})
	if err != nil {
		t.Fatal(err)
	}
	p, s := plain.Comparisons[0], strat.Comparisons[0]
	if *s.PostStratificationApplied || s.Status != StatusOK || s.Effect != p.Effect || s.SE != p.SE || *s.DoF != *p.DoF {
		t.Fatalf("one stratum: got %+v, want the CUPED comparison %+v", s, p)
	}
}

// A CUPED bandit with θ = 0 sees the post values alone.
func TestCUPEDBanditWithoutAdjustmentIsThePlainBandit(t *testing.T) {
	settings := SettingsV2{MinVariationWeight: 0.01, CurrentWeights: []float64{0.5, 0.5}, Reweight: true, Seed: 100}
	settings.Prior = Prior{Variance: 1e4, Proper: true}
	plain, err := AnalyzeV2(CaseV2{Category: CategoryBandit, Metric: MetricMean, Settings: settings,
		Variants: []VariantV2{meanArm(300, 900, 3100), meanArm(320, 1000, 3500)}})
	if err != nil {
		t.Fatal(err)
	}
	cuped, err := AnalyzeV2(CaseV2{Category: CategoryBandit, Metric: MetricMean, CUPED: true, Theta: f(0), Settings: settings,
		Variants: []VariantV2{cupedArm(300, 900, 3100, 50, 60, 70), cupedArm(320, 1000, 3500, 55, 70, 80)}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if plain.Bandit.Weights[i] != cuped.Bandit.Weights[i] || plain.Bandit.VariationMeans[i] != cuped.Bandit.VariationMeans[i] {
			t.Fatalf("arm %d: plain %+v, CUPED with θ = 0 %+v", i, plain.Bandit, cuped.Bandit)
		}
	}
}

// The exact rank probabilities of independent normals: symmetric arms split evenly, and the
// probabilities of ranking first (and second) each sum to 1.
func TestRankProbabilities(t *testing.T) {
	first, second := rankProbabilities([]float64{1, 1, 1}, []float64{0.2, 0.2, 0.2})
	for i := range 3 {
		if math.Abs(first[i]-1.0/3) > 1e-9 || math.Abs(second[i]-1.0/3) > 1e-9 {
			t.Fatalf("symmetric arms: first %v second %v", first, second)
		}
	}
	// Two arms: P(B > A) = Φ((μB − μA)/√(σA² + σB²)).
	first, _ = rankProbabilities([]float64{0, 0.3}, []float64{0.2, 0.01})
	want := 0.5 * math.Erfc(-0.3/math.Sqrt(0.04+0.0001)/math.Sqrt2)
	if math.Abs(first[1]-want) > 1e-9 || math.Abs(first[0]+first[1]-1) > 1e-9 {
		t.Fatalf("two arms: %v, want %v for arm 1", first, want)
	}
}

func TestAdjustPValues(t *testing.T) {
	p := []float64{0.01, 0.04, 0.03, 0.005}
	holm, _ := AdjustPValues(p, HolmBonferroni)
	bh, _ := AdjustPValues(p, BenjaminiHochberg)
	wantHolm := []float64{0.03, 0.06, 0.06, 0.02}
	wantBH := []float64{0.02, 0.04, 0.04, 0.02}
	for i := range p {
		if math.Abs(holm[i]-wantHolm[i]) > 1e-15 || math.Abs(bh[i]-wantBH[i]) > 1e-15 {
			t.Fatalf("holm %v (want %v), bh %v (want %v)", holm, wantHolm, bh, wantBH)
		}
	}
	if _, err := AdjustPValues(p, "bonferroni"); err == nil {
		t.Fatal("an unknown correction must be refused")
	}
}

// Bad input is an error that says what to fix.
func TestV2RejectsWhatItCannotCompute(t *testing.T) {
	ratio := func(v VariantV2) VariantV2 {
		v.Numerator, v.Denominator = &Sums{Sum: 10, SumSquares: f(20)}, &Sums{Sum: 5, SumSquares: f(6)}
		v.NumeratorDenominatorSumOfProducts = f(9)
		return v
	}
	for _, tc := range []struct {
		name string
		c    CaseV2
		want string
	}{
		{"unknown category", CaseV2{Category: "quantile"}, "category must be"},
		{"ratio without components", CaseV2{Category: CategoryRatio, Metric: MetricRatio, Variants: []VariantV2{{Count: 5}, {Count: 5}}}, "needs ratio_components"},
		{"negative count", CaseV2{Category: CategoryRatio, Metric: MetricRatio, RatioComponents: &RatioComponents{MetricMean, MetricMean},
			Variants: []VariantV2{ratio(VariantV2{Count: -1}), ratio(VariantV2{Count: 5})}}, "count cannot be negative"},
		{"CUPED arm without covariate", CaseV2{Category: CategoryCUPED, Metric: MetricMean, CUPED: true, Variants: []VariantV2{meanArm(5, 1, 1), meanArm(5, 1, 1)}}, "post is missing"},
		{"CUPED ratio strata", CaseV2{Category: CategoryPostStratification, Metric: MetricRatio, CUPED: true, RatioComponents: &RatioComponents{MetricMean, MetricMean},
			Strata: []Stratum{{Variants: []VariantV2{{Count: 5}, {Count: 5}}}}}, "not supported"},
		{"uneven strata", CaseV2{Category: CategoryPostStratification, Metric: MetricMean,
			Strata: []Stratum{{Variants: []VariantV2{meanArm(5, 1, 1), meanArm(5, 1, 1)}}, {Variants: []VariantV2{meanArm(5, 1, 1)}}}}, "same arms"},
		{"p-value above 1", CaseV2{Category: CategoryMultipleComparisons, Tests: []PValueTest{{ID: "a", PValue: 1.5}}, Settings: SettingsV2{Correction: HolmBonferroni}}, "between 0 and 1"},
		{"bandit weights", CaseV2{Category: CategoryBandit, Metric: MetricMean, Variants: []VariantV2{meanArm(5, 1, 1), meanArm(5, 1, 1)}}, "current_weights has 0 entries for 2 arms"},
		{"CUPED bandit without theta", CaseV2{Category: CategoryBandit, Metric: MetricMean, CUPED: true, Variants: []VariantV2{meanArm(5, 1, 1), meanArm(5, 1, 1)}}, "needs theta"},
	} {
		_, err := AnalyzeV2(tc.c)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}
