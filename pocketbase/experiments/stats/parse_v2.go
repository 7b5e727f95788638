package stats

import (
	"errors"
	"fmt"
)

// Value indices inside an arm's moments.
const (
	post, pre = 0, 1 // CUPED mean or binomial
	num, den  = 0, 1 // ratio
	numPre    = 2    // CUPED ratio: numerator and denominator before exposure
	denPre    = 3
)

// armShape says how a v2 arm is read: the kinds of its values and whether CUPED adds covariates.
type armShape struct {
	metric   Metric
	cuped    bool
	num, den bool // ratio: binomial numerator / denominator
}

func shapeOf(c CaseV2) (armShape, error) {
	s := armShape{metric: c.Metric, cuped: c.CUPED}
	switch c.Metric {
	case MetricMean, MetricBinomial:
		if c.RatioComponents != nil {
			return s, fmt.Errorf("ratio_components is only for a ratio metric, not %q", c.Metric)
		}
	case MetricRatio:
		if c.RatioComponents == nil {
			return s, errors.New(`a ratio metric needs ratio_components {numerator, denominator}, each "mean" or "binomial"`)
		}
		for _, k := range []Metric{c.RatioComponents.Numerator, c.RatioComponents.Denominator} {
			if k != MetricMean && k != MetricBinomial {
				return s, fmt.Errorf(`ratio_components must be "mean" or "binomial", got %q`, k)
			}
		}
		s.num = c.RatioComponents.Numerator == MetricBinomial
		s.den = c.RatioComponents.Denominator == MetricBinomial
	default:
		return s, fmt.Errorf("metric must be %q, %q or %q for a %s case, got %q", MetricMean, MetricBinomial, MetricRatio, c.Category, c.Metric)
	}
	return s, nil
}

// momentsOf reads one arm in the case's shape and rejects sums no real arm can have.
func (s armShape) momentsOf(i int, v VariantV2) (moments, error) {
	var m moments
	if err := wholeCount(i, "count", v.Count); err != nil || !isFinite(v.Count) {
		if err == nil {
			err = fmt.Errorf("variant %d: count must be a finite number", i)
		}
		return m, err
	}
	binomial := s.metric == MetricBinomial
	var err error
	switch {
	case s.metric == MetricRatio && s.cuped:
		if v.Products == nil {
			return m, fmt.Errorf("variant %d: a CUPED ratio arm needs products", i)
		}
		var comps [4]component
		for k, part := range []struct {
			name     string
			sums     *Sums
			binomial bool
		}{{"numerator", v.Numerator, s.num}, {"denominator", v.Denominator, s.den}, {"numerator_pre", v.NumeratorPre, s.num}, {"denominator_pre", v.DenominatorPre, s.den}} {
			if comps[k], err = componentOf(i, part.name, part.sums, part.binomial); err != nil {
				return m, err
			}
		}
		m = newMoments(v.Count, comps[:]...)
		p := v.Products
		m.setProduct(num, den, p.NumeratorDenominator)
		m.setProduct(num, numPre, p.NumeratorNumeratorPre)
		m.setProduct(den, denPre, p.DenominatorDenominatorPre)
		m.setProduct(numPre, denPre, p.NumeratorPreDenominatorPre)
		m.setProduct(num, denPre, p.NumeratorDenominatorPre)
		m.setProduct(numPre, den, p.NumeratorPreDenominator)
	case s.metric == MetricRatio:
		n, err1 := componentOf(i, "numerator", v.Numerator, s.num)
		d, err2 := componentOf(i, "denominator", v.Denominator, s.den)
		if err := errors.Join(err1, err2); err != nil {
			return m, err
		}
		if v.NumeratorDenominatorSumOfProducts == nil {
			return m, fmt.Errorf("variant %d: a ratio arm needs numerator_denominator_sum_of_products", i)
		}
		m = newMoments(v.Count, n, d)
		m.setProduct(num, den, *v.NumeratorDenominatorSumOfProducts)
	case s.cuped:
		y, err1 := componentOf(i, "post", v.Post, binomial)
		x, err2 := componentOf(i, "pre", v.Pre, binomial)
		if err := errors.Join(err1, err2); err != nil {
			return m, err
		}
		if v.PostPreSumOfProducts == nil {
			return m, fmt.Errorf("variant %d: a CUPED arm needs post_pre_sum_of_products", i)
		}
		m = newMoments(v.Count, y, x)
		m.setProduct(post, pre, *v.PostPreSumOfProducts)
	default:
		if v.Sum == nil {
			return m, fmt.Errorf("variant %d: a %s arm needs count and sum", i, s.metric)
		}
		c, err := componentOf(i, "", &Sums{Sum: *v.Sum, SumSquares: v.SumSquares}, binomial)
		if err != nil {
			return m, err
		}
		m = newMoments(v.Count, c)
	}
	for _, row := range m.products {
		for _, x := range row {
			if !isFinite(x) {
				return m, fmt.Errorf("variant %d: every sum of products must be a finite number", i)
			}
		}
	}
	return m, nil
}

func componentOf(i int, name string, s *Sums, binomial bool) (component, error) {
	label := "sum"
	if name != "" {
		label = name + ".sum"
	}
	if s == nil {
		return component{}, fmt.Errorf("variant %d: %s is missing", i, name)
	}
	if !isFinite(s.Sum) {
		return component{}, fmt.Errorf("variant %d: %s must be a finite number", i, label)
	}
	// Sums that no 0/1 value can give are kept: GrowthBook reports them as zero variance.
	if binomial {
		return component{sum: s.Sum, sumSquares: s.Sum, binomial: true}, nil
	}
	if s.SumSquares == nil || !isFinite(*s.SumSquares) || *s.SumSquares < 0 {
		return component{}, fmt.Errorf("variant %d: %s needs sum_squares, a non-negative number", i, nameOr(name))
	}
	return component{sum: s.Sum, sumSquares: *s.SumSquares}, nil
}

func nameOr(name string) string {
	if name == "" {
		return "a mean arm"
	}
	return name
}

// armsOf reads every arm of a list.
func (s armShape) armsOf(variants []VariantV2) ([]moments, error) {
	arms := make([]moments, len(variants))
	for i, v := range variants {
		m, err := s.momentsOf(i, v)
		if err != nil {
			return nil, err
		}
		arms[i] = m
	}
	return arms, nil
}
