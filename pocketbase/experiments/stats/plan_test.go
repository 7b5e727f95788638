package stats

import "testing"

// 10% baseline, +50% relative (15%), alpha 0.05 two-sided, power 0.8: the textbook
// two-proportion answer without continuity correction is 686 per group
// ((1.95996·√(2·0.125·0.875) + 0.84162·√(0.09 + 0.1275))² / 0.05² = 685.6).
func TestPlanSampleSizeMatchesTheTextbookValue(t *testing.T) {
	if got := PlanSampleSize(0.10, 0.50, 0.05, 0.80, 2); got != 686 {
		t.Fatalf("want 686 per arm, got %d", got)
	}
}

func TestPlanSampleSizeGrowsWithStricterDemands(t *testing.T) {
	base := PlanSampleSize(0.05, 0.10, 0.05, 0.80, 2)
	if base < 20000 || base > 40000 {
		t.Fatalf("5%% baseline, +10%%: want a few ten thousand per arm, got %d", base)
	}
	if smaller := PlanSampleSize(0.05, 0.20, 0.05, 0.80, 2); smaller >= base/3 {
		t.Errorf("doubling the effect should roughly quarter the size: %d vs %d", smaller, base)
	}
	if more := PlanSampleSize(0.05, 0.10, 0.05, 0.90, 2); more <= base {
		t.Errorf("more power needs more units: %d vs %d", more, base)
	}
	if more := PlanSampleSize(0.05, 0.10, 0.01, 0.80, 2); more <= base {
		t.Errorf("a smaller alpha needs more units: %d vs %d", more, base)
	}
	if same := PlanSampleSize(0.05, 0.10, 0.05, 0.80, 4); same != base {
		t.Errorf("per-arm size does not depend on the number of arms: %d vs %d", same, base)
	}
}

func TestPlanSampleSizeRejectsImpossiblePlans(t *testing.T) {
	for name, got := range map[string]int{
		"zero baseline":      PlanSampleSize(0, 0.1, 0.05, 0.8, 2),
		"uplift past 100%":   PlanSampleSize(0.6, 1, 0.05, 0.8, 2),
		"no effect":          PlanSampleSize(0.1, 0, 0.05, 0.8, 2),
		"alpha out of range": PlanSampleSize(0.1, 0.1, 0, 0.8, 2),
		"power out of range": PlanSampleSize(0.1, 0.1, 0.05, 1, 2),
		"a single arm":       PlanSampleSize(0.1, 0.1, 0.05, 0.8, 1),
	} {
		if got != 0 {
			t.Errorf("%s: want 0, got %d", name, got)
		}
	}
}
