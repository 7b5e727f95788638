package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"strings"
)

// CUPED's sums on ClickHouse, in one query over exposures and experiment_events (each exposed
// visitor's first exposure and outcomes) and their sessions from the sessions rollup: the same definitions as the SQLite store's sums
// (exposure_covariates.go), grouped by variant, device class and new/returning.
const chCovariatesSQL = `SELECT x_variant AS variant, device, if(sessions > 1, 'returning', 'new') AS vtype, count() AS n,
	sum(vpost) AS post, sum(vpost * vpost) AS post2, sum(vpre) AS pre, sum(vpre * vpre) AS pre2, sum(vpost * vpre) AS prod
	FROM (
		SELECT visitor, x_variant, x_at, vpost, vpre, argMaxIf(s_device, s_at, s_at <= x_at) AS device,
			countIf(s_at > 0 AND s_at <= x_at) AS sessions
		FROM (
			SELECT visitor, x_variant, x_at, {{post}} AS vpost, {{pre}} AS vpre
			FROM (SELECT visitor, argMinMerge(x_variant) AS x_variant, minMerge(x_at) AS x_at FROM exposures
				WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor)
			ALL LEFT JOIN (SELECT visitor, goal AS o_goal, at AS o_at, value AS o_value FROM experiment_events
				WHERE site_id = {:site} AND experiment = '' AND goal = {:goal}) USING (visitor)
			GROUP BY visitor, x_variant, x_at)
		ALL LEFT JOIN (SELECT visitor, session, s_start AS s_at, s_device FROM ({{sessions}})) USING (visitor)
		GROUP BY visitor, x_variant, x_at, vpost, vpre)
	GROUP BY variant, device, vtype ORDER BY variant, device, vtype`

const (
	// A goal: converted after the first exposure, and in the window before it (0 or 1).
	chGoalPost = `toFloat64(maxIf(1, o_goal != '' AND o_at >= x_at))`
	chGoalPre  = `toFloat64(maxIf(1, o_goal != '' AND o_at + {:window} >= x_at AND o_at < x_at))`
	// Revenue: since the first exposure, and in the window before it.
	chRevenuePost = `sumIf(o_value, o_goal != '' AND o_at >= x_at)`
	chRevenuePre  = `sumIf(o_value, o_goal != '' AND o_at + {:window} >= x_at AND o_at < x_at)`
)

// ExperimentCovariates implements the experiments package's CovariateStore.
func (s *chStore) ExperimentCovariates(q ExperimentQuery, windowDays int) ([]eventstore.CupedCell, error) {
	post, pre, goal := chGoalPost, chGoalPre, q.GoalID
	if q.Revenue {
		post, pre, goal = chRevenuePost, chRevenuePre, eventrow.RevenueGoal
	}
	sql := strings.Replace(strings.Replace(chCovariatesSQL, "{{post}}", post, 1), "{{pre}}", pre, 1)
	sql = strings.Replace(sql, "{{sessions}}", chSessionsOfExposed("s_start", "s_device"), 1)
	rows, err := s.query(sql, map[string]any{"site": q.SiteID, "exp": q.ExperimentID, "goal": goal,
		"window": uint64(windowDays) * 86_400_000})
	if err != nil {
		return nil, err
	}
	out := make([]eventstore.CupedCell, len(rows))
	for i, r := range rows {
		out[i] = eventstore.CupedCell{Variant: r.Str("variant"), Device: r.Str("device"), VisitorType: r.Str("vtype"), Count: r.Num("n"),
			Post: r.Num("post"), PostSquares: r.Num("post2"), Pre: r.Num("pre"), PreSquares: r.Num("pre2"), Products: r.Num("prod")}
	}
	return out, nil
}
