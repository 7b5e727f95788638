package sqlite

import (
	"fmt"

	"github.com/pocketbase/dbx"

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

const (
	windowStartSQL = `strftime('%Y-%m-%d %H:%M:%fZ', x.ts, {:window})`
	ratioTotalsSQL = `SELECT variant, COUNT(*) AS n, SUM(num) AS num, SUM(num * num) AS num2, SUM(den) AS den,
		SUM(den * den) AS den2, SUM(num * den) AS prod, SUM(npre) AS npre, SUM(npre * npre) AS npre2, SUM(dpre) AS dpre,
		SUM(dpre * dpre) AS dpre2, SUM(num * npre) AS num_npre, SUM(den * dpre) AS den_dpre, SUM(npre * dpre) AS npre_dpre,
		SUM(num * dpre) AS num_dpre, SUM(npre * den) AS npre_den FROM (SELECT x.variant AS variant, `
	ratioFromSQL = ` FROM experiment_exposures x WHERE x.experiment = {:exp} AND x.site_id = {:site}) GROUP BY variant`
)

func (s *sqliteStore) RatioSums(q eventstore.RatioQuery) ([]eventstore.RatioSums, error) {
	num, okN := ratioSinceSQL[q.Numerator]
	den, okD := ratioSinceSQL[q.Denominator]
	if !okN || !okD {
		return nil, fmt.Errorf("unknown ratio parts %q over %q", q.Numerator, q.Denominator)
	}
	npre, dpre := ratioPreSQL[q.Numerator], ratioPreSQL[q.Denominator]
	if q.WindowDays <= 0 {
		npre, dpre = "0", "0"
	}
	var rows []eventstore.RatioSums
	err := s.app.DB().NewQuery(ratioTotalsSQL + num + " AS num, " + den + " AS den, " + npre + " AS npre, " + dpre + " AS dpre" + ratioFromSQL).
		Bind(dbx.Params{"site": q.SiteID, "exp": q.ExperimentID, "goal": q.GoalID, "window": fmt.Sprintf("-%d days", q.WindowDays)}).All(&rows)
	return rows, err
}
