package clickhouse

import (
	"fmt"
	"time"

	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
)

// RecentSessions on ClickHouse: the range's sessions with page views, newest first, from the
// sessions rollup (a row per session and day). The newest days are read first and the window
// doubles until it holds the page asked for or the whole range: a session started at least a day
// after the window's first day has all its rows in the window (a site's local day is within a day
// of UTC's), so those are complete, and the newest of them are the newest of the range.
func (s *chStore) RecentSessions(q eventstore.SessionsQuery) (eventstore.SessionsPage, error) {
	out := eventstore.SessionsPage{Items: []eventstore.SessionSummary{}, Page: q.Page, PerPage: q.PerPage}
	offset, want := (q.Page-1)*q.PerPage, q.Page*q.PerPage+1
	first, last := q.From.UTC().AddDate(0, 0, -2), q.To.UTC().AddDate(0, 0, 2)
	const day = "2006-01-02"
	var rows []Row
	var lo time.Time
	// The window starts at the span that held this page of the site last time (a deep page's
	// reads otherwise double from 2 days: up to 7 reads for page 20 of a quiet site). Any span
	// answers the same: a larger one only reads more rows.
	hintKey := fmt.Sprintf("%s|%d|%d", q.SiteID, q.Page, q.PerPage)
	span := 2
	if v, ok := s.sessionSpans.Load(hintKey); ok {
		span = v.(int)
	}
	for ; ; span *= 2 {
		lo = last.AddDate(0, 0, -span)
		from, full := q.From, !lo.After(first)
		if full {
			lo = first
		} else if cut := time.Date(lo.Year(), lo.Month(), lo.Day()+1, 0, 0, 0, 0, time.UTC); cut.After(from) {
			from = cut
		}
		// The page's sessions first (start and page views only), then their figures.
		got, err := s.query(`SELECT session, minMerge(started) AS started, sumMerge(pageviews) AS pv
			FROM sessions WHERE site_id = {:site} AND day >= toDate({:lo}) AND day <= toDate({:hi})
			GROUP BY session HAVING started >= {:from} AND started < {:to} AND pv > 0
			ORDER BY started DESC, session DESC LIMIT {:limit}`,
			map[string]any{"site": q.SiteID, "lo": lo.Format(day), "hi": last.Format(day), "from": from, "to": q.To, "limit": want})
		if err != nil {
			return out, err
		}
		if full || len(got) >= want {
			rows = got
			if !full {
				s.sessionSpans.Store(hintKey, span)
			}
			break
		}
	}
	if len(rows) <= offset {
		return out, nil
	}
	rows = rows[offset:]
	if len(rows) > q.PerPage {
		out.HasMore, rows = true, rows[:q.PerPage]
	}
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	oldest := rows[0].Num("started")
	for i, r := range rows {
		ids[i] = r.Str("session")
		oldest = min(oldest, r.Num("started"))
	}
	// Their rows are on their start's local day or later (a local day is within a day of UTC's):
	// a deep page of a wide window reads a few days, not the window.
	if d := time.UnixMilli(int64(oldest)).UTC().AddDate(0, 0, -1); d.After(lo) {
		lo = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	}
	figs, err := s.query(`SELECT session, minMerge(started) AS started, sumMerge(duration_ms) AS duration_ms,
		sumMerge(pageviews) AS pv, argMinIfMerge(entry) AS entry, argMaxIfMerge(exit_path) AS exit_path,
		`+chSessDimsSQL+`, maxMerge(converted) AS converted
		FROM sessions WHERE site_id = {:site} AND day >= toDate({:lo}) AND day <= toDate({:hi}) AND session IN {:sessions}
		GROUP BY session`, map[string]any{"site": q.SiteID, "lo": lo.Format(day), "hi": last.Format(day), "sessions": ids})
	if err != nil {
		return out, err
	}
	bySession := make(map[string]Row, len(figs))
	for _, r := range figs {
		bySession[r.Str("session")] = r
	}
	for _, id := range ids {
		r := bySession[id]
		started := time.UnixMilli(int64(r.Num("started"))).UTC()
		out.Items = append(out.Items, eventstore.SessionSummary{
			SessionID: r.Str("session"), StartedAt: started.Format(eventrow.ISOMillis), DurationSeconds: eventrow.Round2(r.Num("duration_ms") / 1000),
			PageViews: r.Int("pv"), EntryPage: r.Str("entry"), ExitPage: r.Str("exit_path"), Device: r.Str("s_device"),
			Browser: r.Str("s_browser"), Country: r.Str("s_country"), Source: collect.Source(r.Str("s_ref")), Converted: r.Num("converted") > 0,
		})
	}
	return out, nil
}
