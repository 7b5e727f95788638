package stats

import (
	"math"

	"gonum.org/v1/gonum/mathext"
)

// betaBinomialChanceToBeat is P(p_B > p_A) for p ~ Beta(1+conversions, 1+users-conversions) per
// arm (uniform priors), exact. It sums over the arm with fewer conversions so that the number of
// terms stays small, and works in log space so that large counts do not overflow.
func betaBinomialChanceToBeat(control, variant Variant) float64 {
	aA, bA := 1+control.Conversions, 1+control.Users-control.Conversions
	aB, bB := 1+variant.Conversions, 1+variant.Users-variant.Conversions
	if aB <= aA {
		return probGreater(aA, bA, aB, bB)
	}
	return 1 - probGreater(aB, bB, aA, bA)
}

// probGreater is P(Y > X) for X ~ Beta(aX, bX), Y ~ Beta(aY, bY), aY a whole number:
// Σ_{i<aY} B(aX+i, bX+bY) / ((bY+i)·B(1+i, bY)·B(aX, bX)).
func probGreater(aX, bX, aY, bY float64) float64 {
	base := mathext.Lbeta(aX, bX)
	sum := 0.0
	for i := 0.0; i < aY; i++ {
		sum += math.Exp(mathext.Lbeta(aX+i, bX+bY) - math.Log(bY+i) - mathext.Lbeta(1+i, bY) - base)
	}
	return sum
}
