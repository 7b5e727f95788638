package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/urlpattern"
	"strconv"
	"time"
)

// A rule's health on ClickHouse (sqlite_telemetry.go has the meaning): its events since a time,
// folded per session, then per visitor and source.

const chSinceFilter = `site_id = {:site} AND ts >= toDateTime({:sinceSec}) AND at >= {:since}`

const chSourceSQL = `if(client != '', client, concat('visitor:', visitor))`

// chErrorsAfterExposureSQL are the page errors that came after an exposure to the rule in their session.
const chErrorsAfterExposureSQL = `SELECT visitor, ` + chSourceSQL + ` AS src FROM
	(SELECT session, visitor, client, at AS e_at FROM events WHERE ` + chSinceFilter + ` AND type = 'error')
	ANY INNER JOIN (SELECT session, min(at) AS x_at FROM events WHERE ` + chSinceFilter + ` AND type = 'exposure' AND rule = {:rule}
		GROUP BY session) USING (session) WHERE e_at >= x_at`

func (s *chStore) RuleHealth(siteID, ruleID string, since time.Time) (eventstore.RuleTelemetry, error) {
	t := eventstore.RuleTelemetry{ErrorVisitorsBySource: []int{}, ApplyFailureVisitorsBySource: []int{}}
	p := map[string]any{"site": siteID, "rule": ruleID, "since": since, "sinceSec": since.Unix() - 1}
	rows, err := s.query(`SELECT countIf(exposed) AS o_exposed, countIf(exposed AND error_after) AS o_exposed_errors,
		countIf(exposed AND converted) AS o_exposed_conversions, countIf(NOT touched AND viewed) AS o_unexposed,
		countIf(NOT touched AND errored) AS o_unexposed_errors, countIf(NOT touched AND converted) AS o_unexposed_conversions FROM (
		SELECT session, countIf(type = 'exposure' AND rule = {:rule}) > 0 AS exposed,
			countIf(type IN ('exposure', 'apply_error') AND rule = {:rule}) > 0 AS touched,
			countIf(type = 'error') > 0 AS errored, countIf(type = 'pageview') > 0 AS viewed,
			countIf(type = 'conversion') > 0 AS converted,
			errored AND exposed AND maxIf(at, type = 'error') >= minIf(at, type = 'exposure' AND rule = {:rule}) AS error_after
		FROM events WHERE `+chSinceFilter+` GROUP BY session)`, p)
	if err != nil {
		return t, err
	}
	if len(rows) > 0 {
		r := rows[0]
		t.ExposedSessions, t.ExposedErrorSessions, t.ExposedConversions = r.Int("o_exposed"), r.Int("o_exposed_errors"), r.Int("o_exposed_conversions")
		t.UnexposedSessions, t.UnexposedErrorSessions = r.Int("o_unexposed"), r.Int("o_unexposed_errors")
		t.UnexposedConversions = r.Int("o_unexposed_conversions")
	}
	rows, err = s.query(`SELECT countIf(type = 'apply_error') AS failures, uniqExactIf(visitor, type = 'exposure') AS visitors,
		uniqExactIf(`+chSourceSQL+`, type = 'exposure') AS sources,
		(SELECT max(n) FROM (SELECT uniqExact(visitor) AS n FROM events WHERE `+chSinceFilter+` AND type = 'exposure' AND rule = {:rule}
			GROUP BY `+chSourceSQL+`)) AS top_source,
		(SELECT uniqExact(visitor) FROM (`+chErrorsAfterExposureSQL+`)) AS error_visitors
		FROM events WHERE `+chSinceFilter+` AND type IN ('exposure', 'apply_error') AND rule = {:rule}`, p)
	if err != nil {
		return t, err
	}
	if len(rows) > 0 {
		r := rows[0]
		t.ApplyFailures, t.ExposedVisitors, t.ExposedSources = r.Int("failures"), r.Int("visitors"), r.Int("sources")
		t.TopExposedSourceVisitors, t.ExposedErrorVisitors = r.Int("top_source"), r.Int("error_visitors")
	}
	limit := " ORDER BY n DESC LIMIT " + strconv.Itoa(eventstore.MaxSourcesReported)
	for _, list := range []struct {
		sql  string
		dest *[]int
	}{
		{`SELECT uniqExact(visitor) AS n FROM (` + chErrorsAfterExposureSQL + `) GROUP BY src` + limit, &t.ErrorVisitorsBySource},
		{`SELECT uniqExact(visitor) AS n FROM events WHERE ` + chSinceFilter + ` AND type = 'apply_error' AND rule = {:rule}
			GROUP BY ` + chSourceSQL + limit, &t.ApplyFailureVisitorsBySource},
	} {
		rows, err := s.query(list.sql, p)
		if err != nil {
			return t, err
		}
		for _, r := range rows {
			*list.dest = append(*list.dest, r.Int("n"))
		}
	}
	return t, nil
}

// RuleRevenue on ClickHouse (sqlite_rule_revenue.go has the meaning): per session of the range,
// whether the rule reached it, its pages, and its revenue (its conversions' counted values).
func (s *chStore) RuleRevenue(siteID, ruleID, urlPattern string, from, to time.Time) (eventstore.RuleRevenue, error) {
	var out eventstore.RuleRevenue
	p := map[string]any{"site": siteID, "rule": ruleID, "from": from, "to": to, "fromSec": from.Add(-chSessionSpan).Unix(),
		"toSec": to.Add(chSessionSpan).Unix()}
	rows, err := s.query(`SELECT uniqExact(visitor) AS n FROM events WHERE site_id = {:site} AND ts >= toDateTime({:fromSec})
		AND at >= {:from} AND at < {:to} AND type = 'exposure' AND rule = {:rule}`, p)
	if err != nil {
		return out, err
	}
	if len(rows) > 0 {
		out.ExposedVisitors = rows[0].Int("n")
	}
	rows, err = s.query(`SELECT session, countIf(type = 'exposure' AND rule = {:rule} AND at >= {:from} AND at < {:to}) > 0 AS reached,
		groupUniqArrayIf(path, type = 'pageview' AND at >= {:from} AND at < {:to}) AS paths, sumIf(value, type = 'conversion') AS revenue
		FROM events WHERE site_id = {:site} AND ts >= toDateTime({:fromSec}) AND ts < toDateTime({:toSec}) AND session != ''
		GROUP BY session HAVING reached OR length(paths) > 0`, p)
	if err != nil {
		return out, err
	}
	for _, r := range rows {
		rev := r.Num("revenue")
		if r.Num("reached") > 0 {
			out.Exposed.Count++
			out.Exposed.Sum += rev
			out.Exposed.SumSquares += rev * rev
			continue
		}
		paths, _ := r["paths"].([]any)
		for _, x := range paths {
			if path, _ := x.(string); urlpattern.Matches(urlPattern, path) {
				out.Holdout.Count++
				out.Holdout.Sum += rev
				out.Holdout.SumSquares += rev * rev
				break
			}
		}
	}
	return out, nil
}
