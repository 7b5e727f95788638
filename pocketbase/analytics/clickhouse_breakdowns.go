package analytics

import "sort"

// TopPages and Dimensions on ClickHouse: SQLite's analytics_pages and analytics_dims (apply.go)
// computed from raw events for the range.

func (s *chStore) TopPages(siteID string, days DayRange, limit int) ([]PageFigures, error) {
	p := chRange(siteID, days)
	pages := map[string]*PageFigures{}
	page := func(path string) *PageFigures {
		if pages[path] == nil {
			pages[path] = &PageFigures{Path: path}
		}
		return pages[path]
	}
	steps := []struct {
		sql  string
		fill func(f *PageFigures, r func(string) float64)
	}{
		{`SELECT path, countIf(type = 'pageview') AS pageviews, sumIf(value, type = 'leave') AS duration_ms,
			sumIf(x, type = 'leave' AND scrolled = 1) AS scroll_sum, countIf(type = 'leave' AND scrolled = 1) AS scroll_count,
			countIf(type = 'error') AS errors, sumIf(value, type = 'conversion' AND session != '') AS revenue
			FROM events WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to})
			AND type IN ('pageview', 'leave', 'error', 'conversion') GROUP BY path`,
			func(f *PageFigures, r func(string) float64) {
				f.Pageviews, f.DurationMs, f.ScrollSum, f.ScrollCount = r("pageviews"), r("duration_ms"), r("scroll_sum"), r("scroll_count")
				f.Errors, f.Revenue = r("errors"), r("revenue")
			}},
		// A session counts once per page, on the day it first saw it.
		{`SELECT path, count() AS visitors FROM (SELECT path, session, min(day) AS d FROM events
			WHERE site_id = {:site} AND day >= toDate({:from1}) AND day <= toDate({:to}) AND type = 'pageview'
			GROUP BY path, session) WHERE d >= toDate({:from}) GROUP BY path`,
			func(f *PageFigures, r func(string) float64) { f.Visitors = r("visitors") }},
		{`SELECT entry AS path, count() AS entries, countIf(pv = 1) AS bounces FROM (` + chSessionsSQL + `) WHERE pv > 0 GROUP BY entry`,
			func(f *PageFigures, r func(string) float64) { f.Entries, f.Bounces = r("entries"), r("bounces") }},
		{`SELECT c_path AS path, count() AS conversions FROM (` + chFirstConversionsSQL + `)
			WHERE kind = 'conversion' AND in_session AND d >= toDate({:from}) AND d <= toDate({:to}) GROUP BY c_path`,
			func(f *PageFigures, r func(string) float64) { f.Conversions = r("conversions") }},
	}
	for _, st := range steps {
		rows, err := s.query(st.sql, p)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if r.Str("path") != "" { // a conversion without a session is on no page
				st.fill(page(r.Str("path")), r.Num)
			}
		}
	}
	out := make([]PageFigures, 0, len(pages))
	for _, f := range pages {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Conversions != b.Conversions {
			return a.Conversions > b.Conversions
		}
		if a.Revenue != b.Revenue {
			return a.Revenue > b.Revenue
		}
		if a.Pageviews != b.Pageviews {
			return a.Pageviews > b.Pageviews
		}
		return a.Path < b.Path
	})
	if limit >= 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// chDimsSQL groups the range's sessions by their dimension values (the referrer by host: Source
// names it in Go); visitors counts each visitor's first session of its start day, as SQLite does.
const chDimsSQL = `SELECT if(domain(s_ref) != '', domain(s_ref), s_ref) AS ref, s_us, s_um, s_uc,
	s_device, s_browser, s_country, count() AS sessions, sum(first) AS visitors
	FROM (SELECT s_ref, s_us, s_um, s_uc, s_device, s_browser, s_country, if(started = min_started, 1, 0) AS first
	FROM (` + chSessionsSQL + `)
	ANY LEFT JOIN (SELECT s_visitor, start_day, min(started) AS min_started FROM (` + chSessionsSQL + `) GROUP BY s_visitor, start_day)
	USING (s_visitor, start_day))
	GROUP BY ref, s_us, s_um, s_uc, s_device, s_browser, s_country`

func (s *chStore) Dimensions(siteID string, days DayRange) ([]DimFigures, error) {
	p := chRange(siteID, days)
	agg := map[[2]string]*DimFigures{}
	add := func(dim, value string) *DimFigures {
		k := [2]string{dim, value}
		if agg[k] == nil {
			agg[k] = &DimFigures{Dim: dim, Value: truncate(value, 200)}
		}
		return agg[k]
	}
	dimsOf := func(ref, us, um, uc, device, browser, country string) [][2]string {
		st := sessState{referrer: ref, utmSource: us, utmMedium: um, utmCampaign: uc, device: device, browser: browser, country: country}
		return st.dims()
	}
	rows, err := s.query(chDimsSQL, p)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		for _, dv := range dimsOf(r.Str("ref"), r.Str("s_us"), r.Str("s_um"), r.Str("s_uc"), r.Str("s_device"), r.Str("s_browser"), r.Str("s_country")) {
			x := add(dv[0], dv[1])
			x.Sessions += r.Num("sessions")
			x.Visitors += r.Num("visitors")
		}
	}
	// Conversions and revenue count under the converting session's values.
	rows, err = s.query(`SELECT sess, conversions, revenue, ref, s_us, s_um, s_uc, s_device, s_browser, s_country FROM (
		SELECT sess, sum(conversions) AS conversions, sum(revenue) AS revenue FROM (
			SELECT sess, count() AS conversions, 0 AS revenue FROM (`+chFirstConversionsSQL+`)
			WHERE kind = 'conversion' AND d >= toDate({:from}) AND d <= toDate({:to}) GROUP BY sess
			UNION ALL
			SELECT session AS sess, 0 AS conversions, sum(value) AS revenue FROM events WHERE site_id = {:site}
			AND day >= toDate({:from}) AND day <= toDate({:to}) AND type = 'conversion' AND session != '' GROUP BY session)
		GROUP BY sess)
		ANY INNER JOIN (SELECT session AS sess, if(domain(argMin(referrer, at)) != '', domain(argMin(referrer, at)), argMin(referrer, at)) AS ref,
			argMin(utm_source, at) AS s_us, argMin(utm_medium, at) AS s_um, argMin(utm_campaign, at) AS s_uc,
			argMin(device_type, at) AS s_device, argMin(browser, at) AS s_browser, argMin(country, at) AS s_country
			FROM events WHERE site_id = {:site} AND day >= toDate({:from1}) AND day <= toDate({:to}) AND session != ''
			GROUP BY session) USING (sess)`, p)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		for _, dv := range dimsOf(r.Str("ref"), r.Str("s_us"), r.Str("s_um"), r.Str("s_uc"), r.Str("s_device"), r.Str("s_browser"), r.Str("s_country")) {
			x := add(dv[0], dv[1])
			x.Conversions += r.Num("conversions")
			x.Revenue += r.Num("revenue")
		}
	}
	out := make([]DimFigures, 0, len(agg))
	for _, x := range agg {
		out = append(out, *x)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Sessions != out[j].Sessions {
			return out[i].Sessions > out[j].Sessions
		}
		if out[i].Dim != out[j].Dim {
			return out[i].Dim < out[j].Dim
		}
		return out[i].Value < out[j].Value
	})
	return out, nil
}
