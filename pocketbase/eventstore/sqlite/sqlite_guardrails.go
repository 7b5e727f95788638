package sqlite

import (
	"time"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// Guardrail counts join each exposed visitor (experiment_exposures, by its (experiment, visitor)
// index) to their page errors (a partial index of error rows by visitor) and their sessions (the
// (site_id, visitor, started_at) index): the cost grows with the experiment's visitors, not with
// the site's page views. The unary + keeps SQLite from reading the exposures by the site's
// (site_id, visitor, ts) index, which holds every experiment of the site.
var experimentGuardrailsSQL = `SELECT x.variant AS variant, COUNT(*) AS users,
	COALESCE(SUM(EXISTS (SELECT 1 FROM events e WHERE e.site_id = x.site_id AND e.visitor = x.visitor AND e.type = 'error'
		AND e.ts >= ` + msOfSQL("x.ts") + `)), 0) AS error_visitors,
	COALESCE(SUM((SELECT COALESCE(SUM(s.page_views), 0) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor
		AND s.last_seen_at >= x.ts) <= 1), 0) AS bounced_visitors
	FROM experiment_exposures x WHERE x.experiment = {:exp} AND +x.site_id = {:site} GROUP BY x.variant ORDER BY x.variant`

func (s *sqliteStore) ExperimentGuardrails(siteID, experimentID string) ([]eventstore.GuardrailFigures, error) {
	rows := []eventstore.GuardrailFigures{}
	err := s.app.DB().NewQuery(experimentGuardrailsSQL).Bind(dbx.Params{"site": siteID, "exp": experimentID}).All(&rows)
	return rows, err
}

// Converters of a goal read the partial indexes of conversion rows, of micro goal completions (a
// goal made micro records micro_conversion rows: the planner once said nobody reached a micro goal
// the header strip counted) and of purchases. UNION keeps a visitor once and lets each side use its
// own partial index.
const (
	goalConvertersSQL = `SELECT COUNT(*) FROM (
		SELECT visitor FROM events WHERE type = 'conversion' AND site_id = {:site} AND goal = {:goal} AND ts >= {:from}
		UNION
		SELECT visitor FROM events WHERE type = 'micro_conversion' AND site_id = {:site} AND goal = {:goal} AND ts >= {:from})`
	purchasersSQL = `SELECT COUNT(DISTINCT e.visitor) FROM events e WHERE ` + purchaseSQL + ` AND e.site_id = {:site} AND e.ts >= {:from}`
)

func (s *sqliteStore) GoalConverters(q eventstore.ExperimentQuery, from time.Time) (int, error) {
	query := goalConvertersSQL
	if q.Revenue {
		query = purchasersSQL
	}
	var n int
	err := s.app.DB().NewQuery(query).Bind(dbx.Params{"site": q.SiteID, "goal": q.GoalID, "from": eventTime(from)}).Row(&n)
	return n, err
}
