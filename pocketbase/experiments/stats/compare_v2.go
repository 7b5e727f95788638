package stats

import "math"

// pairResult is one variant against the control before the tests: the estimate (effect, se,
// dof, n; status) and the descriptive figures the comparison reports.
type pairResult struct {
	est                      estimate
	priorScale               float64 // unadjusted control mean: scales the prior of an absolute effect
	dof                      float64 // Welch dof of the arm statistics, also computed when there is no result
	controlMean, variantMean float64
	theta                    float64
	controlAdj, variantAdj   float64
	controlVar, variantVar   float64
}

// judge turns an effect and its variance into an estimate, checking GrowthBook's conditions in
// order: a non-positive arm or effect variance, then a zero baseline.
func judge(effect, variance float64, a, b arm, baselineZero bool) estimate {
	if a.variance <= 0 || b.variance <= 0 || !(variance > 0) {
		return estimate{status: StatusZeroVariance}
	}
	if baselineZero {
		return estimate{status: StatusBaselineZero}
	}
	return estimate{status: StatusOK, effect: effect, se: math.Sqrt(variance), dof: welchDoF(a, b), n: a.n + b.n}
}

// plainPair compares two arms of one value (mean or binomial) as in v1.
func plainPair(a, b moments, diff DifferenceType) pairResult {
	ca := arm{n: a.n, mean: a.mean(0), variance: a.variance(0)}
	cb := arm{n: b.n, mean: b.mean(0), variance: b.variance(0)}
	return fromArms(ca, cb, estimateEffect(ca, cb, diff))
}

func fromArms(a, b arm, e estimate) pairResult {
	return pairResult{
		est: e, priorScale: a.mean, dof: welchDoF(a, b),
		controlMean: a.mean, variantMean: b.mean, controlAdj: a.mean, variantAdj: b.mean,
		controlVar: a.variance, variantVar: b.variance,
	}
}

// ratioArm is a ratio arm as a mean: the ratio of sums and the delta-method per-unit variance
// s² = v_M/d² + v_D·m²/d⁴ − 2c·m/d³ (0 when d = 0 or n ≤ 1).
func ratioArm(m moments) arm {
	a := arm{n: m.n}
	if m.components[den].sum != 0 {
		a.mean = m.components[num].sum / m.components[den].sum
	}
	a.variance = ratioVariance(m)
	if m.n <= 1 {
		a.variance = 0
	}
	return a
}

func ratioVariance(m moments) float64 {
	mn, d := m.mean(num), m.mean(den)
	if d == 0 {
		return 0
	}
	return m.variance(num)/(d*d) + m.variance(den)*mn*mn/(d*d*d*d) - 2*m.cov(num, den)*mn/(d*d*d)
}

func ratioPair(a, b moments, diff DifferenceType) pairResult {
	ca, cb := ratioArm(a), ratioArm(b)
	return fromArms(ca, cb, estimateEffect(ca, cb, diff))
}

// cupedTheta is θ for a CUPED pair: the pooled covariance of post and pre over the pooled pre
// variance, the pooled arms keeping their kind; 0 when either pooled variance is 0.
func cupedTheta(a, b moments) float64 {
	p := a.plus(b, true)
	vy, vx := p.variance(post), p.variance(pre)
	if vx == 0 || vy == 0 {
		return 0
	}
	return p.cov(post, pre) / vx
}

// cupedPair is the regression-adjusted comparison of a mean or binomial metric (θ = 0: the plain
// one on the post values).
func cupedPair(a, b moments, diff DifferenceType) pairResult {
	theta := cupedTheta(a, b)
	if theta == 0 {
		return plainPair(a.pick(post), b.pick(post), diff)
	}
	adjusted := func(m moments) arm {
		ar := arm{n: m.n, mean: m.mean(post) - theta*m.mean(pre)}
		if m.n > 1 {
			ar.variance = m.variance(post) + theta*theta*m.variance(pre) - 2*theta*m.cov(post, pre)
		}
		return ar
	}
	ca, cb := adjusted(a), adjusted(b)
	yA, yB := a.mean(post), b.mean(post)
	var effect, variance float64
	if diff == Relative {
		if yA != 0 {
			effect = (cb.mean - ca.mean) / math.Abs(yA)
		}
		if a.n*yA*yA != 0 && b.n*yA*yA != 0 {
			ctrl := a.variance(post)*yB*yB/(yA*yA) - 2*theta*a.cov(post, pre)*yB/yA + theta*theta*a.variance(pre)
			variance = cb.variance/(b.n*yA*yA) + ctrl/(a.n*yA*yA)
		}
	} else {
		effect = cb.mean - ca.mean
		if ca.variance > 0 && cb.variance > 0 {
			variance = ca.variance/a.n + cb.variance/b.n
		}
	}
	return pairResult{
		est:         judge(effect, variance, ca, cb, ca.mean == 0 || yA == 0),
		priorScale:  yA,
		dof:         welchDoF(ca, cb),
		controlMean: yA, variantMean: yB, theta: theta,
		controlAdj: ca.mean, variantAdj: cb.mean, controlVar: ca.variance, variantVar: cb.variance,
	}
}

