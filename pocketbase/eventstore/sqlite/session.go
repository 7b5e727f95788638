package sqlite

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/zones"
	"time"
)

// sessState is the writer's working copy of one session row.
type sessState struct {
	siteID, key, visitor string
	isNew                bool
	restarted            bool // its start moved since its row was written (session_restart.go)
	started, lastSeen    time.Time
	touchedAt            time.Time
	startDay             string
	zone                 *time.Location // the site's, which decides startDay
	entry, exit          string
	entryAt              time.Time // the entry page view's time (a loaded session's: its start)
	exitAt               time.Time // the exit page view's time (a loaded session's: its last event)
	referrer             string
	utmSource, utmMedium string
	utmCampaign          string
	device, browser      string
	country, identity    string
	pageviews            int
	durationMs           float64
	maxScroll            float64
	conversions, errors  int
	micro                int
	revenue              float64
	converted            bool
	goals                map[string]bool
	paths                map[string]bool
}

// dims lists the dimension values a session counts under in analytics_dims.
func (s *sessState) dims() [][2]string {
	return eventrow.SessionDims(collect.Source(s.referrer), s.utmSource, s.utmMedium, s.utmCampaign, s.device, s.browser, s.country)
}

type sessionRow struct {
	Visitor, StartedAt, LastSeenAt, EntryPath, ExitPath, Referrer string
	UtmSource, UtmMedium, UtmCampaign                             string
	PageViews                                                     int
	Duration, MaxScroll                                           float64
	Conversions                                                   int
	Revenue                                                       float64
	Errors, Micro                                                 int
	Device, Browser, Country, Identity                            string
}

const loadSessionSQL = `SELECT visitor, started_at, last_seen_at, entry_path, exit_path, referrer, utm_source, utm_medium,
	utm_campaign, page_views, duration_seconds, max_scroll, conversions, revenue, errors, micro_conversions, device_type,
	browser, country, identity FROM sessions WHERE site_id = {:site} AND session_key = {:key} LIMIT 1`

// loadSession reads a session row written earlier (after a restart or cache eviction).
func loadSession(t *txStmts, siteID, key string, zone *time.Location) *sessState {
	var r sessionRow
	err := t.row(loadSessionSQL, map[string]any{"site": siteID, "key": key}, &r.Visitor, &r.StartedAt, &r.LastSeenAt,
		&r.EntryPath, &r.ExitPath, &r.Referrer, &r.UtmSource, &r.UtmMedium, &r.UtmCampaign, &r.PageViews, &r.Duration,
		&r.MaxScroll, &r.Conversions, &r.Revenue, &r.Errors, &r.Micro, &r.Device, &r.Browser, &r.Country, &r.Identity)
	if err != nil {
		return nil
	}
	started, _ := time.Parse("2006-01-02 15:04:05.000Z", r.StartedAt)
	last, _ := time.Parse("2006-01-02 15:04:05.000Z", r.LastSeenAt)
	return &sessState{
		siteID: siteID, key: key, visitor: r.Visitor, started: started, lastSeen: last, zone: zone, startDay: zones.LocalDay(started, zone),
		entry: r.EntryPath, entryAt: started, exit: r.ExitPath, exitAt: last, referrer: r.Referrer, utmSource: r.UtmSource, utmMedium: r.UtmMedium,
		utmCampaign: r.UtmCampaign, device: r.Device, browser: r.Browser, country: r.Country, identity: r.Identity,
		pageviews: r.PageViews, durationMs: r.Duration * 1000, maxScroll: r.MaxScroll, conversions: r.Conversions,
		revenue: r.Revenue, errors: r.Errors, micro: r.Micro, converted: r.Conversions > 0,
		goals: map[string]bool{}, paths: map[string]bool{},
	}
}
