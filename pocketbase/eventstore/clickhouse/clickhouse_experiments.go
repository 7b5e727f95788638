package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/expfigures"
	"strings"
	"time"
)

// Experiments on ClickHouse read experiment_events (clickhouse_rows.go) through exposures, each
// visitor's first exposure (its variant and time) merged at insert by a materialized view
// (clickhouse/derived.go), then their outcomes at or after it. Pruning never touches them.

// chExposedSQL is one row per exposed visitor of the experiment: variant and day of the first exposure.
const chExposedSQL = `SELECT visitor, argMinMerge(x_variant) AS x_variant, minMerge(x_at) AS x_at, argMinMerge(x_day) AS x_day
	FROM exposures WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor`

// chOutcomesSQL is ExperimentResults' outcomes of the exposed visitors (chStrataSQL) after their
// first exposure, by kind k (see there). Days are strings in the tuples: an array literal of
// tuples with a Date comes back as its number on 18.16.
const chOutcomesSQL = `SELECT x_variant AS variant, k, d, goal AS o_goal, count() AS n, sum(o_value) AS total,
	sum(o_value * o_value) AS squares FROM (
	SELECT x_variant, goal, tupleElement(e, 1) AS k, tupleElement(e, 2) AS d, tupleElement(e, 3) AS o_value FROM (
		SELECT visitor, x_variant, goal, argMin(o_day0, o_at) AS first_day, sum(o_value0) AS v_total,
			groupArrayIf((o_day0, o_value0), goal = {:rev}) AS buys
		FROM (SELECT visitor, goal, at AS o_at, day AS o_day0, value AS o_value0 FROM experiment_events
			WHERE site_id = {:site} AND experiment = '' AND goal IN ({:goal}, {:rev}))
		ALL INNER JOIN (` + chStrataSQL + `) USING (visitor)
		WHERE o_at >= x_at GROUP BY visitor, x_variant, goal)
	ARRAY JOIN arrayConcat([(toUInt8(0), if(goal = {:rev}, '1970-01-01', toString(first_day)), v_total)],
		arraySlice([(toUInt8(2), toString(first_day), toFloat64(0))], 1, goal = {:rev}),
		arrayMap(b -> (toUInt8(1), toString(tupleElement(b, 1)), tupleElement(b, 2)), buys)) AS e)
	GROUP BY variant, k, d, o_goal`

// chExposedVisitorsSQL are the experiment's exposed visitors (for IN).
const chExposedVisitorsSQL = `SELECT visitor FROM exposures WHERE site_id = {:site} AND experiment = {:exp}`

// chVisitorSessionsSQL is each session of the experiment's exposed visitors, from the sessions
// rollup (a row per session and day, each with its visitor: rows are picked by it before merging):
// the {{columns}} a reader needs of its start s_start, last event s_last, page views s_pv, last
// error s_err (0: none) and first device s_device. Sessions without a key are not in the rollup, nor
// in the SQLite store's sessions.
const chVisitorSessionsSQL = `SELECT sv AS visitor, session{{names}} FROM (SELECT finalizeAggregation(visitor) AS sv, session{{columns}}
	FROM sessions WHERE site_id = {:site} AND sv IN (` + chExposedVisitorsSQL + `) GROUP BY sv, session)`

var chSessionColumns = map[string]string{"s_start": "minMerge(started)", "s_last": "maxMerge(last_at)", "s_pv": "sumMerge(pageviews)",
	"s_err": "maxMerge(last_error)", "s_device": "tupleElement(argMinMerge(dims), 5)"} // dims: version 17, rollups.go