// ratioGradient is g(t) = (1/d, −m/d², −t/d′, t·m′/d′²) of a CUPED ratio arm, zero when either
// denominator mean is 0.
func ratioGradient(m moments, t float64) []float64 {
	d, dp := m.mean(den), m.mean(denPre)
	if d == 0 || dp == 0 {
		return make([]float64, 4)
	}
	return []float64{1 / d, -m.mean(num) / (d * d), -t / dp, t * m.mean(numPre) / (dp * dp)}
}

// cupedRatioTheta pools the pre-period variance and the pre/post covariance of the two arms'
// ratio statistics (gradients at θ = 1).
func cupedRatioTheta(a, b moments) float64 {
	var q, k float64
	for _, m := range []moments{a, b} {
		g, lambda := ratioGradient(m, 1), m.covMatrix()
		for i := 2; i < 4; i++ {
			for j := 2; j < 4; j++ {
				q += g[i] * lambda[i][j] * g[j]
			}
			for j := range 2 {
				k += g[i] * lambda[i][j] * g[j]
			}
		}
	}
	if q == 0 {
		return 0
	}
	return -k / q
}

func sumRatio(m moments, n, d int) float64 {
	if m.components[d].sum == 0 {
		return 0
	}
	return m.components[n].sum / m.components[d].sum
}

// cupedRatioPair is the regression-adjusted comparison of a ratio metric; with |θ| < 1e-8 it is
// the plain ratio comparison.
func cupedRatioPair(a, b moments, diff DifferenceType) pairResult {
	theta := cupedRatioTheta(a, b)
	if math.Abs(theta) < 1e-8 {
		return ratioPair(a.pick(num, den), b.pick(num, den), diff)
	}
	stat := func(m moments) arm {
		ar := arm{n: m.n}
		if m.components[den].sum != 0 && m.components[denPre].sum != 0 {
			ar.mean = sumRatio(m, num, den) - theta*sumRatio(m, numPre, denPre)
		}
		g := ratioGradient(m, theta)
		ar.variance = quadForm(g, m.covMatrix(), g)
		return ar
	}
	ca, cb := stat(a), stat(b)
	rA := sumRatio(a, num, den)
	dA := a.mean(den)
	var effect, variance float64
	if diff == Relative {
		if rA != 0 && dA != 0 {
			u := math.Abs(rA)
			e := (cb.mean - ca.mean) * math.Copysign(1, rA)
			effect = (cb.mean - ca.mean) / u
			gA, gB := ratioGradient(a, theta), ratioGradient(b, theta)
			hA := []float64{-(u + e) / (dA * u * u), a.mean(num) * (u + e) / (dA * dA * u * u), -gA[2] / u, -gA[3] / u}
			hB := make([]float64, 4)
			for i := range hB {
				hB[i] = gB[i] / u
			}
			variance = quadForm(hA, a.covMatrix(), hA)/a.n + quadForm(hB, b.covMatrix(), hB)/b.n
		}
	} else {
		effect = cb.mean - ca.mean
		if ca.variance > 0 && cb.variance > 0 {
			variance = ca.variance/a.n + cb.variance/b.n
		}
	}
	return pairResult{
		est:         judge(effect, variance, ca, cb, ca.mean == 0 || rA == 0),
		priorScale:  rA,
		dof:         welchDoF(ca, cb),
		controlMean: rA, variantMean: sumRatio(b, num, den), theta: theta,
		controlAdj: ca.mean, variantAdj: cb.mean, controlVar: ca.variance, variantVar: cb.variance,
	}
}

// analysePair is the ordinary (unstratified) comparison of two arms of the given shape.
func (s armShape) analysePair(a, b moments, diff DifferenceType) pairResult {
	switch {
	case s.metric == MetricRatio && s.cuped:
		return cupedRatioPair(a, b, diff)
	case s.metric == MetricRatio:
		return ratioPair(a, b, diff)
	case s.cuped:
		return cupedPair(a, b, diff)
	default:
		return plainPair(a, b, diff)
	}
}
