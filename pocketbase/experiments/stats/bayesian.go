package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

var noResultBayesian = Bayesian{CI: Interval{0, 0}, ChanceToWin: 0.5}

// bayesian combines the effect estimate N(effect, se²) with a Gaussian prior on the relative
// effect. With the absolute effect the prior is rescaled by the control mean.
func bayesian(e estimate, control arm, s Settings) Bayesian {
	precision := 1 / (e.se * e.se)
	mean := e.effect
	if s.Prior.Proper {
		priorMean, priorVar := s.Prior.Mean, s.Prior.Variance
		if s.DifferenceType == Absolute {
			priorMean *= math.Abs(control.mean)
			priorVar *= control.mean * control.mean
		}
		precision += 1 / priorVar
		mean = (e.effect/(e.se*e.se) + priorMean/priorVar) / precision
	}
	sd := 1 / math.Sqrt(precision)
	half := distuv.UnitNormal.Quantile(1-s.Alpha/2) * sd
	return Bayesian{
		PosteriorMean: mean,
		PosteriorSD:   sd,
		CI:            Interval{mean - half, mean + half},
		ChanceToWin:   chanceToWin(mean, sd, s.Inverse),
		Risk:          risk(mean, sd, s.Inverse),
	}
}

// chanceToWin is P(effect > 0), or P(effect < 0) when lower is better.
func chanceToWin(mean, sd float64, inverse bool) float64 {
	if inverse {
		return distuv.UnitNormal.CDF(-mean / sd)
	}
	return distuv.UnitNormal.CDF(mean / sd)
}

// risk is the expected loss of each choice for an effect D ~ N(mean, sd²): choosing the control
// loses E[max(D, 0)], choosing the variant loses E[max(-D, 0)]. When lower is better the two swap.
// Far in the tails the closed form is exactly the point mass GrowthBook returns.
func risk(mean, sd float64, inverse bool) [2]float64 {
	var r [2]float64
	z := mean / sd
	if math.Abs(z) > 37 {
		r = [2]float64{math.Max(mean, 0), math.Max(-mean, 0)}
	} else {
		density := sd * distuv.UnitNormal.Prob(z)
		r = [2]float64{mean*distuv.UnitNormal.CDF(z) + density, density - mean*distuv.UnitNormal.CDF(-z)}
	}
	if inverse {
		r[0], r[1] = r[1], r[0]
	}
	return r
}
