package analytics

import (
	"cro/pocketbase/collect"
	"time"
)

// RecentSessions on ClickHouse: the range's sessions with page views, built from their events
// (a session's events are read up to chSessionSpan past the range's end), newest first.
func (s *chStore) RecentSessions(q SessionsQuery) (SessionsPage, error) {
	out := SessionsPage{Items: []SessionSummary{}, Page: q.Page, PerPage: q.PerPage}
	rows, err := s.query(`SELECT session, min(at) AS started, sumIf(value, type = 'leave') AS duration_ms,
		countIf(type = 'pageview') AS pv, argMinIf(path, (at, seq), type = 'pageview') AS entry, argMaxIf(path, (at, seq), type = 'pageview') AS exit_path,
		argMin(device_type, at) AS s_device, argMin(browser, at) AS s_browser, argMin(country, at) AS s_country,
		argMin(referrer, at) AS s_ref, countIf(type = 'conversion' OR (type = 'custom' AND value > 0)) > 0 AS converted
		FROM events WHERE site_id = {:site} AND ts >= toDateTime({:fromSec}) AND ts < toDateTime({:toSec}) AND session != ''
		GROUP BY session HAVING started >= {:from} AND started < {:to} AND pv > 0
		ORDER BY started DESC, session DESC LIMIT {:limit} OFFSET {:offset}`,
		map[string]any{"site": q.SiteID, "from": q.From, "to": q.To, "fromSec": q.From.Unix() - 1,
			"toSec": q.To.Add(chSessionSpan).Unix(), "limit": q.PerPage + 1, "offset": (q.Page - 1) * q.PerPage})
	if err != nil {
		return out, err
	}
	if len(rows) > q.PerPage {
		out.HasMore, rows = true, rows[:q.PerPage]
	}
	for _, r := range rows {
		started := time.UnixMilli(int64(r.Num("started"))).UTC()
		out.Items = append(out.Items, SessionSummary{
			SessionID: r.Str("session"), StartedAt: started.Format(isoMillis), DurationSeconds: round2(r.Num("duration_ms") / 1000),
			PageViews: r.Int("pv"), EntryPage: r.Str("entry"), ExitPage: r.Str("exit_path"), Device: r.Str("s_device"),
			Browser: r.Str("s_browser"), Country: r.Str("s_country"), Source: collect.Source(r.Str("s_ref")), Converted: r.Num("converted") > 0,
		})
	}
	return out, nil
}
