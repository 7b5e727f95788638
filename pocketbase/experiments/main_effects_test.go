package experiments

import (
	"encoding/json"
	"math"
	"testing"

	"cro/pocketbase/experiments/stats"
)

func twoByTwo() []sectionDef {
	var sections []sectionDef
	_ = json.Unmarshal([]byte(`[
	  {"key":"headline","name":"Headline","alternatives":[{"key":"original","name":"Original"},{"key":"short","name":"Short"}]},
	  {"key":"button","name":"Button","alternatives":[{"key":"original","name":"Original"},{"key":"green","name":"Green"}]}
	]`), &sections)
	return sections
}

// combo is one combination's figures: users and converters.
func combo(key string, a, b int, users, conversions float64) variantResult {
	v := variantResult{variantDef: variantDef{Key: key, Weight: 0.25, Combination: []int{a, b}}, Users: users, Conversions: conversions}
	v.Revenue.Count = users
	return v
}

// Each section's alternatives are pooled over the other section's: the headline's "Short" is
// every visitor of m10 and m11, its original those of control and m01.
func TestMainEffectsPoolEachSectionOverTheOthers(t *testing.T) {
	variants := []variantResult{
		combo("control", 0, 0, 1000, 100),
		combo("m01", 0, 1, 1000, 110),
		combo("m10", 1, 0, 1000, 150),
		combo("m11", 1, 1, 1000, 160),
	}
	got := mainEffectsOf(twoByTwo(), variants, false, "")
	if len(got.Sections) != 2 {
		t.Fatalf("sections = %d", len(got.Sections))
	}
	head, button := got.Sections[0], got.Sections[1]
	if head.Key != "headline" || head.Alternatives[1].Key != "short" || button.Alternatives[1].Name != "Green" {
		t.Fatalf("names = %+v", got.Sections)
	}
	check := func(what string, e alternativeEffect, users, conversions float64) {
		t.Helper()
		if e.Users != users || e.Conversions != conversions || math.Abs(e.Rate-conversions/users) > 1e-12 {
			t.Errorf("%s: %v users, %v conversions, rate %v; want %v, %v", what, e.Users, e.Conversions, e.Rate, users, conversions)
		}
	}
	check("headline original", head.Alternatives[0], 2000, 210)
	check("headline short", head.Alternatives[1], 2000, 310)
	check("button original", button.Alternatives[0], 2000, 250)
	check("button green", button.Alternatives[1], 2000, 270)
	if head.Alternatives[0].Stats != nil {
		t.Error("the original has a comparison with itself")
	}
	// The engine's answer for the pooled arms, the same as comparing them directly.
	direct := compareAll(stats.MetricBinomial, []stats.Variant{{Users: 2000, Conversions: 210}, {Users: 2000, Conversions: 310}}, []float64{0.5, 0.5})[1]
	s := head.Alternatives[1].Stats
	if s == nil || math.Abs(s.Uplift-direct.Uplift) > 1e-12 || math.Abs(s.PValue-direct.PValue) > 1e-12 {
		t.Fatalf("headline short stats = %+v, want uplift %v p %v", s, direct.Uplift, direct.PValue)
	}
	if math.Abs(s.Uplift-(310.0/2000-210.0/2000)/(210.0/2000)) > 1e-9 {
		t.Errorf("uplift %v", s.Uplift)
	}
	// Two comparisons: Holm-Bonferroni by default; the smaller p-value is doubled, the larger
	// becomes at least the smaller's adjusted value.
	if got.Correction.Method != correctionHolm || got.Correction.FamilySize != 2 || got.Correction.Chosen != "" {
		t.Fatalf("correction = %+v", got.Correction)
	}
	g := button.Alternatives[1].Stats
	if s.PValueAdjusted == nil || g.PValueAdjusted == nil {
		t.Fatal("no adjusted p-values")
	}
	small, large := s, g
	if g.PValue < s.PValue {
		small, large = g, s
	}
	if math.Abs(*small.PValueAdjusted-math.Min(1, 2*small.PValue)) > 1e-12 ||
		math.Abs(*large.PValueAdjusted-math.Max(*small.PValueAdjusted, large.PValue)) > 1e-12 {
		t.Errorf("Holm: p %v, %v -> %v, %v", small.PValue, large.PValue, *small.PValueAdjusted, *large.PValueAdjusted)
	}
	// The owner's choice holds for the main effects too.
	none := mainEffectsOf(twoByTwo(), variants, false, correctionNone)
	if none.Correction.Method != correctionNone || none.Sections[0].Alternatives[1].Stats.PValueAdjusted != nil {
		t.Errorf("no correction chosen: %+v", none.Correction)
	}
	bh := mainEffectsOf(twoByTwo(), variants, false, correctionBH)
	if bh.Correction.Method != correctionBH || bh.Sections[1].Alternatives[1].Stats.PValueAdjusted == nil {
		t.Errorf("Benjamini-Hochberg chosen: %+v", bh.Correction)
	}
}

// Revenue per visitor pools the revenue sums; an alternative nobody saw has no comparison.
func TestMainEffectsRevenueAndEmptyArms(t *testing.T) {
	variants := []variantResult{combo("control", 0, 0, 100, 0), combo("m01", 0, 1, 100, 0), combo("m10", 1, 0, 0, 0), combo("m11", 1, 1, 0, 0)}
	variants[0].Revenue.Sum, variants[0].Revenue.SumSquares = 500, 10000
	variants[1].Revenue.Sum, variants[1].Revenue.SumSquares = 700, 14000
	got := mainEffectsOf(twoByTwo(), variants, true, "")
	if rpv := got.Sections[1].Alternatives[0].RevenuePerVisitor; math.Abs(rpv-5) > 1e-12 {
		t.Errorf("button original revenue per visitor %v, want 5 (500 over 100 visitors)", rpv)
	}
	if got.Sections[0].Alternatives[1].Stats != nil {
		t.Error("an alternative without visitors has a comparison")
	}
	if s := got.Sections[1].Alternatives[1].Stats; s == nil || math.Abs(s.VariantMean-7) > 1e-12 {
		t.Errorf("button green revenue stats = %+v", s)
	}
}
