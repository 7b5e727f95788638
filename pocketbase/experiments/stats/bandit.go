package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/gonum/stat/distuv"
)

// Thompson-sampling bandit weights (gbstats bayesian/bandits.py): each arm's mean gets a Gaussian
// posterior, and an arm's share of traffic is the probability that it is the best (or, with
// top_two, the mean of its probabilities of ranking first and second), floored at a minimum
// weight. GrowthBook estimates these probabilities from 10,000 seeded draws; here they are
// computed exactly by quadrature.

// MinBanditUnits is the number of units every arm needs before its weights are updated.
const MinBanditUnits = 100

const (
	banditUpdated     = "successfully updated"
	banditTooFewUnits = "total sample size must be at least 100 per variation"
)

// banditArms are the arms' means and per-unit variances as the bandit sees them.
func (s armShape) banditArms(arms []moments, theta float64) (means, variances []float64) {
	k := len(arms)
	means, variances = make([]float64, k), make([]float64, k)
	// CUPED adds the pooled covariate mean back, so that the arms stay on the metric's scale.
	var addback, total float64
	if s.cuped {
		for _, m := range arms {
			addback += m.n * m.mean(pre)
			total += m.n
		}
		if total > 0 {
			addback = theta * addback / total
		}
	}
	for i, m := range arms {
		switch {
		case s.metric == MetricRatio:
			if m.mean(den) > 0 {
				means[i] = m.mean(num) / m.mean(den)
			}
			if m.n > 0 {
				variances[i] = ratioVariance(m)
			}
		case s.cuped:
			// The values keep their kinds here: gbstats recasts only a plain proportion.
			means[i] = m.mean(post) - theta*m.mean(pre) + addback
			variances[i] = m.variance(post) + theta*theta*m.variance(pre) - 2*theta*m.cov(post, pre)
		default:
			// A proportion is recast as a mean-type value, so its variance has the n-1 form.
			mm := m.asMean()
			means[i], variances[i] = mm.mean(0), mm.variance(0)
		}
	}
	return means, variances
}

func banditCase(c CaseV2, s armShape) (*Bandit, error) {
	set := c.Settings
	if len(c.Variants) < 2 {
		return nil, fmt.Errorf("a bandit needs at least two arms, got %d", len(c.Variants))
	}
	if s.cuped && s.metric == MetricRatio {
		return nil, errors.New("bandits do not support CUPED ratio metrics")
	}
	theta := 0.0
	if s.cuped {
		if c.Theta == nil || !isFinite(*c.Theta) {
			return nil, errors.New("a CUPED bandit needs theta, a finite number")
		}
		theta = *c.Theta
	}
	alpha := set.Alpha
	if alpha == 0 {
		alpha = DefaultAlpha
	}
	if !(alpha > 0 && alpha < 1) {
		return nil, fmt.Errorf("alpha must be between 0 and 1, got %v", alpha)
	}
	if set.Prior.Proper && !(set.Prior.Variance > 0) || !isFinite(set.Prior.Mean) || !isFinite(set.Prior.Variance) {
		return nil, errors.New("the prior needs a finite mean and, when proper, a positive variance")
	}
	k := len(c.Variants)
	if len(set.CurrentWeights) != k {
		return nil, fmt.Errorf("current_weights has %d entries for %d arms", len(set.CurrentWeights), k)
	}
	for i, w := range set.CurrentWeights {
		if !isFinite(w) || w < 0 {
			return nil, fmt.Errorf("current weight %d must be a non-negative number", i)
		}
	}
	if !isFinite(set.MinVariationWeight) {
		return nil, errors.New("min_variation_weight must be a number")
	}
	arms, err := s.armsOf(c.Variants)
	if err != nil {
		return nil, err
	}

	means, variances := s.banditArms(arms, theta)
	b := &Bandit{VariationMeans: means, VariationVariances: variances, UpdateMessage: banditUpdated, EnoughUnits: true}
	priorPrecision := 0.0
	if set.Prior.Proper {
		priorPrecision = 1 / set.Prior.Variance
	}
	z := distuv.UnitNormal.Quantile(1 - alpha/2)
	postSD := make([]float64, k)
	for i, m := range arms {
		dataPrecision := 0.0
		if variances[i] > 0 {
			dataPrecision = m.n / variances[i]
		}
		precision := priorPrecision + dataPrecision
		if !(precision > 0) {
			return nil, fmt.Errorf("arm %d has no variance and the prior is improper: it has no posterior", i)
		}
		v := 1 / precision
		b.PosteriorVariances = append(b.PosteriorVariances, v)
		b.PosteriorMeans = append(b.PosteriorMeans, v*(priorPrecision*set.Prior.Mean+dataPrecision*means[i]))
		postSD[i] = math.Sqrt(v)
		// GrowthBook centres the interval on the data mean, not on the posterior mean.
		b.CredibleIntervals = append(b.CredibleIntervals, Interval{means[i] - z*postSD[i], means[i] + z*postSD[i]})
		if m.n < MinBanditUnits {
			b.EnoughUnits = false
		}
	}
	b.GrowthBookSeeded.Seed = set.Seed
	if !b.EnoughUnits {
		b.UpdateMessage = banditTooFewUnits
		b.UpdatedWeights = set.CurrentWeights
		return b, nil
	}

	centres := slices.Clone(b.PosteriorMeans)
	if set.Inverse {
		for i := range centres {
			centres[i] = -centres[i]
		}
	}
	first, second := rankProbabilities(centres, postSD)
	b.BestArmProbabilities = first
	b.ThompsonWeights = first
	if set.TopTwo {
		b.ThompsonWeights = make([]float64, k)
		for i := range first {
			b.ThompsonWeights[i] = (first[i] + second[i]) / 2
		}
	}
	b.Weights = floorWeights(b.ThompsonWeights, set.MinVariationWeight)
	b.UpdatedWeights = set.CurrentWeights
	if set.Reweight {
		b.UpdatedWeights = b.Weights
		b.WeightsWereUpdated = !slices.Equal(b.Weights, set.CurrentWeights)
	}
	b.GrowthBookSeeded.BestArmProbabilities, b.GrowthBookSeeded.Weights = first, b.Weights
	return b, nil
}

