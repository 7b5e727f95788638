package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
)

// CUPED's sums on ClickHouse: the same definitions as the SQLite store's sums
// (exposure_covariates.go), grouped by variant, device class and new/returning, from the exposed
// visitors' strata (clickhouse_strata.go: device and new/returning as of the first exposure) and
// their outcomes (experiment_events), kept per day (clickhouse_cuped_days.go). A goal's post value
// is whether the visitor converted after the first exposure and its pre value whether they did in
// the window before it; revenue's are the visitor's revenue since the first exposure and in the
// window before it. A visitor without an outcome of the goals adds only to the count.

// ExperimentCovariates implements eventstore.CovariateStore.
func (s *chStore) ExperimentCovariates(q eventstore.ExperimentQuery, windowDays int) ([]eventstore.CupedCell, error) {
	return s.experimentCovariates(s.db, q, windowDays)
}

func (s *chStore) experimentCovariates(db *Client, q eventstore.ExperimentQuery, windowDays int) ([]eventstore.CupedCell, error) {
	goal := q.GoalID
	if q.Revenue {
		goal = eventrow.RevenueGoal
	}
	cells, err := s.covariateCells(db, q, windowDays, []string{goal})
	if err != nil {
		return nil, err
	}
	return cells[0], nil
}

// ExperimentCovariatesWithRevenue implements eventstore.CovariatePairStore: a goal's
// sums and revenue's, in one pass.
func (s *chStore) ExperimentCovariatesWithRevenue(q eventstore.ExperimentQuery, windowDays int) (goal, revenue []eventstore.CupedCell, err error) {
	return s.covariatesWithRevenue(s.db, q, windowDays)
}

func (s *chStore) covariatesWithRevenue(db *Client, q eventstore.ExperimentQuery, windowDays int) (goal, revenue []eventstore.CupedCell, err error) {
	if q.GoalID == eventrow.RevenueGoal {
		cells, err := s.covariateCells(db, q, windowDays, []string{q.GoalID})
		if err != nil {
			return nil, nil, err
		}
		return cells[0], cells[0], nil
	}
	cells, err := s.covariateCells(db, q, windowDays, []string{q.GoalID, eventrow.RevenueGoal})
	if err != nil {
		return nil, nil, err
	}
	return cells[0], cells[1], nil
}

// covariateCells reads the cells of each goal (revenue's metric for the revenue goal).
func (s *chStore) covariateCells(db *Client, q eventstore.ExperimentQuery, windowDays int, goals []string) ([][]eventstore.CupedCell, error) {
	strata, st, err := s.exposureStrata(db, q.SiteID, q.ExperimentID)
	if err != nil {
		return nil, err
	}
	return s.cupedCells(db, q.SiteID, q.ExperimentID, goals, strata, st, windowDays)
}
