package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"strings"
)

// CUPED's sums on ClickHouse, in one query over exposures and experiment_events (each exposed
// visitor's first exposure and outcomes) and their sessions from the sessions rollup: the same
// definitions as the SQLite store's sums (exposure_covariates.go), grouped by variant, device class
// and new/returning. {{metrics}} are each metric's post and pre values per visitor (p<i>, q<i>) and
// {{sums}} their sums, so that a goal and revenue share one pass (ExperimentCovariatesWithRevenue).
const chCovariatesSQL = `SELECT x_variant AS variant, device, if(sessions > 1, 'returning', 'new') AS vtype, count() AS n{{sums}}
	FROM (
		SELECT visitor, x_variant, x_at, {{anys}}, argMaxIf(s_device, s_at, s_at <= x_at) AS device,
			countIf(s_at > 0 AND s_at <= x_at) AS sessions
		FROM (
			SELECT visitor, x_variant, x_at, {{metrics}}
			FROM (SELECT visitor, argMinMerge(x_variant) AS x_variant, minMerge(x_at) AS x_at FROM exposures
				WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor)
			ALL LEFT JOIN (SELECT visitor, goal AS o_goal, at AS o_at, value AS o_value FROM experiment_events
				WHERE site_id = {:site} AND experiment = '' AND goal IN {:goals}) USING (visitor)
			GROUP BY visitor, x_variant, x_at)
		ALL LEFT JOIN (SELECT visitor, session, s_start AS s_at, s_device FROM ({{sessions}})) USING (visitor)
		GROUP BY visitor, x_variant, x_at)
	GROUP BY variant, device, vtype ORDER BY variant, device, vtype`

const (
	// A goal: converted after the first exposure, and in the window before it (0 or 1).
	chGoalPost = `toFloat64(maxIf(1, o_goal = {:goal} AND o_at >= x_at))`
	chGoalPre  = `toFloat64(maxIf(1, o_goal = {:goal} AND o_at + {:window} >= x_at AND o_at < x_at))`
	// Revenue: since the first exposure, and in the window before it.
	chRevenuePost = `sumIf(o_value, o_goal = {:rev} AND o_at >= x_at)`
	chRevenuePre  = `sumIf(o_value, o_goal = {:rev} AND o_at + {:window} >= x_at AND o_at < x_at)`
)

// chCovariatesOf is the query of the metrics' sums, each metric its post and pre expressions.
func chCovariatesOf(metrics ...[2]string) string {
	var sums, anys, exprs []string
	for i, m := range metrics {
		p, q := "p"+string(rune('0'+i)), "q"+string(rune('0'+i))
		exprs = append(exprs, m[0]+" AS "+p, m[1]+" AS "+q)
		anys = append(anys, "any("+p+") AS "+p, "any("+q+") AS "+q)
		sums = append(sums, ", sum("+p+") AS "+p+"_post, sum("+p+" * "+p+") AS "+p+"_post2, sum("+q+") AS "+p+"_pre, sum("+q+" * "+q+
			") AS "+p+"_pre2, sum("+p+" * "+q+") AS "+p+"_prod")
	}
	return strings.NewReplacer("{{sums}}", strings.Join(sums, ""), "{{anys}}", strings.Join(anys, ", "),
		"{{metrics}}", strings.Join(exprs, ", "), "{{sessions}}", chSessionsOfExposed("s_start", "s_device")).Replace(chCovariatesSQL)
}

// ExperimentCovariates implements the experiments package's CovariateStore.
func (s *chStore) ExperimentCovariates(q eventstore.ExperimentQuery, windowDays int) ([]eventstore.CupedCell, error) {
	metric, goals := [2]string{chGoalPost, chGoalPre}, []string{q.GoalID}
	if q.Revenue {
		metric, goals = [2]string{chRevenuePost, chRevenuePre}, []string{eventrow.RevenueGoal}
	}
	cells, err := s.covariateCells(q, windowDays, goals, metric)
	if err != nil {
		return nil, err
	}
	return cells[0], nil
}

// ExperimentCovariatesWithRevenue implements the experiments package's CovariatePairStore: a goal's
// sums and revenue's, in one query.
func (s *chStore) ExperimentCovariatesWithRevenue(q eventstore.ExperimentQuery, windowDays int) (goal, revenue []eventstore.CupedCell, err error) {
	cells, err := s.covariateCells(q, windowDays, []string{q.GoalID, eventrow.RevenueGoal}, [2]string{chGoalPost, chGoalPre},
		[2]string{chRevenuePost, chRevenuePre})
	if err != nil {
		return nil, nil, err
	}
	return cells[0], cells[1], nil
}

// covariateCells reads the cells of each metric (post and pre expressions) over the outcomes of
// goals in one query.
func (s *chStore) covariateCells(q eventstore.ExperimentQuery, windowDays int, goals []string, metrics ...[2]string) ([][]eventstore.CupedCell, error) {
	rows, err := s.query(chCovariatesOf(metrics...), map[string]any{"site": q.SiteID, "exp": q.ExperimentID, "goal": q.GoalID,
		"rev": eventrow.RevenueGoal, "goals": goals, "window": uint64(windowDays) * 86_400_000})
	if err != nil {
		return nil, err
	}
	out := make([][]eventstore.CupedCell, len(metrics))
	for i := range metrics {
		p := "p" + string(rune('0'+i))
		out[i] = make([]eventstore.CupedCell, len(rows))
		for j, r := range rows {
			out[i][j] = eventstore.CupedCell{Variant: r.Str("variant"), Device: r.Str("device"), VisitorType: r.Str("vtype"), Count: r.Num("n"),
				Post: r.Num(p + "_post"), PostSquares: r.Num(p + "_post2"), Pre: r.Num(p + "_pre"), PreSquares: r.Num(p + "_pre2"),
				Products: r.Num(p + "_prod")}
		}
	}
	return out, nil
}
