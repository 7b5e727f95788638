package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"strings"
)

// CUPED's sums on ClickHouse: the same definitions as the SQLite store's sums
// (exposure_covariates.go), grouped by variant, device class and new/returning, from the exposed
// visitors' strata (clickhouse_strata.go: device and new/returning as of the first exposure) and
// their outcomes (experiment_events). A visitor without an outcome of the goals adds only to the
// count (every post and pre value is 0), so the cells' counts are read from the strata and the sums
// from the visitors with outcomes only. {{metrics}} are each metric's post and pre values per
// visitor (p<i>, q<i>) and {{sums}} their sums, so that a goal and revenue share one pass
// (ExperimentCovariatesWithRevenue).
const chCovariatesSQL = `SELECT variant, device, vtype, sum(c_n) AS n{{totals}} FROM (
	SELECT x_variant AS variant, device, if(returning, 'returning', 'new') AS vtype, count() AS c_n{{zeros}}
	FROM (` + chStrataSQL + `) GROUP BY variant, device, vtype
	UNION ALL
	SELECT x_variant AS variant, device, if(returning, 'returning', 'new') AS vtype, toUInt64(0) AS c_n{{sums}}
	FROM (
		SELECT visitor, x_variant, device, returning, {{metrics}}
		FROM (SELECT visitor, goal AS o_goal, at AS o_at, value AS o_value FROM experiment_events
			WHERE site_id = {:site} AND experiment = '' AND goal IN {:goals})
		ALL INNER JOIN (` + chStrataSQL + `) USING (visitor)
		GROUP BY visitor, x_variant, x_at, device, returning)
	GROUP BY variant, device, vtype)
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
	var sums, zeros, totals, exprs []string
	for i, m := range metrics {
		p, q := "p"+string(rune('0'+i)), "q"+string(rune('0'+i))
		exprs = append(exprs, m[0]+" AS "+p, m[1]+" AS "+q)
		sums = append(sums, ", sum("+p+") AS "+p+"_post, sum("+p+" * "+p+") AS "+p+"_post2, sum("+q+") AS "+p+"_pre, sum("+q+" * "+q+
			") AS "+p+"_pre2, sum("+p+" * "+q+") AS "+p+"_prod")
		for _, name := range []string{"_post", "_post2", "_pre", "_pre2", "_prod"} {
			zeros = append(zeros, ", toFloat64(0) AS "+p+name)
			totals = append(totals, ", sum("+p+name+") AS "+p+name)
		}
	}
	return strings.NewReplacer("{{sums}}", strings.Join(sums, ""), "{{zeros}}", strings.Join(zeros, ""), "{{totals}}", strings.Join(totals, ""),
		"{{metrics}}", strings.Join(exprs, ", ")).Replace(chCovariatesSQL)
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
	strata, _, err := s.exposureStrata(s.db, q.SiteID, q.ExperimentID)
	if err != nil {
		return nil, err
	}
	rows, err := s.query(chCovariatesOf(metrics...), map[string]any{"site": q.SiteID, "exp": q.ExperimentID, "goal": q.GoalID,
		"rev": eventrow.RevenueGoal, "goals": goals, "window": uint64(windowDays) * 86_400_000, "strata": strata})
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
