package analytics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/access"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/zones"
)

// memberSite loads the site of the route if the caller is one of its members (or a superuser).
func memberSite(e *core.RequestEvent) (*core.Record, error) {
	if e.Auth == nil {
		return nil, e.UnauthorizedError("Sign in to view analytics.", nil)
	}
	return access.RequireSiteRole(e, e.Request.PathValue("siteId"), access.Viewer, access.Messages{NotFound: "Site not found.", Superusers: true})
}

func deriveTotals(t *eventstore.Totals) {
	t.Revenue = eventrow.Round2(t.Revenue)
	t.ConversionRate = eventrow.Round2(rate(t.ConvertedSessions, t.Sessions))
	t.BounceRate = eventrow.Round2(rate(t.Bounces, t.Sessions))
	if t.Sessions > 0 {
		t.AvgDuration = eventrow.Round2(t.DurationMs / 1000 / t.Sessions)
	}
	if t.ScrollCount > 0 {
		t.AvgScroll = eventrow.Round2(t.ScrollSum / t.ScrollCount)
	}
}

// totals sums and derives a range of a site's daily rollups.
func totals(store eventstore.Store, site, from, to string) (eventstore.Totals, error) {
	t, err := store.Totals(site, eventstore.DayRange{From: from, To: to})
	deriveTotals(&t)
	return t, err
}

// totalsManyStore answers several ranges' totals from one read of the days they span
// (ClickHouse: two queries instead of four per range).
type totalsManyStore interface {
	TotalsMany(siteID string, ranges []eventstore.DayRange) ([]eventstore.Totals, error)
}

// totalsOf is totals of each range, read at once, with each range's error (one read's error is
// every range's).
func totalsOf(store eventstore.Store, site string, ranges []eventstore.DayRange) ([]eventstore.Totals, []error) {
	out, errs := make([]eventstore.Totals, len(ranges)), make([]error, len(ranges))
	if many, ok := store.(totalsManyStore); ok {
		t, err := many.TotalsMany(site, ranges)
		for i := range out {
			if i < len(t) {
				out[i] = t[i]
			}
			deriveTotals(&out[i])
			errs[i] = err
		}
		return out, errs
	}
	reads := make([]func(), len(ranges))
	for i, r := range ranges {
		reads[i] = func() { out[i], errs[i] = totals(store, site, r.From, r.To) }
	}
	together(reads...)
	return out, errs
}

// change is the percent change from baseline: (current - baseline) / baseline * 100, 0 if baseline <= 0.
func change(current, baseline float64) float64 {
	if baseline <= 0 {
		return 0
	}
	return eventrow.Round2((current - baseline) / baseline * 100)
}

// kpisHandler: GET /api/cro/kpis/{siteId} for the Overview cards, KPI strip and AI Analysis stats.
func kpisHandler(app core.App, store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := memberSite(e)
		if err != nil {
			return err
		}
		// The site's own clock: its today, its weeks (its rollups are counted in its days).
		now := time.Now().In(zones.OfSite(site))
		day := func(ago int) string { return zones.CalDay(now.AddDate(0, 0, -ago)) }
		t, errs := totalsOf(store, site.Id, []eventstore.DayRange{
			{From: day(6), To: day(0)}, {From: day(13), To: day(7)}, {From: day(0), To: day(0)}, {From: day(7), To: day(7)},
			{From: day(29), To: day(0)},
		})
		if errs[0] != nil {
			return errs[0]
		}
		week, prev, today, sameDayLastWeek, month := t[0], t[1], t[2], t[3], t[4]
		rules, _ := app.CountRecords("optimization_rules", dbx.HashExp{"site_id": site.Id, "enabled": true})
		rulesWeekAgo := activeRulesAt(app, site.Id, now.AddDate(0, 0, -7))
		impact, err := measureRevenueImpact(app, store, site.Id, now)
		if err != nil {
			return err
		}
		storeRevenueImpact(app, site, impact.Total)
		return e.JSON(http.StatusOK, map[string]any{
			"activeOptimizations": rules,
			"revenueImpact":       impact,
			// Completions of micro goals in the last 7 days (once per session and goal).
			"microConversions": week.Micro,
			"siteId":           site.Id,
			"hasData":          month.Sessions > 0 || prev.Sessions > 0,
			"week":             week,
			"previousWeek":     prev,
			"today":            today,
			"month":            month,
			"changes": map[string]float64{
				"conversionRate":      change(week.ConversionRate, prev.ConversionRate),
				"revenue":             change(week.Revenue, prev.Revenue),
				"sessions":            change(week.Sessions, prev.Sessions),
				"visitors":            change(week.Visitors, prev.Visitors),
				"sessionsToday":       change(today.Sessions, sameDayLastWeek.Sessions),
				"microConversions":    change(week.Micro, prev.Micro),
				"activeOptimizations": change(float64(rules), float64(rulesWeekAgo)),
				"revenueImpact":       change(impact.LastWeek, impact.PreviousWeek),
			},
			"currentCvr":      site.GetFloat("current_cvr"),
			"baselineCvr":     site.GetFloat("baseline_cvr"),
			"monthlyVisitors": site.GetFloat("monthly_visitors"),
		})
	}
}

