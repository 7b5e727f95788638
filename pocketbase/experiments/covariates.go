package experiments

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/analytics"
)

// CovariateSums are one variant's CUPED sums over its exposed visitors: post is the metric after
// the first exposure (converted the goal: 0 or 1; revenue since), pre the same behaviour in the
// window before it (converted the goal in the window: 0 or 1; revenue in the window).
type CovariateSums struct {
	Variant     string  `db:"variant" json:"variant"`
	Count       float64 `db:"n" json:"count"`
	Post        float64 `db:"post" json:"post"`
	PostSquares float64 `db:"post2" json:"post_squares"`
	Pre         float64 `db:"pre" json:"pre"`
	PreSquares  float64 `db:"pre2" json:"pre_squares"`
	Products    float64 `db:"prod" json:"post_pre_products"`
}

// CovariateStore is an event store that computes CUPED's sums in its own query engine; the SQLite
// store's are computed by sqliteCovariates over the same database.
type CovariateStore interface {
	ExperimentCovariates(q analytics.ExperimentQuery, windowDays int) ([]CovariateSums, error)
}

// One pass over the experiment's exposures, each visitor looked up once in the partial indexes of
// conversions (site, visitor, goal, ts) and purchases (site, visitor, ts, value): the work is in
// the database, a row per variant comes back.
const (
	covariateTotalsSQL = `SELECT variant, COUNT(*) AS n, SUM(post) AS post, SUM(post * post) AS post2,
		SUM(pre) AS pre, SUM(pre * pre) AS pre2, SUM(post * pre) AS prod FROM (`
	covariateGroupSQL = `) GROUP BY variant`
	goalCovariateSQL  = `SELECT x.variant AS variant,
		EXISTS (SELECT 1 FROM experiment_conversions c WHERE c.experiment = x.experiment AND c.goal = {:goal}
			AND c.visitor = x.visitor) AS post,
		EXISTS (SELECT 1 FROM events e WHERE e.type = 'conversion' AND e.site_id = x.site_id AND e.visitor = x.visitor
			AND e.goal = {:goal} AND e.ts >= strftime('%Y-%m-%d %H:%M:%fZ', x.ts, {:window}) AND e.ts < x.ts) AS pre
		FROM experiment_exposures x WHERE x.experiment = {:exp}`
	revenueCovariateSQL = `SELECT x.variant AS variant, x.revenue AS post,
		COALESCE((SELECT SUM(e.value) FROM events e WHERE e.type = 'custom' AND e.value > 0 AND e.site_id = x.site_id
			AND e.visitor = x.visitor AND e.ts >= strftime('%Y-%m-%d %H:%M:%fZ', x.ts, {:window}) AND e.ts < x.ts), 0) AS pre
		FROM experiment_exposures x WHERE x.experiment = {:exp}`
)

// covariates reads CUPED's sums per variant for a goal ("revenue": revenue) and window.
func covariates(app core.App, store analytics.Store, q analytics.ExperimentQuery, windowDays int) ([]CovariateSums, error) {
	if cs, ok := store.(CovariateStore); ok {
		return cs.ExperimentCovariates(q, windowDays)
	}
	return sqliteCovariates(app, q, windowDays)
}

func sqliteCovariates(app core.App, q analytics.ExperimentQuery, windowDays int) ([]CovariateSums, error) {
	inner, goal := goalCovariateSQL, q.GoalID
	if q.Revenue {
		inner, goal = revenueCovariateSQL, revenueGoal
	}
	var rows []CovariateSums
	err := app.DB().NewQuery(covariateTotalsSQL + inner + covariateGroupSQL).Bind(dbx.Params{
		"exp": q.ExperimentID, "goal": goal, "window": fmt.Sprintf("-%d days", windowDays),
	}).All(&rows)
	return rows, err
}
