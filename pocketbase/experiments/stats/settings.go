package stats

import (
	"errors"
	"fmt"
	"math"
)

// GrowthBook's defaults, applied to zero settings.
const (
	DefaultAlpha             = 0.05
	DefaultSequentialTuningN = 5000
)

// withDefaults fills zero settings with GrowthBook's defaults (95% intervals, relative effect,
// N* = 5000; the zero Prior is already the flat one) and rejects settings no test can use.
func (s Settings) withDefaults() (Settings, error) {
	if s.Alpha == 0 {
		s.Alpha = DefaultAlpha
	}
	if s.DifferenceType == "" {
		s.DifferenceType = Relative
	}
	if s.SequentialTuningN == 0 {
		s.SequentialTuningN = DefaultSequentialTuningN
	}
	// One-sided sequential intervals use 2*alpha as a probability, so alpha must stay below 0.5.
	if !(s.Alpha > 0 && s.Alpha < 0.5) {
		return s, fmt.Errorf("alpha must be between 0 and 0.5, got %v", s.Alpha)
	}
	if s.DifferenceType != Relative && s.DifferenceType != Absolute {
		return s, fmt.Errorf("difference_type must be %q or %q, got %q", Relative, Absolute, s.DifferenceType)
	}
	if !(s.SequentialTuningN > 0) || math.IsInf(s.SequentialTuningN, 0) {
		return s, fmt.Errorf("sequential_tuning_n must be a positive number, got %v", s.SequentialTuningN)
	}
	if !isFinite(s.Prior.Mean) || !isFinite(s.Prior.Variance) {
		return s, errors.New("prior mean and variance must be finite numbers")
	}
	if s.Prior.Proper && !(s.Prior.Variance > 0) {
		return s, fmt.Errorf("a proper prior needs a positive variance, got %v", s.Prior.Variance)
	}
	return s, nil
}

func isFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
