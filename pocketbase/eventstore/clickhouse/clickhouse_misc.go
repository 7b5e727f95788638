package clickhouse

import (
	"time"

	"cro/pocketbase/eventstore"
)

// chSessionSpan is how far before a range a session's start is looked for: a session longer
// than this (a tab left open over a day) is counted from its events in the range only.
const chSessionSpan = 24 * time.Hour

func (s *chStore) ActiveVisitors(siteID string, now time.Time) int {
	rows, err := s.query(`SELECT uniqExact(visitor) AS n FROM events WHERE site_id = {:site}
		AND ts >= toDateTime({:sec}) AND at >= {:from} AND session != ''`,
		map[string]any{"site": siteID, "sec": now.Add(-5*time.Minute).Unix() - 1, "from": now.Add(-5 * time.Minute)})
	if err != nil || len(rows) == 0 {
		return 0
	}
	return rows[0].Int("n")
}

// DistinctVisitors reads the range's raw events (a month's for plan metering, every 10 minutes
// and at start): at background priority, so it pauses while a route reads.
func (s *chStore) DistinctVisitors(siteID string, from time.Time) (int, error) {
	rows, err := queryOn(s.background(), `SELECT uniqExact(s_visitor) AS n FROM (SELECT session, any(visitor) AS s_visitor, min(at) AS started
		FROM events WHERE site_id = {:site} AND ts >= toDateTime({:sec}) AND session != '' GROUP BY session) WHERE started >= {:from}`,
		map[string]any{"site": siteID, "sec": from.Add(-chSessionSpan).Unix(), "from": from})
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	return rows[0].Int("n"), nil
}

func (s *chStore) SessionConverted(siteID, sessionKey string) (bool, error) {
	rows, err := s.query(`SELECT count() AS n FROM events WHERE site_id = {:site} AND session = {:key} AND type = 'conversion'`,
		map[string]any{"site": siteID, "key": sessionKey})
	if err != nil || len(rows) == 0 {
		return false, err
	}
	return rows[0].Int("n") > 0, nil
}

func (s *chStore) GoalCompletions(siteID string, goalIDs []string, from, to time.Time) (map[string]int, error) {
	out := map[string]int{}
	if len(goalIDs) == 0 {
		return out, nil
	}
	rows, err := s.query(`SELECT goal, uniqExact(session) AS n FROM events WHERE site_id = {:site}
		AND ts >= toDateTime({:fromSec}) AND at >= {:from} AND at < {:to} AND type = 'micro_conversion' AND goal IN {:goals} GROUP BY goal`,
		map[string]any{"site": siteID, "fromSec": from.Unix() - 1, "from": from, "to": to, "goals": goalIDs})
	for _, r := range rows {
		out[r.Str("goal")] = r.Int("n")
	}
	return out, err
}

func (s *chStore) WorkerTelemetry(siteID string, ruleIDs []string, now time.Time) (eventstore.WorkerTelemetry, error) {
	var w eventstore.WorkerTelemetry
	if ruleIDs == nil {
		ruleIDs = []string{}
	}
	rows, err := s.query(`SELECT
		countIf(type = 'exposure' AND rule IN {:rules} AND at >= {:hour}) AS applied_hour,
		countIf(type = 'exposure' AND rule IN {:rules}) AS exposures,
		avgIf(value, type = 'exposure' AND rule IN {:rules}) AS mean_ms,
		countIf(type = 'pageview') AS loads,
		uniqExactIf((session, path), type = 'error') AS failed
		FROM events WHERE site_id = {:site} AND ts >= toDateTime({:daySec}) AND at >= {:day}`,
		map[string]any{"site": siteID, "rules": ruleIDs, "hour": now.Add(-time.Hour), "day": now.Add(-24 * time.Hour),
			"daySec": now.Add(-24*time.Hour).Unix() - 1})
	if err != nil || len(rows) == 0 {
		return w, err
	}
	r := rows[0]
	w.AppliedLastHour, w.ExposuresLastDay, w.PageLoadsLastDay, w.FailedLoadsLastDay = r.Int("applied_hour"), r.Int("exposures"), r.Int("loads"), r.Int("failed")
	if w.ExposuresLastDay > 0 {
		w.MeanApplyMs = r.Num("mean_ms")
	}
	return w, nil
}
