package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// noResultTest is GrowthBook's output for a comparison without a result.
var noResultTest = FixedTest{CI: Interval{0, 0}, PValue: 1}

// studentT is the standard Student t with the Welch degrees of freedom.
func studentT(dof float64) distuv.StudentsT {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: dof}
}

// twoSided is the fixed-horizon Welch t-test: p = 2·P(T > |t|).
func twoSided(e estimate, alpha float64) FixedTest {
	t := studentT(e.dof)
	half := t.Quantile(1-alpha/2) * e.se
	// The lower tail at -|t| is the survival at |t| without the cancellation of 1 - CDF.
	return FixedTest{CI: Interval{e.effect - half, e.effect + half}, PValue: 2 * t.CDF(-math.Abs(e.effect/e.se))}
}

// oneSidedGreater tests "the variant is greater": p = P(T > t), interval [lower, +∞).
func oneSidedGreater(e estimate, alpha float64) FixedTest {
	t := studentT(e.dof)
	return FixedTest{
		CI:     Interval{e.effect - t.Quantile(1-alpha)*e.se, math.Inf(1)},
		PValue: t.CDF(-e.effect / e.se),
	}
}

// oneSidedLesser tests "the variant is lesser": p = P(T < t), interval (-∞, upper].
func oneSidedLesser(e estimate, alpha float64) FixedTest {
	t := studentT(e.dof)
	return FixedTest{
		CI:     Interval{math.Inf(-1), e.effect + t.Quantile(1-alpha)*e.se},
		PValue: t.CDF(e.effect / e.se),
	}
}
