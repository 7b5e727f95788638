package sqlite

import (
	"time"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// The Program impact card's visitors (eventstore.FeatureReads.ProgramVisitors) on SQLite
// (clickhouse_program_reads.go has ClickHouse's).

// programVisitorsSQL reads each visitor's sessions in the window through the (site_id, visitor,
// started_at) index: converted when a session reached a goal (or the given goal), and revenue.
const programVisitorsSQL = `SELECT visitor, MAX(CASE WHEN {:goal} = '' THEN conversions > 0 ELSE EXISTS (SELECT 1 FROM events c
		WHERE c.site_id = {:site} AND c.session = s.session_key AND c.type = 'conversion' AND c.goal = {:goal}) END) AS converted,
	COALESCE(SUM(revenue), 0) AS revenue
	FROM sessions s WHERE site_id = {:site} AND started_at >= {:from} AND page_views > 0 AND visitor != ''
	GROUP BY visitor`

func (s *sqliteStore) ProgramVisitors(siteID string, from time.Time, goalID string) ([]eventstore.VisitorOutcome, error) {
	var rows []struct {
		Visitor   string  `db:"visitor"`
		Converted bool    `db:"converted"`
		Revenue   float64 `db:"revenue"`
	}
	err := s.app.DB().NewQuery(programVisitorsSQL).Bind(dbx.Params{"site": siteID, "goal": goalID, "from": dbTime(from)}).All(&rows)
	out := make([]eventstore.VisitorOutcome, len(rows))
	for i, r := range rows {
		out[i] = eventstore.VisitorOutcome{Visitor: r.Visitor, Converted: r.Converted, Revenue: r.Revenue}
	}
	return out, err
}
