package experiments

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/sqlite"
)

// CovariateSums are one variant's CUPED sums over its exposed visitors: post is the metric after
// the first exposure (converted the goal: 0 or 1; revenue since), pre the same behaviour in the
// window before it (converted the goal in the window: 0 or 1; revenue in the window).
type CovariateSums struct {
	Variant     string  `db:"variant" json:"variant"`
	Stratum     string  `db:"stratum" json:"stratum,omitempty"` // the post-stratification cell
	Count       float64 `db:"n" json:"count"`
	Post        float64 `db:"post" json:"post"`
	PostSquares float64 `db:"post2" json:"post_squares"`
	Pre         float64 `db:"pre" json:"pre"`
	PreSquares  float64 `db:"pre2" json:"pre_squares"`
	Products    float64 `db:"prod" json:"post_pre_products"`
}

// CovariateStore is an event store that computes CUPED's sums in its own query engine (ClickHouse);
// the SQLite store's are kept at ingest and read by sqliteCovariates over the same database.
type CovariateStore interface {
	// ExperimentCovariates sums per variant, device class and new/returning.
	ExperimentCovariates(q eventstore.ExperimentQuery, windowDays int) ([]eventstore.CupedCell, error)
}

// CovariatePairStore computes a goal's CUPED sums and revenue's together (ClickHouse: the exposed
// visitors and their sessions are read once for both).
type CovariatePairStore interface {
	ExperimentCovariatesWithRevenue(q eventstore.ExperimentQuery, windowDays int) (goal, revenue []eventstore.CupedCell, err error)
}

// preWindowSQL is an event e in the CUPED window [x.ts - window, x.ts) before exposure x (events
// keep ms, exposures ISO text: sqlite.EventMsSQL converts).
var preWindowSQL = `e.ts >= ` + sqlite.EventMsSQL(`strftime('%Y-%m-%d %H:%M:%fZ', x.ts, {:window})`) + ` AND e.ts < ` + sqlite.EventMsSQL("x.ts")

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

// covariates reads CUPED's sums per variant and stratum of a dimension ("" for none) for a goal
// ("revenue": revenue) and window (0: no covariate, the post sums alone).
// exposed is the experiment's exposed visitors as its figures count them.
func covariates(app core.App, store eventstore.Store, q eventstore.ExperimentQuery, windowDays int, dimension string, exposed float64) ([]CovariateSums, error) {
	if cs, ok := store.(CovariateStore); ok {
		cells, err := cs.ExperimentCovariates(q, windowDays)
		return cellsByStratum(cells, dimension), err
	}
	return sqliteCovariates(app, q, windowDays, dimension, exposed)
}

// sqliteCovariates reads the sums the ingest keeps (sqlite.CupedCells); while they do not cover
// every exposure yet (exposures stored before them, or a window just changed) it computes them
// per visitor, and the store catches up in the background.
func sqliteCovariates(app core.App, q eventstore.ExperimentQuery, windowDays int, dimension string, exposed float64) ([]CovariateSums, error) {
	goal := q.GoalID
	if q.Revenue {
		goal = revenueGoal
	}
	cells, complete, err := sqlite.CupedCells(app, q.ExperimentID, windowDays, goal, exposed)
	if err != nil || !complete {
		return perVisitorCovariates(app, q, windowDays, dimension)
	}
	return cellsByStratum(cells, dimension), nil
}

// cellsByStratum sums the cells (variant × device × new/returning) by variant and the dimension's
// stratum, in the order they came.
func cellsByStratum(cells []eventstore.CupedCell, dimension string) []CovariateSums {
	type key struct{ variant, stratum string }
	byKey := map[key]int{}
	var out []CovariateSums
	for _, c := range cells {
		stratum := ""
		switch dimension {
		case stratifyDevice:
			stratum = c.Device
		case stratifyVisitorType:
			stratum = c.VisitorType
		}
		k := key{c.Variant, stratum}
		i, ok := byKey[k]
		if !ok {
			i = len(out)
			byKey[k] = i
			out = append(out, CovariateSums{Variant: c.Variant, Stratum: stratum})
		}
		out[i] = addSums(out[i], CovariateSums{Count: c.Count, Post: c.Post, PostSquares: c.PostSquares, Pre: c.Pre,
			PreSquares: c.PreSquares, Products: c.Products})
	}
	return out
}

// perVisitorCovariates is the sums computed from each exposed visitor's events and sessions.
func perVisitorCovariates(app core.App, q eventstore.ExperimentQuery, windowDays int, dimension string) ([]CovariateSums, error) {
	inner, goal := goalCovariateSQL, q.GoalID
	if q.Revenue {
		inner, goal = revenueCovariateSQL, revenueGoal
	}
	stratum := "''"
	switch dimension {
	case stratifyDevice:
		stratum = deviceStratumSQL
	case stratifyVisitorType:
		stratum = visitorTypeStratumSQL
	}
	inner = strings.Replace(inner, "{{stratum}}", stratum, 1)
	var rows []CovariateSums
	err := app.DB().NewQuery(covariateTotalsSQL + inner + covariateGroupSQL).Bind(dbx.Params{
		"exp": q.ExperimentID, "goal": goal, "window": fmt.Sprintf("-%d days", windowDays),
	}).All(&rows)
	return rows, err
}
