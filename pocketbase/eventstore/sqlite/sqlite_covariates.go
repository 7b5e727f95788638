package sqlite

import (
	"fmt"
	"strings"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/expfigures"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// CUPED's sums as the experiments read them (eventstore.StratumCovariateStore): the sums the
// ingest keeps (cuped_sums.go), or, while those do not cover every exposure yet, the same sums
// computed per exposed visitor from their events and sessions.

// preWindowSQL is an event e in the CUPED window [x.ts - window, x.ts) before exposure x (events
// keep ms, exposures ISO text: msOfSQL converts).
var preWindowSQL = `e.ts >= ` + msOfSQL(`strftime('%Y-%m-%d %H:%M:%fZ', x.ts, {:window})`) + ` AND e.ts < ` + msOfSQL("x.ts")

// One pass over the experiment's exposures, each visitor looked up once in the partial indexes of
// conversions (site, visitor, goal, ts) and purchases (site, visitor, ts, value): the work is in
// the database, a row per variant comes back.
var (
	covariateTotalsSQL = `SELECT variant, stratum, COUNT(*) AS n, SUM(post) AS post, SUM(post * post) AS post2,
		SUM(pre) AS pre, SUM(pre * pre) AS pre2, SUM(post * pre) AS prod FROM (`
	covariateGroupSQL = `) GROUP BY variant, stratum`
	// The pre-exposure dimensions: the device class of the visitor's latest session started by the
	// exposure; new when that is the visitor's only session so far, else returning.
	deviceStratumSQL = `COALESCE((SELECT s.device_type FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor
		AND s.started_at <= x.ts ORDER BY s.started_at DESC LIMIT 1), '')`
	visitorTypeStratumSQL = `CASE WHEN (SELECT COUNT(*) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor
		AND s.started_at <= x.ts) > 1 THEN 'returning' ELSE 'new' END`
	goalCovariateSQL = `SELECT x.variant AS variant, {{stratum}} AS stratum,
		EXISTS (SELECT 1 FROM experiment_conversions c WHERE c.experiment = x.experiment AND c.goal = {:goal}
			AND c.visitor = x.visitor) AS post,
		EXISTS (SELECT 1 FROM events e WHERE e.type = 'conversion' AND e.site_id = x.site_id AND e.visitor = x.visitor
			AND e.goal = {:goal} AND ` + preWindowSQL + `) AS pre
		FROM experiment_exposures x WHERE x.experiment = {:exp}`
	revenueCovariateSQL = `SELECT x.variant AS variant, {{stratum}} AS stratum, x.revenue AS post,
		COALESCE((SELECT SUM(e.value) FROM events e WHERE e.type = 'custom' AND e.value > 0 AND e.site_id = x.site_id
			AND e.visitor = x.visitor AND ` + preWindowSQL + `), 0) AS pre
		FROM experiment_exposures x WHERE x.experiment = {:exp}`
)

// CovariateSums implements eventstore.StratumCovariateStore: the kept sums (CupedCells) when they
// cover every exposure, else the per-visitor pass while the store catches up in the background.
func (s *sqliteStore) CovariateSums(q eventstore.ExperimentQuery, windowDays int, dimension string, exposed float64) ([]eventstore.CovariateSums, error) {
	goal := q.GoalID
	if q.Revenue {
		goal = eventrow.RevenueGoal
	}
	cells, complete, err := CupedCells(s.app, q.ExperimentID, windowDays, goal, exposed)
	if err != nil || !complete {
		return perVisitorCovariates(s.app, q, windowDays, dimension)
	}
	return expfigures.CellsByStratum(cells, dimension), nil
}

// perVisitorCovariates is the sums computed from each exposed visitor's events and sessions.
func perVisitorCovariates(app core.App, q eventstore.ExperimentQuery, windowDays int, dimension string) ([]eventstore.CovariateSums, error) {
	inner, goal := goalCovariateSQL, q.GoalID
	if q.Revenue {
		inner, goal = revenueCovariateSQL, eventrow.RevenueGoal
	}
	stratum := "''"
	switch dimension {
	case eventstore.StratumDevice:
		stratum = deviceStratumSQL
	case eventstore.StratumVisitorType:
		stratum = visitorTypeStratumSQL
	}
	inner = strings.Replace(inner, "{{stratum}}", stratum, 1)
	var rows []eventstore.CovariateSums
	err := app.DB().NewQuery(covariateTotalsSQL + inner + covariateGroupSQL).Bind(dbx.Params{
		"exp": q.ExperimentID, "goal": goal, "window": fmt.Sprintf("-%d days", windowDays),
	}).All(&rows)
	return rows, err
}