// activeRulesAt counts the rules that were on at a past time: created before it and on now, or
// created before it and switched off (or rolled back) since.
func activeRulesAt(app core.App, siteID string, at time.Time) int64 {
	n, _ := app.CountRecords("optimization_rules", dbx.NewExp(
		"site_id = {:site} AND created_at < {:at} AND (enabled = TRUE OR updated_at >= {:at})",
		dbx.Params{"site": siteID, "at": at.UTC().Format("2006-01-02 15:04:05.000Z")}))
	return n
}

// analyticsHandler: GET /api/cro/analytics/{siteId}?days=7|30|90 for the Analytics screen.
func analyticsHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := memberSite(e)
		if err != nil {
			return err
		}
		days, err := rangeDays(e)
		if err != nil {
			return err
		}
		report, err := buildReport(store, site.Id, days, time.Now().In(zones.OfSite(site)))
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, report)
	}
}

// rangeDays reads the Analytics range of a request: ?days=7, 30 or 90, 30 when absent.
func rangeDays(e *core.RequestEvent) (int, error) {
	raw := e.Request.URL.Query().Get("days")
	if raw == "" {
		return 30, nil
	}
	days, err := strconv.Atoi(raw)
	if err != nil || (days != 7 && days != 30 && days != 90) {
		return 0, e.BadRequestError("days must be 7, 30 or 90.", nil)
	}
	return days, nil
}

// buildReport is the Analytics screen's report of a site's last `days` days (7, 30 or 90), from
// rollups only; the AI chat's grounding reads the same report, so both show the same figures.
// now is on the site's clock (its zone), whose days the rollups are counted in.
func buildReport(store eventstore.Store, siteID string, days int, now time.Time) (map[string]any, error) {
	from, to := zones.CalDay(now.AddDate(0, 0, -(days-1))), zones.CalDay(now)
	span := eventstore.DayRange{From: from, To: to}
	var t []eventstore.Totals
	var rows []eventstore.DayFigures
	var pages []eventstore.PageFigures
	var dims []eventstore.DimFigures
	errs := make([]error, 4)
	together(
		func() {
			var terrs []error
			t, terrs = totalsOf(store, siteID, []eventstore.DayRange{span,
				{From: zones.CalDay(now.AddDate(0, 0, -(2*days - 1))), To: zones.CalDay(now.AddDate(0, 0, -days))}})
			errs[0] = terrs[0]
		},
		func() { rows, errs[1] = store.Daily(siteID, span) },
		func() { pages, errs[2] = store.TopPages(siteID, span, 10) },
		func() { dims, errs[3] = store.Dimensions(siteID, span) },
	)
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	summary, previous := t[0], t[1]
	series := fillSeries(rows, now, days)

	for i := range pages {
		pg := &pages[i]
		pg.Revenue = eventrow.Round2(pg.Revenue)
		pg.ConversionRate = eventrow.Round2(rate(pg.Conversions, pg.Visitors))
		pg.BounceRate = eventrow.Round2(rate(pg.Bounces, pg.Entries))
		if pg.Pageviews > 0 {
			pg.AvgTime = eventrow.Round2(pg.DurationMs / 1000 / pg.Pageviews)
		}
		if pg.ScrollCount > 0 {
			pg.AvgScroll = eventrow.Round2(pg.ScrollSum / pg.ScrollCount)
		}
	}

	grouped := map[string][]eventstore.DimFigures{}
	for _, d := range dims {
		d.Revenue = eventrow.Round2(d.Revenue)
		d.Rate = eventrow.Round2(rate(d.Conversions, d.Sessions))
		if len(grouped[d.Dim]) < 10 {
			grouped[d.Dim] = append(grouped[d.Dim], d)
		}
	}
	for _, k := range []string{"source", "utm_source", "utm_medium", "utm_campaign", "device", "browser", "country"} {
		if grouped[k] == nil {
			grouped[k] = []eventstore.DimFigures{}
		}
	}
	if pages == nil {
		pages = []eventstore.PageFigures{}
	}
	return map[string]any{
		"siteId": siteID, "days": days, "from": from, "to": to,
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
	}, nil
}

// fillSeries returns one row per day of the range, zero where nothing was recorded.
func fillSeries(rows []eventstore.DayFigures, now time.Time, days int) []eventstore.DayFigures {
	byDay := map[string]eventstore.DayFigures{}
	for _, r := range rows {
		r.Revenue = eventrow.Round2(r.Revenue)
		byDay[r.Day] = r
	}
	out := make([]eventstore.DayFigures, 0, days)
	for i := days - 1; i >= 0; i-- {
		d := zones.CalDay(now.AddDate(0, 0, -i))
		r, ok := byDay[d]
		if !ok {
			r = eventstore.DayFigures{Day: d}
		}
		out = append(out, r)
	}
	return out
}
