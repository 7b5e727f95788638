package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/expfigures"
	"sort"
	"time"
)

// Experiments on ClickHouse read experiment_events (clickhouse_rows.go), never pruned, through
// kept figures: the exposure strata (each exposed visitor's first exposure), outcome days, CUPED's
// days and the guardrails' and ratio metrics' days (clickhouse_metric_days.go). exposures (each
// visitor's first exposure merged at insert by a view, derived.go) names the exposed visitors.

// chExposedVisitorsSQL are the experiment's exposed visitors (for IN).
const chExposedVisitorsSQL = `SELECT visitor FROM exposures WHERE site_id = {:site} AND experiment = {:exp}`

// chVisitorSessionsSQL is each session of the experiment's exposed visitors, from the sessions
// rollup (a row per session and day, each with its visitor: rows are picked by it before merging):
// the {{columns}} a reader needs of its start s_start, last event s_last, page views s_pv, last
// error s_err (0: none) and first device s_device. Sessions without a key are not in the rollup, nor
// in the SQLite store's sessions.
const chVisitorSessionsSQL = `SELECT sv AS visitor, session{{names}} FROM (SELECT finalizeAggregation(visitor) AS sv, session{{columns}}
	FROM sessions WHERE site_id = {:site} AND sv IN (` + chExposedVisitorsSQL + `) GROUP BY sv, session)`

// ExperimentResults reads the exposed visitors per variant and day of first exposure from the
// strata and their outcomes per outcome day (clickhouse_outcome_days.go): per goal its first
// conversions by day, for revenue each day's purchases and the growth of the purchasers' sums of
// squares (their per-visitor totals' squares summed) and first purchases by day.
func (s *chStore) ExperimentResults(q eventstore.ExperimentQuery) (eventstore.ExperimentFigures, error) {
	return s.experimentResults(s.db, q)
}

// experimentResults is ExperimentResults read through db (a pinned view's: clickhouse_pinned.go).
func (s *chStore) experimentResults(db *Client, q eventstore.ExperimentQuery) (eventstore.ExperimentFigures, error) {
	goal, goals := q.GoalID, []string{q.GoalID, eventrow.RevenueGoal}
	if q.Revenue || goal == eventrow.RevenueGoal {
		goal, goals = eventrow.RevenueGoal, []string{eventrow.RevenueGoal}
	}
	strata, st, err := s.exposureStrata(db, q.SiteID, q.ExperimentID)
	if err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	days, err := s.strataUsers(db, q.SiteID, q.ExperimentID, strata)
	if err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	outcomes, err := s.outcomeDays(db, q.SiteID, q.ExperimentID, goals, strata, st, false)
	if err != nil {
		return eventstore.ExperimentFigures{}, err
	}
	var conversions []expfigures.DayCount
	sums := map[string]*expfigures.RevenueRow{}
	var variants []string
	for _, g := range goals {
		dayList := make([]string, 0, len(outcomes[g]))
		for d := range outcomes[g] {
			dayList = append(dayList, d)
		}
		sort.Strings(dayList) // the revenue sums add up in day order, the same on every read
		for _, d := range dayList {
			for _, r := range outcomes[g][d] {
				switch {
				case r.k == 0 && g == goal, r.k == 2 && goal == eventrow.RevenueGoal:
					conversions = append(conversions, expfigures.DayCount{Variant: r.variant, Day: d, N: r.n})
				case r.k == 1 && g == eventrow.RevenueGoal:
					days = append(days, expfigures.DayRow{Variant: r.variant, Day: d, Revenue: r.total})
					if sums[r.variant] == nil {
						sums[r.variant] = &expfigures.RevenueRow{Variant: r.variant}
						variants = append(variants, r.variant)
					}
					sums[r.variant].Sum += r.total
					sums[r.variant].Squares += r.squares
				}
			}
		}
	}
	revenue := make([]expfigures.RevenueRow, 0, len(variants))
	for _, v := range variants {
		revenue = append(revenue, *sums[v])
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

// ExperimentGuardrails on ClickHouse (sqlite_guardrails.go has the meaning) sum the guardrails'
// day figures (clickhouse_metric_days.go): users, those who erred and those who stopped bouncing.
func (s *chStore) ExperimentGuardrails(siteID, experimentID string) ([]eventstore.GuardrailFigures, error) {
	return s.experimentGuardrails(s.db, siteID, experimentID)
}

func (s *chStore) experimentGuardrails(db *Client, siteID, experimentID string) ([]eventstore.GuardrailFigures, error) {
	total, err := s.metricDays(db, siteID, experimentID, metricSpec{guardrails: true}, false)
	out := []eventstore.GuardrailFigures{}
	for _, v := range sortedKeys(total) {
		f := total[v]
		out = append(out, eventstore.GuardrailFigures{Variant: v, Users: f[gUsers], ErrorVisitors: f[gErrors], BouncedVisitors: f[gUsers] - f[gDeep]})
	}
	return out, err
}
