package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/urlpattern"
	"time"

	"github.com/pocketbase/dbx"
)

// A rule's reach and revenue over a range, from raw events (through the (site_id, ts) index) and
// the sessions they belong to.
const (
	ruleExposedSessionsSQL = `SELECT DISTINCT session FROM events WHERE site_id = {:site} AND type = 'exposure' AND rule = {:rule}
		AND ts >= {:from} AND ts < {:to}`
	ruleExposedVisitorsSQL = `SELECT COUNT(DISTINCT visitor) FROM events WHERE site_id = {:site} AND type = 'exposure' AND rule = {:rule}
		AND ts >= {:from} AND ts < {:to}`
	ruleExposedRevenueSQL = `SELECT COUNT(*) AS count, COALESCE(SUM(revenue), 0) AS sum, COALESCE(SUM(revenue * revenue), 0) AS sum_squares
		FROM sessions WHERE site_id = {:site} AND session_key IN (` + ruleExposedSessionsSQL + `)`
	// The pages of sessions the rule never reached, with each session's revenue; the caller keeps
	// the sessions that saw one of the rule's pages.
	ruleHoldoutPagesSQL = `SELECT DISTINCT e.session AS session, e.path AS path, s.revenue AS revenue FROM events e
		JOIN sessions s ON s.site_id = e.site_id AND s.session_key = e.session
		WHERE e.site_id = {:site} AND e.type = 'pageview' AND e.ts >= {:from} AND e.ts < {:to}
		AND e.session NOT IN (` + ruleExposedSessionsSQL + `)`
)

func (s *sqliteStore) RuleRevenue(siteID, ruleID, urlPattern string, from, to time.Time) (eventstore.RuleRevenue, error) {
	var out eventstore.RuleRevenue
	p := dbx.Params{"site": siteID, "rule": ruleID, "from": eventTime(from), "to": eventTime(to)}
	db := s.app.DB()
	if err := db.NewQuery(ruleExposedVisitorsSQL).Bind(p).Row(&out.ExposedVisitors); err != nil {
		return out, err
	}
	var exposed struct {
		Count      float64 `db:"count"`
		Sum        float64 `db:"sum"`
		SumSquares float64 `db:"sum_squares"`
	}
	if err := db.NewQuery(ruleExposedRevenueSQL).Bind(p).One(&exposed); err != nil {
		return out, err
	}
	out.Exposed = eventstore.MeanFigures{Count: exposed.Count, Sum: exposed.Sum, SumSquares: exposed.SumSquares}
	var rows []struct {
		Session string  `db:"session"`
		Path    string  `db:"path"`
		Revenue float64 `db:"revenue"`
	}
	if err := db.NewQuery(ruleHoldoutPagesSQL).Bind(p).All(&rows); err != nil {
		return out, err
	}
	counted := map[string]bool{}
	for _, r := range rows {
		if counted[r.Session] || !urlpattern.Matches(urlPattern, r.Path) {
			continue
		}
		counted[r.Session] = true
		out.Holdout.Count++
		out.Holdout.Sum += r.Revenue
		out.Holdout.SumSquares += r.Revenue * r.Revenue
	}
	return out, nil
}
