package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/expfigures"

	"github.com/pocketbase/dbx"
)

// Experiment results read the aggregates the ingest keeps (exposures.go), each through an index
// that holds what it needs: a few rows per variant and day (visitors and revenue; first
// conversions of the goal), and the visitors with revenue. Nothing grows with the site's page views.

const experimentDaysSQL = `SELECT variant, day, users, revenue FROM experiment_daily WHERE experiment = {:exp}`

const experimentConversionsSQL = `SELECT variant, day, conversions AS n FROM experiment_goal_daily
	WHERE experiment = {:exp} AND goal = {:goal}`

const experimentRevenueSQL = `SELECT variant, SUM(revenue) AS sum, SUM(revenue * revenue) AS squares FROM experiment_exposures
	WHERE experiment = {:exp} AND revenue > 0 GROUP BY variant`

func (s *sqliteStore) ExperimentResults(q eventstore.ExperimentQuery) (eventstore.ExperimentFigures, error) {
	db := s.app.DB()
	goal := q.GoalID
	if q.Revenue {
		goal = eventrow.RevenueGoal
	}
	p := dbx.Params{"exp": q.ExperimentID, "goal": goal}
	var days []expfigures.DayRow
	var conversions []expfigures.DayCount
	var revenue []expfigures.RevenueRow
	if err := db.NewQuery(experimentDaysSQL).Bind(p).All(&days); err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	if err := db.NewQuery(experimentConversionsSQL).Bind(p).All(&conversions); err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	if err := db.NewQuery(experimentRevenueSQL).Bind(p).All(&revenue); err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	return expfigures.Figures(days, conversions, revenue), nil
}