// floorWeights gives every arm at least f = max(0, minimum) without changing the order:
// f + (1 − K·f)·w_i/Σw, or equal weights when the floors alone fill the simplex.
func floorWeights(w []float64, minimum float64) []float64 {
	k := float64(len(w))
	f := math.Max(0, minimum)
	out := make([]float64, len(w))
	if k*f >= 1 {
		for i := range out {
			out[i] = 1 / k
		}
		return out
	}
	var total float64
	for _, x := range w {
		total += x
	}
	for i, x := range w {
		out[i] = f + (1-k*f)*x/total
	}
	return out
}

// rankProbabilities are, for independent X_i ~ N(mean_i, sd_i²), P(X_i is the largest) and
// P(X_i is the second largest):
//
//	P(i first)  = ∫ φ_i(x)·Π_{j≠i} Φ_j(x) dx
//	P(i second) = ∫ φ_i(x)·Σ_{k≠i} (1−Φ_k(x))·Π_{j≠i,k} Φ_j(x) dx
//
// integrated over ±40 sd of arm i, in panels no wider than one sd of arm i and also split at the
// other arms' steep regions, each panel by a 24-point Gauss-Legendre rule.
func rankProbabilities(means, sds []float64) (first, second []float64) {
	k := len(means)
	first, second = make([]float64, k), make([]float64, k)
	cdf := make([]float64, k)
	sf := make([]float64, k)
	for i := range k {
		lo, hi := means[i]-40*sds[i], means[i]+40*sds[i]
		var cuts []float64
		for t := -40.0; t <= 40; t++ {
			cuts = append(cuts, means[i]+t*sds[i])
		}
		for j := range k {
			if j == i {
				continue
			}
			for _, t := range []float64{-12, -8, -6, -4, -3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 3, 4, 6, 8, 12} {
				if x := means[j] + t*sds[j]; x > lo && x < hi {
					cuts = append(cuts, x)
				}
			}
		}
		sort.Float64s(cuts)
		integrand := func(x float64, wantSecond bool) float64 {
			density := distuv.Normal{Mu: means[i], Sigma: sds[i]}.Prob(x)
			if density == 0 {
				return 0
			}
			for j := range k {
				z := (x - means[j]) / sds[j]
				cdf[j], sf[j] = distuv.UnitNormal.CDF(z), distuv.UnitNormal.CDF(-z)
			}
			if !wantSecond {
				p := density
				for j := range k {
					if j != i {
						p *= cdf[j]
					}
				}
				return p
			}
			var s float64
			for m := range k {
				if m == i {
					continue
				}
				p := sf[m]
				for j := range k {
					if j != i && j != m {
						p *= cdf[j]
					}
				}
				s += p
			}
			return density * s
		}
		for c := 1; c < len(cuts); c++ {
			a, b := cuts[c-1], cuts[c]
			if b <= a {
				continue
			}
			first[i] += quad.Fixed(func(x float64) float64 { return integrand(x, false) }, a, b, 24, quad.Legendre{}, 0)
			if k > 1 {
				second[i] += quad.Fixed(func(x float64) float64 { return integrand(x, true) }, a, b, 24, quad.Legendre{}, 0)
			}
		}
	}
	return first, second
}
