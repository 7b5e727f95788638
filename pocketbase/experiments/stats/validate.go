package stats

import (
	"errors"
	"fmt"
	"math"
)

// validateVariants rejects counts that cannot come from a real experiment, so that bad input is
// an error rather than a NaN somewhere in the output.
func validateVariants(metric Metric, variants []Variant) error {
	for i, v := range variants {
		for _, x := range []float64{v.Users, v.Conversions, v.Count, v.Sum, v.SumSquares} {
			if !isFinite(x) {
				return fmt.Errorf("variant %d: every count and sum must be a finite number", i)
			}
		}
		switch metric {
		case MetricBinomial:
			if err := wholeCount(i, "users", v.Users); err != nil {
				return err
			}
			if err := wholeCount(i, "conversions", v.Conversions); err != nil {
				return err
			}
			if v.Conversions > v.Users {
				return fmt.Errorf("variant %d: conversions (%v) exceed users (%v)", i, v.Conversions, v.Users)
			}
		case MetricMean:
			if err := wholeCount(i, "count", v.Count); err != nil {
				return err
			}
			if v.SumSquares < 0 {
				return fmt.Errorf("variant %d: sum_squares cannot be negative", i)
			}
		default:
			if err := wholeCount(i, "users", v.Users); err != nil {
				return err
			}
		}
	}
	return nil
}

func wholeCount(i int, name string, x float64) error {
	if x < 0 {
		return fmt.Errorf("variant %d: %s cannot be negative", i, name)
	}
	if x != math.Trunc(x) {
		return fmt.Errorf("variant %d: %s must be a whole number", i, name)
	}
	return nil
}

// validateWeights checks the expected traffic split. A metric case has one weight per variant; an
// SRM-only case may list more weights than counts, for arms that have reported nothing yet.
func validateWeights(metric Metric, variants []Variant, weights []float64) error {
	if weights == nil {
		return nil
	}
	if metric != MetricNone && len(weights) != len(variants) {
		return fmt.Errorf("weights has %d entries for %d variants", len(weights), len(variants))
	}
	if len(weights) < len(variants) {
		return fmt.Errorf("weights has %d entries for %d variants", len(weights), len(variants))
	}
	for i, w := range weights {
		if !isFinite(w) || w < 0 {
			return fmt.Errorf("weight %d must be a non-negative number", i)
		}
	}
	return nil
}

func validatePosterior(p Posterior) error {
	if !isFinite(p.Mean) || !isFinite(p.SD) || !(p.SD > 0) {
		return errors.New("posterior needs a finite mean and a positive sd")
	}
	return nil
}
