package stats

import "math"

// estimate is the effect of a variant B against control A and the facts every test needs.
type estimate struct {
	status Status
	effect float64
	se     float64
	dof    float64 // Welch degrees of freedom
	n      float64 // units in the two compared arms (sequential tests)
}

// estimateEffect computes the effect, its delta-method standard error and the Welch degrees of
// freedom, or the status that says why there is no result.
func estimateEffect(a, b arm, diff DifferenceType) estimate {
	if a.variance <= 0 || b.variance <= 0 {
		return estimate{status: StatusZeroVariance}
	}
	var effect, variance float64
	if diff == Relative {
		// Variance of the ratio m_B/m_A for independent arms; 0 (no result) for a zero baseline.
		if a.mean != 0 {
			effect = (b.mean - a.mean) / math.Abs(a.mean)
			m2 := a.mean * a.mean
			variance = b.variance/(b.n*m2) + a.variance*b.mean*b.mean/(a.n*m2*m2)
		}
	} else {
		effect = b.mean - a.mean
		variance = b.variance/b.n + a.variance/a.n
	}
	if !(variance > 0) {
		return estimate{status: StatusZeroVariance}
	}
	if a.mean == 0 {
		return estimate{status: StatusBaselineZero}
	}
	return estimate{
		status: StatusOK,
		effect: effect,
		se:     math.Sqrt(variance),
		dof:    welchDoF(a, b),
		n:      a.n + b.n,
	}
}

// welchDoF always works on the absolute scale, even when the effect is relative.
func welchDoF(a, b arm) float64 {
	va, vb := a.variance/a.n, b.variance/b.n
	return (va + vb) * (va + vb) / (vb*vb/(b.n-1) + va*va/(a.n-1))
}
