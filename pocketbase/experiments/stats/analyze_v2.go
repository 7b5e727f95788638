package stats

import (
	"errors"
	"fmt"
)

// AnalyzeV2 computes a v2 case: CUPED and ratio comparisons of every variant with the control,
// post-stratified comparisons, multiple-comparison corrections or bandit weights, as its
// category says. Bad input is an error, never a NaN in the output.
func AnalyzeV2(c CaseV2) (ExpectedV2, error) {
	var out ExpectedV2
	switch c.Category {
	case CategoryMultipleComparisons:
		if len(c.Tests) == 0 {
			return out, errors.New("a multiple_comparisons case needs a tests list")
		}
		tests, err := correctTests(c.Tests, c.Settings)
		out.Tests = tests
		return out, err
	case CategoryBandit:
		s, err := shapeOf(c)
		if err != nil {
			return out, err
		}
		out.Bandit, err = banditCase(c, s)
		return out, err
	case CategoryCUPED, CategoryRatio, CategoryPostStratification:
	default:
		return out, fmt.Errorf("category must be cuped, ratio, post_stratification, multiple_comparisons or bandit, got %q", c.Category)
	}

	s, err := shapeOf(c)
	if err != nil {
		return out, err
	}
	settings, err := c.Settings.withDefaults()
	if err != nil {
		return out, err
	}
	if c.Category == CategoryCUPED && !c.CUPED {
		return out, errors.New("a cuped case needs cuped: true and covariates in every arm")
	}
	if c.Category == CategoryRatio && c.Metric != MetricRatio {
		return out, fmt.Errorf("a ratio case needs metric %q", MetricRatio)
	}

	if c.Category == CategoryPostStratification {
		if s.cuped && s.metric == MetricRatio {
			return out, errors.New("post-stratification of CUPED ratio metrics is not supported")
		}
		cells, err := cellsOf(s, c.Strata)
		if err != nil {
			return out, err
		}
		for v := 1; v < len(cells[0]); v++ {
			pairs := make([]cell, len(cells))
			for k := range cells {
				pairs[k] = cell{cells[k][0], cells[k][v]}
			}
			r := s.postStratify(pairs, settings.DifferenceType)
			cmp := finishComparison(v, r.pairResult, settings)
			applied := r.applied
			cmp.PostStratificationApplied = &applied
			out.Comparisons = append(out.Comparisons, cmp)
		}
		return out, nil
	}

	if len(c.Variants) < 2 {
		return out, fmt.Errorf("a %s case needs a control and at least one variant, got %d variants", c.Category, len(c.Variants))
	}
	arms, err := s.armsOf(c.Variants)
	if err != nil {
		return out, err
	}
	for v := 1; v < len(arms); v++ {
		r := s.analysePair(arms[0], arms[v], settings.DifferenceType)
		cmp := finishComparison(v, r, settings)
		cmp.ControlVariance, cmp.VariantVariance = &r.controlVar, &r.variantVar
		if s.cuped {
			cmp.Theta, cmp.ControlMeanAdjusted, cmp.VariantMeanAdjusted = &r.theta, &r.controlAdj, &r.variantAdj
		}
		out.Comparisons = append(out.Comparisons, cmp)
	}
	return out, nil
}

// cellsOf reads every stratum; each must list the same number of arms (at least two).
func cellsOf(s armShape, strata []Stratum) ([][]moments, error) {
	if len(strata) == 0 {
		return nil, errors.New("a post_stratification case needs strata")
	}
	cells := make([][]moments, len(strata))
	for k, st := range strata {
		if len(st.Variants) < 2 || len(st.Variants) != len(strata[0].Variants) {
			return nil, fmt.Errorf("stratum %d: every stratum needs the same arms (a control and at least one variant)", k)
		}
		arms, err := s.armsOf(st.Variants)
		if err != nil {
			return nil, fmt.Errorf("stratum %d: %w", k, err)
		}
		cells[k] = arms
	}
	return cells, nil
}

// finishComparison runs the two-sided, sequential and Bayesian tests on an estimate.
func finishComparison(index int, r pairResult, s Settings) ComparisonV2 {
	c := ComparisonV2{Variant: index, Status: r.est.status, ControlMean: r.controlMean, VariantMean: r.variantMean}
	if r.est.status != StatusOK {
		c.TwoSided, c.Sequential, c.Bayesian = noResultTest, noResultSequential, noResultBayesian
		return c
	}
	e := r.est
	dof := e.dof
	c.Effect, c.SE, c.DoF = e.effect, e.se, &dof
	c.TwoSided = twoSided(e, s.Alpha)
	c.Sequential = sequentialTwoSided(e, s)
	c.Bayesian = bayesian(e, arm{mean: r.priorScale}, s)
	return c
}
