package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"fmt"
	"strings"
)

// Ratio metrics' sums on ClickHouse (eventstore.RatioReads), with SQLite's meaning (ratio_sums.go):
// each exposed visitor's first exposure (exposures), joined with their sessions (from the sessions rollup), their purchases and conversions (visitor_events) and their purchases' capped revenue
// (experiment_events' outcomes), one join a level as 18.16 allows.

// chRatioParts are each part's column since the first exposure and in the window before it.
var chRatioParts = map[string][2]string{
	eventstore.RatioRevenue:  {"rev_since", "rev_pre"},
	eventstore.RatioSessions: {"sess_since", "sess_pre"},
	eventstore.RatioPages:    {"pages_since", "pages_pre"},
	eventstore.RatioOrders:   {"orders_since", "orders_pre"},
	eventstore.RatioGoal:     {"goal_since", "goal_pre"},
}

const (
	chRatioExposedSQL  = `SELECT visitor, minMerge(x_at) AS x_at FROM exposures WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor`
	chRatioVisitorsSQL = chExposedVisitorsSQL
	chRatioSQL         = `SELECT x_variant AS variant, count() AS n, sum(r_num) AS num, sum(r_num * r_num) AS num2, sum(r_den) AS den,
	sum(r_den * r_den) AS den2, sum(r_num * r_den) AS prod, sum(r_npre) AS npre, sum(r_npre * r_npre) AS npre2, sum(r_dpre) AS dpre,
	sum(r_dpre * r_dpre) AS dpre2, sum(r_num * r_npre) AS num_npre, sum(r_den * r_dpre) AS den_dpre, sum(r_npre * r_dpre) AS npre_dpre,
	sum(r_num * r_dpre) AS num_dpre, sum(r_npre * r_den) AS npre_den
	FROM (SELECT x_variant, %s AS r_num, %s AS r_den, %s AS r_npre, %s AS r_dpre FROM
		(SELECT visitor, x_variant, sess_since, sess_pre, pages_since, pages_pre, orders_since, orders_pre, goal_since, goal_pre, rev_pre FROM
			(SELECT visitor, x_variant, sess_since, sess_pre, pages_since, pages_pre FROM
				(SELECT visitor, argMinMerge(x_variant) AS x_variant FROM exposures WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor)
				ANY LEFT JOIN (SELECT visitor, countIf(s_last >= x_at) AS sess_since, sumIf(s_pv, s_last >= x_at) AS pages_since,
					countIf(s_start ` + chRatioPreStart + `) AS sess_pre, sumIf(s_pv, s_start ` + chRatioPreStart + `) AS pages_pre
					FROM (` + chRatioExposedSQL + `) ALL INNER JOIN ({{sessions}}) USING visitor
					GROUP BY visitor) USING visitor)
			ANY LEFT JOIN (SELECT visitor, countIf(type = 'custom' AND value > 0 AND at >= x_at) AS orders_since,
				countIf(type = 'custom' AND value > 0 AND at ` + chRatioPreAt + `) AS orders_pre,
				sumIf(value, type = 'custom' AND value > 0 AND at ` + chRatioPreAt + `) AS rev_pre,
				countIf(type = 'conversion' AND goal = {:goal} AND at >= x_at) AS goal_since,
				countIf(type = 'conversion' AND goal = {:goal} AND at ` + chRatioPreAt + `) AS goal_pre
				FROM (` + chRatioExposedSQL + `) ALL INNER JOIN (SELECT visitor, type, value, goal, at FROM visitor_events WHERE site_id = {:site}
					AND visitor IN (` + chRatioVisitorsSQL + `)) USING visitor
				GROUP BY visitor) USING visitor)
		ANY LEFT JOIN (SELECT visitor, sumIf(o_value, o_at >= x_at) AS rev_since
			FROM (` + chRatioExposedSQL + `) ALL INNER JOIN (SELECT visitor, at AS o_at, value AS o_value FROM experiment_events
				WHERE site_id = {:site} AND experiment = '' AND goal = {:rev} AND visitor IN (` + chRatioVisitorsSQL + `)) USING visitor
			GROUP BY visitor) USING visitor)
	GROUP BY variant ORDER BY variant`
	chRatioPreStart = `>= x_at - {:w} AND s_start < x_at`
	chRatioPreAt    = `>= x_at - {:w} AND at < x_at`
)

func (s *chStore) RatioSums(q eventstore.RatioQuery) ([]eventstore.RatioSums, error) {
	num, okN := chRatioParts[q.Numerator]
	den, okD := chRatioParts[q.Denominator]
	if !okN || !okD {
		return nil, fmt.Errorf("unknown ratio parts %q over %q", q.Numerator, q.Denominator)
	}
	npre, dpre := num[1], den[1]
	if q.WindowDays <= 0 {
		npre, dpre = "0", "0"
	}
	sql := strings.Replace(fmt.Sprintf(chRatioSQL, num[0], den[0], npre, dpre), "{{sessions}}", chSessionsOfExposed("s_start", "s_last", "s_pv"), 1)
	rows, err := s.query(sql, map[string]any{"site": q.SiteID, "exp": q.ExperimentID,
		"goal": q.GoalID, "rev": eventrow.RevenueGoal, "w": uint64(max(q.WindowDays, 0)) * 86400000})
	out := make([]eventstore.RatioSums, 0, len(rows))
	for _, r := range rows {
		out = append(out, eventstore.RatioSums{Variant: r.Str("variant"), Count: r.Num("n"), Numerator: r.Num("num"), NumeratorSquares: r.Num("num2"),
			Denominator: r.Num("den"), DenominatorSquares: r.Num("den2"), Products: r.Num("prod"), NumeratorPre: r.Num("npre"),
			NumeratorPreSquares: r.Num("npre2"), DenominatorPre: r.Num("dpre"), DenominatorPreSquares: r.Num("dpre2"),
			NumeratorNumeratorPre: r.Num("num_npre"), DenominatorDenominatorPre: r.Num("den_dpre"), NumeratorPreDenominatorPre: r.Num("npre_dpre"),
			NumeratorDenominatorPre: r.Num("num_dpre"), NumeratorPreDenominatorPlain: r.Num("npre_den")})
	}
	return out, err
}
