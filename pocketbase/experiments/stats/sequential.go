package stats

import "math"

// Asymptotic confidence sequences (Waudby-Smith et al.), as GrowthBook runs them: valid at every
// look, so results can be watched while the experiment runs. N* (SequentialTuningN) is the
// sample size at which the sequence is tightest.

// The p-value range GrowthBook reports for one-sided sequential tests.
const (
	minOneSidedSequentialP = 1e-5
	maxOneSidedSequentialP = 0.4999
)

var noResultSequential = SequentialTest{CI: Interval{0, 0}, PValue: 1}

// rhoSquared is the squared tuning constant ρ² for a confidence level alpha and N*.
func rhoSquared(alpha, tuningN float64) float64 {
	l := -2 * math.Log(alpha)
	return (l + math.Log(1+l)) / tuningN
}

// sequentialTwoSided is the two-sided confidence sequence and its always-valid p-value (the
// reciprocal of the e-value, capped at 1).
func sequentialTwoSided(e estimate, s Settings) SequentialTest {
	rho2 := rhoSquared(s.Alpha, s.SequentialTuningN)
	rho := math.Sqrt(rho2)
	k := e.n * rho2
	half := e.se * math.Sqrt(2*(k+1)/k*math.Log(math.Sqrt(k+1)/s.Alpha))
	t := e.effect / e.se
	p := math.Min(1, math.Sqrt(k+1)*math.Exp(-k*t*t/(2*(k+1))))
	return SequentialTest{Rho: &rho, CI: Interval{e.effect - half, e.effect + half}, PValue: p}
}

// oneSidedSequential holds what both one-sided directions share: k₁ = n·ρ₁², ρ₁ taken at 2α.
type oneSidedSequential struct {
	e   estimate
	rho float64
	k   float64
}

func newOneSidedSequential(e estimate, s Settings) oneSidedSequential {
	rho2 := rhoSquared(2*s.Alpha, s.SequentialTuningN)
	return oneSidedSequential{e: e, rho: math.Sqrt(rho2), k: e.n * rho2}
}

// halfWidth at level alpha, with ρ₁ held at its value for the configured alpha.
func (o oneSidedSequential) halfWidth(alpha float64) float64 {
	k := o.k
	return o.e.se * math.Sqrt(2*(k+1)/k*math.Log(1+math.Sqrt(k+1)/(2*alpha)))
}

// pValue is the alpha at which the bound just touches 0, in closed form, when the data point the
// tested way (supported); otherwise the largest reported value.
func (o oneSidedSequential) pValue(supported bool) float64 {
	if !supported {
		return maxOneSidedSequentialP
	}
	t := o.e.effect / o.e.se
	k := o.k
	p := math.Sqrt(k+1) / (2 * math.Expm1(k*t*t/(2*(k+1))))
	return math.Min(maxOneSidedSequentialP, math.Max(minOneSidedSequentialP, p))
}

// bisectionPValue finds the same alpha the way GrowthBook does, by bisection on the bound;
// excludesZero(bound) says whether a bound rejects the null. nil when it does not converge.
func (o oneSidedSequential) bisectionPValue(bound func(alpha float64) float64, excludesZero func(float64) bool) *float64 {
	lo, hi := minOneSidedSequentialP, maxOneSidedSequentialP
	if excludesZero(bound(lo)) {
		return &lo
	}
	if !excludesZero(bound(hi)) {
		return &hi
	}
	for range 200 {
		mid := (lo + hi) / 2
		b := bound(mid)
		if excludesZero(b) {
			hi = mid
		} else {
			lo = mid
		}
		if math.Abs(b) < 1e-6 {
			p := (lo + hi) / 2
			return &p
		}
	}
	return nil
}

func sequentialGreater(e estimate, s Settings) SequentialTest {
	o := newOneSidedSequential(e, s)
	lower := func(alpha float64) float64 { return e.effect - o.halfWidth(alpha) }
	rho := o.rho
	return SequentialTest{
		Rho:                       &rho,
		CI:                        Interval{lower(s.Alpha), math.Inf(1)},
		PValue:                    o.pValue(e.effect > 0),
		PValueGrowthBookBisection: o.bisectionPValue(lower, func(b float64) bool { return b > 0 }),
	}
}

func sequentialLesser(e estimate, s Settings) SequentialTest {
	o := newOneSidedSequential(e, s)
	upper := func(alpha float64) float64 { return e.effect + o.halfWidth(alpha) }
	rho := o.rho
	return SequentialTest{
		Rho:                       &rho,
		CI:                        Interval{math.Inf(-1), upper(s.Alpha)},
		PValue:                    o.pValue(e.effect < 0),
		PValueGrowthBookBisection: o.bisectionPValue(upper, func(b float64) bool { return b < 0 }),
	}
}
