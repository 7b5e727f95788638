package clickhouse

import (
	"time"

	"cro/pocketbase/eventstore"
)

// The Program impact card's visitors and a bandit period's first exposures on ClickHouse
// (program_visitors.go and first_exposures.go have SQLite's).

// ProgramVisitors on ClickHouse builds the sessions from their events, as RecentSessions does: a
// session's revenue is its conversions' values (the writer stores each conversion's counted value).
func (s *chStore) ProgramVisitors(siteID string, from time.Time, goalID string) ([]eventstore.VisitorOutcome, error) {
	rows, err := s.query(`SELECT s_visitor, max(conv) AS converted, sum(rev) AS revenue
		FROM (SELECT session, any(visitor) AS s_visitor, min(at) AS started, countIf(type = 'pageview') AS pv,
			countIf(type = 'conversion' AND ({:goal} = '' OR goal = {:goal})) > 0 AS conv, sumIf(value, type = 'conversion') AS rev
			FROM events WHERE site_id = {:site} AND ts >= toDateTime({:fromSec}) AND session != ''
			GROUP BY session HAVING started >= {:from} AND pv > 0 AND s_visitor != '')
		GROUP BY s_visitor ORDER BY s_visitor`,
		map[string]any{"site": siteID, "goal": goalID, "from": from, "fromSec": from.Unix() - 1})
	out := make([]eventstore.VisitorOutcome, 0, len(rows))
	for _, r := range rows {
		out = append(out, eventstore.VisitorOutcome{Visitor: r.Str("s_visitor"), Converted: r.Num("converted") > 0, Revenue: r.Num("revenue")})
	}
	return out, err
}

// FirstExposures: each visitor's earliest exposure row in experiment_events counts.
func (s *chStore) FirstExposures(siteID, experimentID string, from, to time.Time) (map[string]int, error) {
	until := uint64(0)
	if !to.IsZero() {
		until = uint64(to.UnixMilli())
	}
	rows, err := s.query(`SELECT v, count() AS n FROM (SELECT visitor, argMin(variant, at) AS v, min(at) AS first FROM experiment_events
			WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor)
		WHERE first >= {:from} AND ({:to} = 0 OR first < {:to}) GROUP BY v`,
		map[string]any{"site": siteID, "exp": experimentID, "from": uint64(max(from.UnixMilli(), 0)), "to": until})
	out := map[string]int{}
	for _, r := range rows {
		out[r.Str("v")] = r.Int("n")
	}
	return out, err
}
