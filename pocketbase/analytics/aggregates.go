package analytics

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
)

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// commitAggregates writes the touched sessions and adds the rollup deltas (one upsert per key).
func (a *applier) commitAggregates() error {
	if err := a.writeSessions(); err != nil {
		return err
	}
	dq := a.db.NewQuery(`INSERT INTO analytics_daily (site_id, day, visitors, sessions, pageviews, bounces, duration_ms, conversions,
		converted_sessions, revenue, scroll_sum, scroll_count, errors, clicks, outbound, micro_conversions)
		VALUES ({:site}, {:day}, {:visitors}, {:sessions}, {:pageviews}, {:bounces}, {:duration}, {:conversions}, {:converted},
		{:revenue}, {:scrollSum}, {:scrollCount}, {:errors}, {:clicks}, {:outbound}, {:micro})
		ON CONFLICT(site_id, day) DO UPDATE SET visitors = visitors + excluded.visitors, sessions = sessions + excluded.sessions,
		pageviews = pageviews + excluded.pageviews, bounces = bounces + excluded.bounces, duration_ms = duration_ms + excluded.duration_ms,
		conversions = conversions + excluded.conversions, converted_sessions = converted_sessions + excluded.converted_sessions,
		revenue = revenue + excluded.revenue, scroll_sum = scroll_sum + excluded.scroll_sum, scroll_count = scroll_count + excluded.scroll_count,
		errors = errors + excluded.errors, clicks = clicks + excluded.clicks, outbound = outbound + excluded.outbound,
		micro_conversions = micro_conversions + excluded.micro_conversions`).Prepare()
	defer dq.Close()
	for k, d := range a.daily {
		if _, err := dq.Bind(dbx.Params{"site": k[0], "day": k[1], "visitors": d.visitors, "sessions": d.sessions,
			"pageviews": d.pageviews, "bounces": d.bounces, "duration": d.durationMs, "conversions": d.conversions,
			"converted": d.convertedSessions, "revenue": d.revenue, "scrollSum": d.scrollSum, "scrollCount": d.scrollCount,
			"errors": d.errors, "clicks": d.clicks, "outbound": d.outbound, "micro": d.micro}).Execute(); err != nil {
			return err
		}
	}
	pq := a.db.NewQuery(`INSERT INTO analytics_pages (site_id, day, path, visitors, entries, pageviews, bounces, duration_ms,
		conversions, revenue, scroll_sum, scroll_count, errors, clicks) VALUES ({:site}, {:day}, {:path}, {:visitors}, {:entries},
		{:pageviews}, {:bounces}, {:duration}, {:conversions}, {:revenue}, {:scrollSum}, {:scrollCount}, {:errors}, {:clicks})
		ON CONFLICT(site_id, day, path) DO UPDATE SET visitors = visitors + excluded.visitors, entries = entries + excluded.entries,
		pageviews = pageviews + excluded.pageviews, bounces = bounces + excluded.bounces, duration_ms = duration_ms + excluded.duration_ms,
		conversions = conversions + excluded.conversions, revenue = revenue + excluded.revenue, scroll_sum = scroll_sum + excluded.scroll_sum,
		scroll_count = scroll_count + excluded.scroll_count, errors = errors + excluded.errors, clicks = clicks + excluded.clicks`).Prepare()
	defer pq.Close()
	for k, p := range a.pages {
		if _, err := pq.Bind(dbx.Params{"site": k[0], "day": k[1], "path": k[2], "visitors": p.visitors, "entries": p.entries,
			"pageviews": p.pageviews, "bounces": p.bounces, "duration": p.durationMs, "conversions": p.conversions,
			"revenue": p.revenue, "scrollSum": p.scrollSum, "scrollCount": p.scrollCount, "errors": p.errors,
			"clicks": p.clicks}).Execute(); err != nil {
			return err
		}
	}
	xq := a.db.NewQuery(`INSERT INTO analytics_dims (site_id, day, dim, value, sessions, visitors, conversions, revenue)
		VALUES ({:site}, {:day}, {:dim}, {:value}, {:sessions}, {:visitors}, {:conversions}, {:revenue})
		ON CONFLICT(site_id, day, dim, value) DO UPDATE SET sessions = sessions + excluded.sessions,
		visitors = visitors + excluded.visitors, conversions = conversions + excluded.conversions, revenue = revenue + excluded.revenue`).Prepare()
	defer xq.Close()
	for k, x := range a.dims {
		if _, err := xq.Bind(dbx.Params{"site": k[0], "day": k[1], "dim": k[2], "value": truncate(k[3], 200), "sessions": x.sessions,
			"visitors": x.visitors, "conversions": x.conversions, "revenue": x.revenue}).Execute(); err != nil {
			return err
		}
	}
	return nil
}

func (a *applier) writeSessions() error {
	ins := a.db.NewQuery(`INSERT INTO sessions (site_id, session_key, visitor, started_at, last_seen_at, entry_path, exit_path,
		referrer, utm_source, utm_medium, utm_campaign, page_views, duration_seconds, max_scroll, conversions, revenue, errors,
		micro_conversions, device_type, browser, country, identity) VALUES ({:site}, {:key}, {:visitor}, {:started}, {:last},
		{:entry}, {:exit}, {:referrer}, {:us}, {:um}, {:uc}, {:pv}, {:dur}, {:scroll}, {:conv}, {:rev}, {:err}, {:micro},
		{:device}, {:browser}, {:country}, {:identity})`).Prepare()
	defer ins.Close()
	upd := a.db.NewQuery(`UPDATE sessions SET last_seen_at = {:last}, entry_path = {:entry}, exit_path = {:exit},
		page_views = {:pv}, duration_seconds = {:dur}, max_scroll = {:scroll}, conversions = {:conv}, revenue = {:rev},
		errors = {:err}, micro_conversions = {:micro}, identity = {:identity} WHERE site_id = {:site} AND session_key = {:key}`).Prepare()
	defer upd.Close()
	for _, s := range a.touched {
		p := dbx.Params{"site": s.siteID, "key": s.key, "visitor": s.visitor, "started": dbTime(s.started), "last": dbTime(s.lastSeen),
			"entry": truncate(s.entry, 300), "exit": truncate(s.exit, 300), "referrer": s.referrer, "us": s.utmSource,
			"um": s.utmMedium, "uc": s.utmCampaign, "pv": s.pageviews, "dur": s.durationMs / 1000, "scroll": s.maxScroll,
			"conv": s.conversions, "rev": s.revenue, "err": s.errors, "micro": s.micro, "device": s.device,
			"browser": s.browser, "country": s.country, "identity": s.identity}
		q := upd
		if s.isNew {
			q = ins
		}
		if _, err := q.Bind(p).Execute(); err != nil {
			return err
		}
		s.isNew = false
	}
	return nil
}
