package experiments

import "testing"

func variantsOf(counts ...[2]float64) []variantResult {
	out := make([]variantResult, len(counts))
	for i, c := range counts {
		out[i] = variantResult{Users: c[0], Conversions: c[1]}
		out[i].Revenue.Count = c[0] // as results.go fills it: one revenue observation per exposed visitor
	}
	return out
}

func TestWinnerNeedsRunningSoundSplitAndConfidence(t *testing.T) {
	even := []float64{0.5, 0.5}
	clear := analyze(variantsOf([2]float64{1000, 100}, [2]float64{1000, 150}), even, false, false)
	if !clear.SRMOk || !clear.canDeclareWinner("running", 1) {
		t.Fatalf("a clear winner on an even split must be declarable: %+v", clear.Primary[1])
	}
	if clear.canDeclareWinner("paused", 1) || clear.canDeclareWinner("running", 0) {
		t.Fatal("only a running test's variants (not the control) can win")
	}
	if clear.Revenue != nil {
		t.Fatal("revenue is analyzed only when it is a goal")
	}
	narrow := analyze(variantsOf([2]float64{1000, 100}, [2]float64{1000, 105}), even, false, true)
	if narrow.canDeclareWinner("running", 1) || narrow.Primary[1].ChanceToBeat >= winnerChance {
		t.Fatalf("a small lead is no winner: %+v", narrow.Primary[1])
	}
	if narrow.Revenue == nil || narrow.Revenue[1] == nil {
		t.Fatal("revenue asked for: analyzed")
	}
	// 55/45 on a 50/50 test: the same clear lead cannot be declared.
	skewed := analyze(variantsOf([2]float64{1100, 110}, [2]float64{900, 150}), even, false, false)
	if skewed.SRMOk || skewed.SRMPValue >= srmThreshold || skewed.canDeclareWinner("running", 1) {
		t.Fatalf("a broken split must block the winner: p=%v", skewed.SRMPValue)
	}
	if skewed.Primary[1].ChanceToBeat < winnerChance {
		t.Fatal("the skewed case must otherwise look like a winner, or it proves nothing")
	}
	empty := analyze(variantsOf([2]float64{0, 0}, [2]float64{0, 0}), even, false, false)
	if !empty.SRMOk || empty.canDeclareWinner("running", 1) {
		t.Fatal("a test without visitors has no winner and no mismatch")
	}
	if empty.Primary[1] != nil {
		t.Fatalf("a test without visitors has no figures to show (not a 50%% chance to win): %+v", empty.Primary[1])
	}
	oneSided := analyze(variantsOf([2]float64{500, 50}, [2]float64{0, 0}), even, false, true)
	if oneSided.Primary[1] != nil || oneSided.Revenue[1] != nil {
		t.Fatal("a variant nobody saw has no comparison yet")
	}
}
