package stats

import "gonum.org/v1/gonum/stat/distuv"

// SRMPValue is the sample-ratio-mismatch p-value: a chi-square goodness-of-fit test of the users
// per arm against the expected split. Arms with weight 0, or without a user count (users shorter
// than weights), take no part, as in the product's check. Fewer than two arms left, or no users,
// give 1. Weights need not sum to 1.
func SRMPValue(users []float64, weights []float64) float64 {
	var kept, keptWeights []float64
	total, weightSum := 0.0, 0.0
	for i, w := range weights {
		if w <= 0 || i >= len(users) {
			continue
		}
		kept = append(kept, users[i])
		keptWeights = append(keptWeights, w)
		total += users[i]
		weightSum += w
	}
	if len(kept) < 2 || total <= 0 {
		return 1
	}
	x := 0.0
	for i, u := range kept {
		expected := total * keptWeights[i] / weightSum
		x += (u - expected) * (u - expected) / expected
	}
	return distuv.ChiSquared{K: float64(len(kept) - 1)}.Survival(x)
}
