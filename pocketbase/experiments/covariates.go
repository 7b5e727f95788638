package experiments

import (
	"errors"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/expfigures"
)

// CovariateSums are one variant's CUPED sums over its exposed visitors (eventstore.CovariateSums).
type CovariateSums = eventstore.CovariateSums

// errNoCovariates is a store that computes no CUPED sums.
var errNoCovariates = errors.New("experiments: the event store computes no CUPED sums")

// covariates reads CUPED's sums per variant and stratum of a dimension ("" for none) for a goal
// ("revenue": revenue) and window (0: no covariate, the post sums alone), from the store: its
// cells (ClickHouse) summed by stratum, or its sums by stratum (SQLite).
// exposed is the experiment's exposed visitors as its figures count them.
func covariates(store eventstore.Store, q eventstore.ExperimentQuery, windowDays int, dimension string, exposed float64) ([]CovariateSums, error) {
	switch s := store.(type) {
	case eventstore.CovariateStore:
		cells, err := s.ExperimentCovariates(q, windowDays)
		return expfigures.CellsByStratum(cells, dimension), err
	case eventstore.StratumCovariateStore:
		return s.CovariateSums(q, windowDays, dimension, exposed)
	}
	return nil, errNoCovariates
}
