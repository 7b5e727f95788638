package analytics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/access"
)

// memberSite loads the site of the route if the caller is one of its members (or a superuser).
func memberSite(e *core.RequestEvent) (*core.Record, error) {
	if e.Auth == nil {
		return nil, e.UnauthorizedError("Sign in to view analytics.", nil)
	}
	return access.RequireSiteRole(e, e.Request.PathValue("siteId"), access.Viewer, access.Messages{NotFound: "Site not found.", Superusers: true})
}

// Totals are the summary figures of a period, all derived from analytics_daily.
type Totals struct {
	Visitors          float64 `db:"visitors" json:"visitors"`
	Sessions          float64 `db:"sessions" json:"sessions"`
	Pageviews         float64 `db:"pageviews" json:"pageviews"`
	Bounces           float64 `db:"bounces" json:"bounces"`
	DurationMs        float64 `db:"duration_ms" json:"-"`
	Conversions       float64 `db:"conversions" json:"conversions"`
	ConvertedSessions float64 `db:"converted_sessions" json:"convertedSessions"`
	Revenue           float64 `db:"revenue" json:"revenue"`
	ScrollSum         float64 `db:"scroll_sum" json:"-"`
	ScrollCount       float64 `db:"scroll_count" json:"-"`
	Errors            float64 `db:"errors" json:"errors"`
	Clicks            float64 `db:"clicks" json:"clicks"`
	Micro             float64 `db:"micro_conversions" json:"microConversions"`
	// Derived.
	ConversionRate float64 `db:"-" json:"conversionRate"`
	BounceRate     float64 `db:"-" json:"bounceRate"`
	AvgDuration    float64 `db:"-" json:"avgDuration"`
	AvgScroll      float64 `db:"-" json:"avgScroll"`
}

func (t *Totals) derive() {
	t.Revenue = round2(t.Revenue)
	t.ConversionRate = round2(rate(t.ConvertedSessions, t.Sessions))
	t.BounceRate = round2(rate(t.Bounces, t.Sessions))
	if t.Sessions > 0 {
		t.AvgDuration = round2(t.DurationMs / 1000 / t.Sessions)
	}
	if t.ScrollCount > 0 {
		t.AvgScroll = round2(t.ScrollSum / t.ScrollCount)
	}
}

const totalsSQL = `SELECT COALESCE(SUM(visitors),0) AS visitors, COALESCE(SUM(sessions),0) AS sessions,
	COALESCE(SUM(pageviews),0) AS pageviews, COALESCE(SUM(bounces),0) AS bounces, COALESCE(SUM(duration_ms),0) AS duration_ms,
	COALESCE(SUM(conversions),0) AS conversions, COALESCE(SUM(converted_sessions),0) AS converted_sessions,
	COALESCE(SUM(revenue),0) AS revenue, COALESCE(SUM(scroll_sum),0) AS scroll_sum, COALESCE(SUM(scroll_count),0) AS scroll_count,
	COALESCE(SUM(errors),0) AS errors, COALESCE(SUM(clicks),0) AS clicks, COALESCE(SUM(micro_conversions),0) AS micro_conversions
	FROM analytics_daily WHERE site_id = {:site} AND day >= {:from} AND day <= {:to}`

func totals(db dbx.Builder, site, from, to string) (Totals, error) {
	var t Totals
	err := db.NewQuery(totalsSQL).Bind(dbx.Params{"site": site, "from": from, "to": to}).One(&t)
	t.derive()
	return t, err
}

// change is the spec's formula: (current - baseline) / baseline * 100, 0 if baseline <= 0.
func change(current, baseline float64) float64 {
	if baseline <= 0 {
		return 0
	}
	return round2((current - baseline) / baseline * 100)
}

