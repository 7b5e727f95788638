package sqlite

import (
	"time"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// The features' reads on SQLite (eventstore.FeatureReads; the session trails are in
// session_trail.go, exposed visitors in sqlite_exposed_visitors.go).

// Each visitor of the range with their latest session (SQLite takes the bare columns from the row
// holding the MAX) and how many sessions they have had (within retention).
const visitorsSinceSQL = `SELECT visitor, MAX(started_at) AS started, entry_path, referrer, utm_source, utm_medium, utm_campaign,
	device_type, browser, country, COUNT(*) AS n
	FROM sessions WHERE site_id = {:site} AND visitor IN (SELECT visitor FROM sessions WHERE site_id = {:site} AND started_at >= {:from})
	GROUP BY visitor ORDER BY started DESC LIMIT {:max}`

func (s *sqliteStore) VisitorsSince(siteID string, from time.Time, limit int) ([]eventstore.VisitorLatest, error) {
	var rows []struct {
		Visitor  string `db:"visitor"`
		Started  string `db:"started"`
		Entry    string `db:"entry_path"`
		Referrer string `db:"referrer"`
		Source   string `db:"utm_source"`
		Medium   string `db:"utm_medium"`
		Campaign string `db:"utm_campaign"`
		Device   string `db:"device_type"`
		Browser  string `db:"browser"`
		Country  string `db:"country"`
		N        int    `db:"n"`
	}
	err := s.app.DB().NewQuery(visitorsSinceSQL).Bind(dbx.Params{"site": siteID, "from": dbTime(from), "max": limit}).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]eventstore.VisitorLatest, len(rows))
	for i, r := range rows {
		out[i] = eventstore.VisitorLatest{Visitor: r.Visitor, StartedAt: trailTime(r.Started), EntryPath: r.Entry, Referrer: r.Referrer,
			UtmSource: r.Source, UtmMedium: r.Medium, UtmCampaign: r.Campaign, Device: r.Device, Browser: r.Browser, Country: r.Country, Sessions: r.N}
	}
	return out, nil
}

const personalizationArmsSQL = `SELECT f.type AS arm, COUNT(*) AS visitors,
	SUM(CASE WHEN EXISTS (SELECT 1 FROM events c WHERE c.site_id = {:site} AND c.visitor = f.visitor AND c.type = 'conversion'
		AND c.ts >= f.first AND ({:goal} = '' OR c.goal = {:goal})) THEN 1 ELSE 0 END) AS conversions
	FROM (SELECT visitor, type, MIN(ts) AS first FROM events WHERE site_id = {:site} AND rule = {:rule}
		AND type IN ('exposure', 'holdout_exposure') GROUP BY visitor, type) f
	WHERE NOT EXISTS (SELECT 1 FROM events o WHERE o.site_id = {:site} AND o.rule = {:rule} AND o.visitor = f.visitor
		AND o.type IN ('exposure', 'holdout_exposure') AND o.type != f.type AND o.ts < f.first)
	GROUP BY f.type ORDER BY f.type`

func (s *sqliteStore) PersonalizationArms(siteID, ruleID, goalID string) ([]eventstore.ArmFigures, error) {
	var rows []struct {
		Arm         string `db:"arm"`
		Visitors    int    `db:"visitors"`
		Conversions int    `db:"conversions"`
	}
	err := s.app.DB().NewQuery(personalizationArmsSQL).Bind(dbx.Params{"site": siteID, "rule": ruleID, "goal": goalID}).All(&rows)
	out := make([]eventstore.ArmFigures, len(rows))
	for i, r := range rows {
		out[i] = eventstore.ArmFigures{Arm: r.Arm, Visitors: r.Visitors, Conversions: r.Conversions}
	}
	return out, err
}
