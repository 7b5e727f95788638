package stats

import (
	"errors"
	"fmt"
)

// Analyze computes everything the case's inputs allow: the SRM p-value when it has weights, one
// comparison per variant against the control when it has a metric, and the risk and chance to
// win of a posterior given directly. Bad input is an error, never a NaN in the output.
func Analyze(c Case) (Expected, error) {
	var out Expected
	switch c.Metric {
	case MetricBinomial, MetricMean, MetricNone:
	default:
		return out, fmt.Errorf("metric must be %q, %q or null, got %q", MetricBinomial, MetricMean, c.Metric)
	}
	if err := validateVariants(c.Metric, c.Variants); err != nil {
		return out, err
	}
	if err := validateWeights(c.Metric, c.Variants, c.Weights); err != nil {
		return out, err
	}
	if c.Metric == MetricNone && c.Weights == nil && c.Posterior == nil {
		return out, errors.New("nothing to compute: a case needs a metric, weights or a posterior")
	}

	if c.Weights != nil {
		users := make([]float64, len(c.Variants))
		for i, v := range c.Variants {
			users[i] = units(c.Metric, v)
		}
		p := SRMPValue(users, c.Weights)
		out.SRMPValue = &p
	}

	if c.Posterior != nil {
		if err := validatePosterior(*c.Posterior); err != nil {
			return out, err
		}
		r := risk(c.Posterior.Mean, c.Posterior.SD, c.Settings.Inverse)
		ctw := chanceToWin(c.Posterior.Mean, c.Posterior.SD, c.Settings.Inverse)
		out.Risk, out.ChanceToWin = &r, &ctw
	}

	if c.Metric != MetricNone {
		if len(c.Variants) < 2 {
			return out, fmt.Errorf("a %s metric needs a control and at least one variant, got %d variants", c.Metric, len(c.Variants))
		}
		settings, err := c.Settings.withDefaults()
		if err != nil {
			return out, err
		}
		for i := 1; i < len(c.Variants); i++ {
			out.Comparisons = append(out.Comparisons, compare(c.Metric, c.Variants[0], c.Variants[i], i, settings))
		}
	}
	return out, nil
}

// compare runs every test of one variant against the control.
func compare(metric Metric, control, variant Variant, index int, s Settings) Comparison {
	a, b := armOf(metric, control), armOf(metric, variant)
	e := estimateEffect(a, b, s.DifferenceType)
	c := Comparison{
		Variant:         index,
		Status:          e.status,
		ControlMean:     a.mean,
		VariantMean:     b.mean,
		ControlVariance: a.variance,
		VariantVariance: b.variance,
	}
	if metric == MetricBinomial {
		p := betaBinomialChanceToBeat(control, variant)
		c.BetaBinomialChanceToBeatControl = &p
	}
	if e.status != StatusOK {
		c.TwoSided, c.OneSidedGreater, c.OneSidedLesser = noResultTest, noResultTest, noResultTest
		c.Sequential, c.SequentialGreater, c.SequentialLesser = noResultSequential, noResultSequential, noResultSequential
		c.Bayesian = noResultBayesian
		return c
	}
	dof := e.dof
	c.Effect, c.SE, c.DoF = e.effect, e.se, &dof
	c.TwoSided = twoSided(e, s.Alpha)
	c.OneSidedGreater = oneSidedGreater(e, s.Alpha)
	c.OneSidedLesser = oneSidedLesser(e, s.Alpha)
	c.Sequential = sequentialTwoSided(e, s)
	c.SequentialGreater = sequentialGreater(e, s)
	c.SequentialLesser = sequentialLesser(e, s)
	c.Bayesian = bayesian(e, a, s)
	return c
}