// kpisHandler: GET /api/cro/kpis/{siteId} for the Overview cards, KPI strip and AI Analysis stats.
func kpisHandler(app core.App) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := memberSite(e)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		db := app.DB()
		week, err := totals(db, site.Id, dayOf(now.AddDate(0, 0, -6)), dayOf(now))
		if err != nil {
			return err
		}
		prev, _ := totals(db, site.Id, dayOf(now.AddDate(0, 0, -13)), dayOf(now.AddDate(0, 0, -7)))
		today, _ := totals(db, site.Id, dayOf(now), dayOf(now))
		sameDayLastWeek, _ := totals(db, site.Id, dayOf(now.AddDate(0, 0, -7)), dayOf(now.AddDate(0, 0, -7)))
		month, _ := totals(db, site.Id, dayOf(now.AddDate(0, 0, -29)), dayOf(now))
		rules, _ := app.CountRecords("optimization_rules", dbx.HashExp{"site_id": site.Id, "enabled": true})
		micros, _ := app.CountRecords("micro_conversions", dbx.HashExp{"site_id": site.Id, "enabled": true})
		return e.JSON(http.StatusOK, map[string]any{
			"activeOptimizations": rules,
			"microConversions":    micros,
			"siteId":              site.Id,
			"hasData":             month.Sessions > 0 || prev.Sessions > 0,
			"week":                week,
			"previousWeek":        prev,
			"today":               today,
			"month":               month,
			"changes": map[string]float64{
				"conversionRate": change(week.ConversionRate, prev.ConversionRate),
				"revenue":        change(week.Revenue, prev.Revenue),
				"sessions":       change(week.Sessions, prev.Sessions),
				"visitors":       change(week.Visitors, prev.Visitors),
				"sessionsToday":  change(today.Sessions, sameDayLastWeek.Sessions),
			},
			"currentCvr":      site.GetFloat("current_cvr"),
			"baselineCvr":     site.GetFloat("baseline_cvr"),
			"monthlyVisitors": site.GetFloat("monthly_visitors"),
		})
	}
}

type seriesRow struct {
	Day         string  `db:"day" json:"day"`
	Visitors    float64 `db:"visitors" json:"visitors"`
	Sessions    float64 `db:"sessions" json:"sessions"`
	Pageviews   float64 `db:"pageviews" json:"pageviews"`
	Conversions float64 `db:"conversions" json:"conversions"`
	Revenue     float64 `db:"revenue" json:"revenue"`
}

type pageRow struct {
	Path        string  `db:"path" json:"path"`
	Visitors    float64 `db:"visitors" json:"visitors"`
	Pageviews   float64 `db:"pageviews" json:"pageviews"`
	Entries     float64 `db:"entries" json:"entries"`
	Bounces     float64 `db:"bounces" json:"-"`
	Conversions float64 `db:"conversions" json:"conversions"`
	Revenue     float64 `db:"revenue" json:"revenue"`
	DurationMs  float64 `db:"duration_ms" json:"-"`
	ScrollSum   float64 `db:"scroll_sum" json:"-"`
	ScrollCount float64 `db:"scroll_count" json:"-"`
	Errors      float64 `db:"errors" json:"errors"`
	// Derived.
	ConversionRate float64 `db:"-" json:"conversionRate"`
	BounceRate     float64 `db:"-" json:"bounceRate"`
	AvgTime        float64 `db:"-" json:"avgTime"`
	AvgScroll      float64 `db:"-" json:"avgScroll"`
}

type dimRow struct {
	Dim         string  `db:"dim" json:"-"`
	Value       string  `db:"value" json:"value"`
	Sessions    float64 `db:"sessions" json:"sessions"`
	Visitors    float64 `db:"visitors" json:"visitors"`
	Conversions float64 `db:"conversions" json:"conversions"`
	Revenue     float64 `db:"revenue" json:"revenue"`
	Rate        float64 `db:"-" json:"conversionRate"`
}

