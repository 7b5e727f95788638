package stats

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// AdjustPValues corrects a family of p-values for multiple comparisons (GrowthBook's shared
// TypeScript): Holm-Bonferroni controls the family-wise error rate, Benjamini-Hochberg the false
// discovery rate. Ties keep their input order.
func AdjustPValues(p []float64, correction Correction) ([]float64, error) {
	m := len(p)
	order := indices(m)
	out := make([]float64, m)
	switch correction {
	case HolmBonferroni:
		sort.SliceStable(order, func(i, j int) bool { return p[order[i]] < p[order[j]] })
		running := 0.0
		for rank, i := range order {
			running = math.Max(running, math.Min(1, float64(m-rank)*p[i]))
			out[i] = running
		}
	case BenjaminiHochberg:
		sort.SliceStable(order, func(i, j int) bool { return p[order[i]] > p[order[j]] })
		running := 1.0
		for pos, i := range order {
			rank := m - pos // 1 = smallest
			running = math.Min(running, math.Min(1, p[i]*float64(m)/float64(rank)))
			out[i] = running
		}
	default:
		return nil, fmt.Errorf("correction must be %q or %q, got %q", HolmBonferroni, BenjaminiHochberg, correction)
	}
	return out, nil
}

// AdjustedInterval widens a test's interval to match its adjusted p-value: the normal interval
// lift ± z(1−α/2)·|lift/z(1−p*/2)|, used only when wider than the stored one at both ends, and
// unbounded when p* is (almost) 1.
func AdjustedInterval(adjusted, lift float64, stored Interval, alpha float64) Interval {
	if adjusted > 0.999999 {
		return Interval{math.Inf(-1), math.Inf(1)}
	}
	candidate := Interval{0, 0}
	if lift != 0 {
		sd := math.Abs(lift / distuv.UnitNormal.Quantile(1-adjusted/2))
		half := distuv.UnitNormal.Quantile(1-alpha/2) * sd
		candidate = Interval{lift - half, lift + half}
	}
	if candidate[0] < stored[0] && candidate[1] > stored[1] {
		return candidate
	}
	return stored
}

func correctTests(tests []PValueTest, s SettingsV2) ([]AdjustedTest, error) {
	alpha := s.Alpha
	if alpha == 0 {
		alpha = DefaultAlpha
	}
	if !(alpha > 0 && alpha < 1) {
		return nil, fmt.Errorf("alpha must be between 0 and 1, got %v", alpha)
	}
	var family []float64
	var members []int
	for i, t := range tests {
		if !(t.PValue >= 0 && t.PValue <= 1) {
			return nil, fmt.Errorf("test %d (%s): p_value must be between 0 and 1, got %v", i, t.ID, t.PValue)
		}
		if !isFinite(t.Effect) || math.IsNaN(t.CI[0]) || math.IsNaN(t.CI[1]) {
			return nil, fmt.Errorf("test %d (%s): effect and ci must be numbers", i, t.ID)
		}
		if t.InFamily == nil || *t.InFamily {
			family = append(family, t.PValue)
			members = append(members, i)
		}
	}
	adjusted, err := AdjustPValues(family, s.Correction)
	if err != nil {
		return nil, err
	}
	out := make([]AdjustedTest, len(tests))
	for i, t := range tests {
		out[i].ID = t.ID
	}
	for k, i := range members {
		p := adjusted[k]
		ci := AdjustedInterval(p, tests[i].Effect, tests[i].CI, alpha)
		out[i].PValueAdjusted, out[i].CIAdjusted = &p, &ci
	}
	return out, nil
}
