package sqlite

import (
	"time"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// Guardrail counts per exposed visitor (metric_defs.go: a page error since the first exposure by
// the partial index of error rows by visitor; bounces from the (site_id, visitor, started_at)
// sessions index), settled ahead and read with the recent visitors (metric_settled.go).
func (s *sqliteStore) ExperimentGuardrails(siteID, experimentID string) ([]eventstore.GuardrailFigures, error) {
	sums, err := s.metricSums(guardrailMetric(siteID, experimentID))
	return guardrailFigures(sums), err
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