// analyticsHandler: GET /api/cro/analytics/{siteId}?days=7|30|90 for the Analytics screen.
func analyticsHandler(app core.App) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := memberSite(e)
		if err != nil {
			return err
		}
		days, err := strconv.Atoi(e.Request.URL.Query().Get("days"))
		if e.Request.URL.Query().Get("days") == "" {
			days, err = 30, nil
		}
		if err != nil || (days != 7 && days != 30 && days != 90) {
			return e.BadRequestError("days must be 7, 30 or 90.", nil)
		}
		now := time.Now().UTC()
		from, to := dayOf(now.AddDate(0, 0, -(days-1))), dayOf(now)
		db := app.DB()
		p := dbx.Params{"site": site.Id, "from": from, "to": to}
		summary, err := totals(db, site.Id, from, to)
		if err != nil {
			return err
		}
		previous, _ := totals(db, site.Id, dayOf(now.AddDate(0, 0, -(2*days-1))), dayOf(now.AddDate(0, 0, -days)))

		var rows []seriesRow
		if err := db.NewQuery(`SELECT day, visitors, sessions, pageviews, conversions, revenue FROM analytics_daily
			WHERE site_id = {:site} AND day >= {:from} AND day <= {:to} ORDER BY day`).Bind(p).All(&rows); err != nil {
			return err
		}
		series := fillSeries(rows, now, days)

		var pages []pageRow
		if err := db.NewQuery(`SELECT path, SUM(visitors) AS visitors, SUM(pageviews) AS pageviews, SUM(entries) AS entries,
			SUM(bounces) AS bounces, SUM(conversions) AS conversions, SUM(revenue) AS revenue, SUM(duration_ms) AS duration_ms,
			SUM(scroll_sum) AS scroll_sum, SUM(scroll_count) AS scroll_count, SUM(errors) AS errors FROM analytics_pages
			WHERE site_id = {:site} AND day >= {:from} AND day <= {:to} GROUP BY path
			ORDER BY conversions DESC, revenue DESC, pageviews DESC LIMIT 10`).Bind(p).All(&pages); err != nil {
			return err
		}
		for i := range pages {
			pg := &pages[i]
			pg.Revenue = round2(pg.Revenue)
			pg.ConversionRate = round2(rate(pg.Conversions, pg.Visitors))
			pg.BounceRate = round2(rate(pg.Bounces, pg.Entries))
			if pg.Pageviews > 0 {
				pg.AvgTime = round2(pg.DurationMs / 1000 / pg.Pageviews)
			}
			if pg.ScrollCount > 0 {
				pg.AvgScroll = round2(pg.ScrollSum / pg.ScrollCount)
			}
		}

		var dims []dimRow
		if err := db.NewQuery(`SELECT dim, value, SUM(sessions) AS sessions, SUM(visitors) AS visitors,
			SUM(conversions) AS conversions, SUM(revenue) AS revenue FROM analytics_dims
			WHERE site_id = {:site} AND day >= {:from} AND day <= {:to} GROUP BY dim, value
			ORDER BY sessions DESC`).Bind(p).All(&dims); err != nil {
			return err
		}
		grouped := map[string][]dimRow{}
		for _, d := range dims {
			d.Revenue = round2(d.Revenue)
			d.Rate = round2(rate(d.Conversions, d.Sessions))
			if len(grouped[d.Dim]) < 10 {
				grouped[d.Dim] = append(grouped[d.Dim], d)
			}
		}
		for _, k := range []string{"source", "utm_source", "utm_medium", "utm_campaign", "device", "browser", "country"} {
			if grouped[k] == nil {
				grouped[k] = []dimRow{}
			}
		}
		if pages == nil {
			pages = []pageRow{}
		}
		return e.JSON(http.StatusOK, map[string]any{
			"siteId": site.Id, "days": days, "from": from, "to": to,
			"summary": summary, "previous": previous,
			"changes": map[string]float64{
				"visitors":       change(summary.Visitors, previous.Visitors),
				"sessions":       change(summary.Sessions, previous.Sessions),
				"conversionRate": change(summary.ConversionRate, previous.ConversionRate),
				"revenue":        change(summary.Revenue, previous.Revenue),
			},
			"series": series, "pages": pages,
			"sources": grouped["source"], "utmSources": grouped["utm_source"], "utmMediums": grouped["utm_medium"],
			"utmCampaigns": grouped["utm_campaign"], "devices": grouped["device"], "browsers": grouped["browser"],
			"countries": grouped["country"],
		})
	}
}

// fillSeries returns one row per day of the range, zero where nothing was recorded.
func fillSeries(rows []seriesRow, now time.Time, days int) []seriesRow {
	byDay := map[string]seriesRow{}
	for _, r := range rows {
		r.Revenue = round2(r.Revenue)
		byDay[r.Day] = r
	}
	out := make([]seriesRow, 0, days)
	for i := days - 1; i >= 0; i-- {
		d := dayOf(now.AddDate(0, 0, -i))
		r, ok := byDay[d]
		if !ok {
			r = seriesRow{Day: d}
		}
		out = append(out, r)
	}
	return out
}
