package sqlite

import (
	"cro/pocketbase/eventstore"
)

// Ratio metrics' sums on SQLite (eventstore.RatioReads), in one query over the experiment's
// exposures: sessions are those active at or after the exposure (their page views count whole);
// orders are purchases. Raw events and sessions are pruned by retention, so these figures cover
// the retention window.

// ratioSinceSQL and ratioPreSQL are each part per exposed visitor x since its first exposure and
// in CUPED's window before it (sessions started in it, their page views; purchases, revenue,
// conversions in it).
var (
	ratioSinceSQL = map[string]string{
		eventstore.RatioRevenue:  `x.revenue`,
		eventstore.RatioSessions: `(SELECT COUNT(*) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor AND s.last_seen_at >= x.ts)`,
		eventstore.RatioPages: `(SELECT COALESCE(SUM(s.page_views), 0) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor
		AND s.last_seen_at >= x.ts)`,
		eventstore.RatioOrders: `(SELECT COUNT(*) FROM events e WHERE e.type = 'custom' AND e.value > 0 AND e.site_id = x.site_id
		AND e.visitor = x.visitor AND e.ts >= ` + msOfSQL("x.ts") + `)`,
		eventstore.RatioGoal: `(SELECT COUNT(*) FROM events e WHERE e.type = 'conversion' AND e.site_id = x.site_id AND e.visitor = x.visitor
		AND e.goal = {:goal} AND e.ts >= ` + msOfSQL("x.ts") + `)`,
	}
	ratioPreSQL = map[string]string{
		eventstore.RatioSessions: `(SELECT COUNT(*) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor AND s.started_at >= ` + windowStartSQL + ` AND s.started_at < x.ts)`,
		eventstore.RatioPages:    `(SELECT COALESCE(SUM(s.page_views), 0) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor AND s.started_at >= ` + windowStartSQL + ` AND s.started_at < x.ts)`,
		eventstore.RatioRevenue:  `(SELECT COALESCE(SUM(e.value), 0) FROM events e WHERE e.type = 'custom' AND e.value > 0 AND e.site_id = x.site_id AND e.visitor = x.visitor AND e.ts >= ` + msOfSQL(windowStartSQL) + ` AND e.ts < ` + msOfSQL("x.ts") + `)`,
		eventstore.RatioOrders:   `(SELECT COUNT(*) FROM events e WHERE e.type = 'custom' AND e.value > 0 AND e.site_id = x.site_id AND e.visitor = x.visitor AND e.ts >= ` + msOfSQL(windowStartSQL) + ` AND e.ts < ` + msOfSQL("x.ts") + `)`,
		eventstore.RatioGoal:     `(SELECT COUNT(*) FROM events e WHERE e.type = 'conversion' AND e.site_id = x.site_id AND e.visitor = x.visitor AND e.goal = {:goal} AND e.ts >= ` + msOfSQL(windowStartSQL) + ` AND e.ts < ` + msOfSQL("x.ts") + `)`,
	}
)

const windowStartSQL = `strftime('%Y-%m-%d %H:%M:%fZ', x.ts, {:window})`

// RatioSums reads the settled sums and the recent visitors (metric_settled.go), or every visitor.
func (s *sqliteStore) RatioSums(q eventstore.RatioQuery) ([]eventstore.RatioSums, error) {
	d, err := ratioMetric(q)
	if err != nil {
		return nil, err
	}
	return s.metricSums(d)
}
