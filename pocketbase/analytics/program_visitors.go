package analytics

import (
	"time"

	"github.com/pocketbase/dbx"
)

// The Program impact card's visitors (eventstore.FeatureReads.ProgramVisitors) on both stores.

// programVisitorsSQL reads each visitor's sessions in the window through the (site_id, visitor,
// started_at) index: converted when a session reached a goal (or the given goal), and revenue.
const programVisitorsSQL = `SELECT visitor, MAX(CASE WHEN {:goal} = '' THEN conversions > 0 ELSE EXISTS (SELECT 1 FROM events c
		WHERE c.site_id = {:site} AND c.session = s.session_key AND c.type = 'conversion' AND c.goal = {:goal}) END) AS converted,
	COALESCE(SUM(revenue), 0) AS revenue
	FROM sessions s WHERE site_id = {:site} AND started_at >= {:from} AND page_views > 0 AND visitor != ''
	GROUP BY visitor`

func (s *sqliteStore) ProgramVisitors(siteID string, from time.Time, goalID string) ([]VisitorOutcome, error) {
	var rows []struct {
		Visitor   string  `db:"visitor"`
		Converted bool    `db:"converted"`
		Revenue   float64 `db:"revenue"`
	}
	err := s.app.DB().NewQuery(programVisitorsSQL).Bind(dbx.Params{"site": siteID, "goal": goalID, "from": dbTime(from)}).All(&rows)
	out := make([]VisitorOutcome, len(rows))
	for i, r := range rows {
		out[i] = VisitorOutcome{Visitor: r.Visitor, Converted: r.Converted, Revenue: r.Revenue}
	}
	return out, err
}

// ProgramVisitors on ClickHouse builds the sessions from their events, as RecentSessions does: a
// session's revenue is its conversions' values (the writer stores each conversion's counted value).
func (s *chStore) ProgramVisitors(siteID string, from time.Time, goalID string) ([]VisitorOutcome, error) {
	rows, err := s.query(`SELECT s_visitor, max(conv) AS converted, sum(rev) AS revenue
		FROM (SELECT session, any(visitor) AS s_visitor, min(at) AS started, countIf(type = 'pageview') AS pv,
			countIf(type = 'conversion' AND ({:goal} = '' OR goal = {:goal})) > 0 AS conv, sumIf(value, type = 'conversion') AS rev
			FROM events WHERE site_id = {:site} AND ts >= toDateTime({:fromSec}) AND session != ''
			GROUP BY session HAVING started >= {:from} AND pv > 0 AND s_visitor != '')
		GROUP BY s_visitor ORDER BY s_visitor`,
		map[string]any{"site": siteID, "goal": goalID, "from": from, "fromSec": from.Unix() - 1})
	out := make([]VisitorOutcome, 0, len(rows))
	for _, r := range rows {
		out = append(out, VisitorOutcome{Visitor: r.Str("s_visitor"), Converted: r.Num("converted") > 0, Revenue: r.Num("revenue")})
	}
	return out, err
}
