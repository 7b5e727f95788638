package sqlite

import (
	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// The dashboard's queries read rollups only (never raw events), each one index range on
// (site_id, day, ...): their cost grows with days and pages, not with traffic.

const totalsSQL = `SELECT COALESCE(SUM(visitors),0) AS visitors, COALESCE(SUM(sessions),0) AS sessions,
	COALESCE(SUM(pageviews),0) AS pageviews, COALESCE(SUM(bounces),0) AS bounces, COALESCE(SUM(duration_ms),0) AS duration_ms,
	COALESCE(SUM(conversions),0) AS conversions, COALESCE(SUM(converted_sessions),0) AS converted_sessions,
	COALESCE(SUM(revenue),0) AS revenue, COALESCE(SUM(scroll_sum),0) AS scroll_sum, COALESCE(SUM(scroll_count),0) AS scroll_count,
	COALESCE(SUM(errors),0) AS errors, COALESCE(SUM(clicks),0) AS clicks, COALESCE(SUM(micro_conversions),0) AS micro_conversions,
	COALESCE(SUM(dropped_exposures),0) AS dropped_exposures, COALESCE(SUM(bot_hits),0) AS bot_hits
	FROM analytics_daily WHERE site_id = {:site} AND day >= {:from} AND day <= {:to}`

const dailySQL = `SELECT day, visitors, sessions, pageviews, conversions, converted_sessions, revenue FROM analytics_daily
	WHERE site_id = {:site} AND day >= {:from} AND day <= {:to} ORDER BY day`

const topPagesSQL = `SELECT path, SUM(visitors) AS visitors, SUM(pageviews) AS pageviews, SUM(entries) AS entries,
	SUM(bounces) AS bounces, SUM(conversions) AS conversions, SUM(revenue) AS revenue, SUM(duration_ms) AS duration_ms,
	SUM(scroll_sum) AS scroll_sum, SUM(scroll_count) AS scroll_count, SUM(errors) AS errors FROM analytics_pages
	WHERE site_id = {:site} AND day >= {:from} AND day <= {:to} GROUP BY path
	ORDER BY conversions DESC, revenue DESC, pageviews DESC LIMIT {:limit}`

const dimensionsSQL = `SELECT dim, value, SUM(sessions) AS sessions, SUM(visitors) AS visitors,
	SUM(conversions) AS conversions, SUM(revenue) AS revenue FROM analytics_dims
	WHERE site_id = {:site} AND day >= {:from} AND day <= {:to} GROUP BY dim, value
	ORDER BY sessions DESC`

func rangeParams(siteID string, days eventstore.DayRange) dbx.Params {
	return dbx.Params{"site": siteID, "from": days.From, "to": days.To}
}

func (s *sqliteStore) Totals(siteID string, days eventstore.DayRange) (eventstore.Totals, error) {
	var t eventstore.Totals
	err := s.app.DB().NewQuery(totalsSQL).Bind(rangeParams(siteID, days)).One(&t)
	return t, err
}

func (s *sqliteStore) Daily(siteID string, days eventstore.DayRange) ([]eventstore.DayFigures, error) {
	rows := []eventstore.DayFigures{}
	err := s.app.DB().NewQuery(dailySQL).Bind(rangeParams(siteID, days)).All(&rows)
	return rows, err
}

func (s *sqliteStore) TopPages(siteID string, days eventstore.DayRange, limit int) ([]eventstore.PageFigures, error) {
	p := rangeParams(siteID, days)
	p["limit"] = limit
	rows := []eventstore.PageFigures{}
	err := s.app.DB().NewQuery(topPagesSQL).Bind(p).All(&rows)
	return rows, err
}

func (s *sqliteStore) Dimensions(siteID string, days eventstore.DayRange) ([]eventstore.DimFigures, error) {
	rows := []eventstore.DimFigures{}
	err := s.app.DB().NewQuery(dimensionsSQL).Bind(rangeParams(siteID, days)).All(&rows)
	return rows, err
}
