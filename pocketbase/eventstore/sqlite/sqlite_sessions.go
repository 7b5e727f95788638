package sqlite

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"time"

	"github.com/pocketbase/dbx"
)

// recentSessionsSQL walks the (site_id, started_at) index of sessions backwards from the range's
// end and stops after the page (the rowid, part of every index entry, breaks ties without a
// sort). Only a listed session's purchase check reads events, through their (session)
// index.
const recentSessionsSQL = `SELECT s.session_key, s.started_at, s.duration_seconds, s.page_views, s.entry_path, s.exit_path,
	s.device_type, s.browser, s.country, s.referrer,
	(s.conversions > 0 OR EXISTS (SELECT 1 FROM events e WHERE e.site_id = s.site_id AND e.session = s.session_key
		AND ` + purchaseSQL + `)) AS converted
	FROM sessions s WHERE s.site_id = {:site} AND s.started_at >= {:from} AND s.started_at < {:to} AND s.page_views > 0
	ORDER BY s.started_at DESC, s.rowid DESC LIMIT {:limit} OFFSET {:offset}`

func (s *sqliteStore) RecentSessions(q eventstore.SessionsQuery) (eventstore.SessionsPage, error) {
	out := eventstore.SessionsPage{Items: []eventstore.SessionSummary{}, Page: q.Page, PerPage: q.PerPage}
	var rows []struct {
		Key       string  `db:"session_key"`
		StartedAt string  `db:"started_at"`
		Duration  float64 `db:"duration_seconds"`
		PageViews int     `db:"page_views"`
		Entry     string  `db:"entry_path"`
		Exit      string  `db:"exit_path"`
		Device    string  `db:"device_type"`
		Browser   string  `db:"browser"`
		Country   string  `db:"country"`
		Referrer  string  `db:"referrer"`
		Converted bool    `db:"converted"`
	}
	// One more than the page tells whether an older page exists.
	err := s.app.DB().NewQuery(recentSessionsSQL).Bind(dbx.Params{"site": q.SiteID, "from": dbTime(q.From), "to": dbTime(q.To),
		"limit": q.PerPage + 1, "offset": (q.Page - 1) * q.PerPage}).All(&rows)
	if err != nil {
		return out, err
	}
	if len(rows) > q.PerPage {
		out.HasMore, rows = true, rows[:q.PerPage]
	}
	for _, r := range rows {
		started, _ := time.Parse("2006-01-02 15:04:05.000Z", r.StartedAt)
		out.Items = append(out.Items, eventstore.SessionSummary{
			SessionID: r.Key, StartedAt: started.UTC().Format(eventrow.ISOMillis), DurationSeconds: eventrow.Round2(r.Duration), PageViews: r.PageViews,
			EntryPage: r.Entry, ExitPage: r.Exit, Device: r.Device, Browser: r.Browser, Country: r.Country,
			Source: collect.Source(r.Referrer), Converted: r.Converted,
		})
	}
	return out, nil
}