func (s *chStore) ExperimentResults(q eventstore.ExperimentQuery) (eventstore.ExperimentFigures, error) {
	goal := q.GoalID
	if q.Revenue {
		goal = eventrow.RevenueGoal
	}
	strata, err := s.exposureStrata(q.SiteID, q.ExperimentID)
	if err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	p := map[string]any{"site": q.SiteID, "exp": q.ExperimentID, "goal": goal, "rev": eventrow.RevenueGoal, "strata": strata}
	var days []expfigures.DayRow
	var conversions []expfigures.DayCount
	var revenue []expfigures.RevenueRow
	// The exposed visitors by variant and day of first exposure (k 3) and, in one pass, their
	// outcomes after it: per visitor and goal (k 0) the goal's first conversion day, or for revenue
	// the visitor's total (day 1970-01-01); per purchase (k 1) its day and value, for the
	// cumulative series; for revenue (k 2) the day of the first purchase, its purchasers per day.
	rows, err := s.query(chOutcomesSQL+` UNION ALL SELECT x_variant AS variant, toUInt8(3) AS k, toString(x_day) AS d, '' AS o_goal,
		count() AS n, toFloat64(0) AS total, toFloat64(0) AS squares FROM (`+chStrataSQL+`) GROUP BY variant, d`, p)
	if err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	for _, r := range rows {
		switch k, g := r.Int("k"), r.Str("o_goal"); {
		case k == 0 && g == goal && goal != eventrow.RevenueGoal:
			conversions = append(conversions, expfigures.DayCount{Variant: r.Str("variant"), Day: r.Str("d"), N: r.Num("n")})
		case k == 0 && g == eventrow.RevenueGoal:
			revenue = append(revenue, expfigures.RevenueRow{Variant: r.Str("variant"), Sum: r.Num("total"), Squares: r.Num("squares")})
		case k == 1:
			days = append(days, expfigures.DayRow{Variant: r.Str("variant"), Day: r.Str("d"), Revenue: r.Num("total")})
		case k == 3:
			days = append(days, expfigures.DayRow{Variant: r.Str("variant"), Day: r.Str("d"), Users: r.Num("n")})
		case k == 2 && goal == eventrow.RevenueGoal:
			conversions = append(conversions, expfigures.DayCount{Variant: r.Str("variant"), Day: r.Str("d"), N: r.Num("n")})
		}
	}
	return expfigures.Figures(days, conversions, revenue), nil
}

func (s *chStore) GoalConverters(q eventstore.ExperimentQuery, from time.Time) (int, error) {
	cond := `type IN ('conversion', 'micro_conversion') AND goal = {:goal}`
	if q.Revenue {
		cond = `type = 'custom' AND value > 0`
	}
	rows, err := s.query(`SELECT uniqExact(visitor) AS n FROM events WHERE site_id = {:site} AND ts >= toDateTime({:fromSec})
		AND at >= {:from} AND `+cond, map[string]any{"site": q.SiteID, "goal": q.GoalID, "from": from, "fromSec": from.Unix() - 1})
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	return rows[0].Int("n"), nil
}

// ExperimentGuardrails on ClickHouse (sqlite_guardrails.go has the meaning): each exposed visitor's
// sessions against the time of their first exposure.
func (s *chStore) ExperimentGuardrails(siteID, experimentID string) ([]eventstore.GuardrailFigures, error) {
	rows, err := s.query(`SELECT x_variant AS variant, count() AS users, countIf(err_after) AS error_visitors,
		countIf(pv_after <= 1) AS bounced FROM (
		SELECT visitor, any(x_variant) AS x_variant, max(s_err) >= any(x_at) AS err_after, sumIf(s_pv, s_last >= x_at) AS pv_after
		FROM (`+chExposedSQL+`)
		ALL LEFT JOIN (`+chSessionsOfExposed("s_last", "s_pv", "s_err")+`) USING (visitor)
		GROUP BY visitor)
		GROUP BY variant ORDER BY variant`, map[string]any{"site": siteID, "exp": experimentID})
	out := []eventstore.GuardrailFigures{}
	for _, r := range rows {
		out = append(out, eventstore.GuardrailFigures{Variant: r.Str("variant"), Users: r.Num("users"), ErrorVisitors: r.Num("error_visitors"),
			BouncedVisitors: r.Num("bounced")})
	}
	return out, err
}

// chSessionsOfExposed is chVisitorSessionsSQL with the columns named.
func chSessionsOfExposed(columns ...string) string {
	var cols, names strings.Builder
	for _, c := range columns {
		cols.WriteString(", " + chSessionColumns[c] + " AS " + c)
		names.WriteString(", " + c)
	}
	return strings.NewReplacer("{{columns}}", cols.String(), "{{names}}", names.String()).Replace(chVisitorSessionsSQL)
}
