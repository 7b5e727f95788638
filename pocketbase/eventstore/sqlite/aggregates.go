package sqlite

import (
	"cro/pocketbase/eventstore/eventrow"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// eventRow is one raw event as the applier fills it; eventColumns lists its columns in the order
// appendValues gives them. The id is the rowid (pb_migrations/1763906000_events_rowid_id.js):
// SQLite numbers each event in insertion order. An event's device, browser and country are its
// session's (the applier took them from it), so they are stored once, on the session: the
// events' columns stay empty (18 bytes per event on the ingest bench).
type eventRow struct {
	site, visitor, session, typ, name, path, url, referrer string
	props                                                  any // nil or a JSON string
	value, x, y                                            float64
	selector, rule, goal                                   string
	ts                                                     int64 // ms since the epoch (eventTime)
	client                                                 string
	ox, oy                                                 float64
	viewport                                               string
}

var eventColumns = []string{"site_id", "visitor", "session", "type", "name", "path", "url", "referrer", "props", "value",
	"x", "y", "selector", "ts", "rule", "goal", "client", "offset_x", "offset_y", "viewport"}

func (r *eventRow) appendValues(to []any) []any {
	return append(to, r.site, r.visitor, r.session, r.typ, r.name, r.path, r.url, r.referrer, r.props, r.value,
		r.x, r.y, r.selector, r.ts, r.rule, r.goal, r.storedClient(), r.ox, r.oy, r.viewport)
}

// storedClient is the client source r keeps: none for unsourcedTypes.
func (r *eventRow) storedClient() string {
	if unsourcedTypes[r.typ] {
		return ""
	}
	return r.client
}

// unsourcedTypes are the high-volume event types stored without their client source: no query
// asks it of them (the health evaluation counts sources of exposures, apply errors and errors,
// sqlite_telemetry.go; revenue caps count per source in the writer's memory), and it cost each of
// them 17 bytes.
var unsourcedTypes = map[string]bool{"pageview": true, "leave": true, "click": true, "outbound": true, "vital": true}

// insertEventSQL inserts one raw event. One prepared single-row statement per event costs least:
// a JSON array of rows (json_each, the profile's largest entry before) is parsed again per column,
// and the driver binds a multi-row statement's arguments in quadratic time; a single-row insert
// also needs no statement journal.
var insertEventSQL = "INSERT INTO events (" + strings.Join(eventColumns, ", ") + ") VALUES (" +
	strings.TrimSuffix(strings.Repeat("?, ", len(eventColumns)), ", ") + ")"

// writeEvents inserts the transaction's raw events, a high-volume type's by its lean insert
// (lean_insert.go).
func (a *applier) writeEvents() error {
	args := make([]any, 0, len(eventColumns))
	for i := range a.rows {
		r, q := &a.rows[i], insertEventSQL
		if l := leanFor(r); l != nil {
			q, args = l.sql, args[:0]
			for _, c := range l.bound {
				args = append(args, r.column(c))
			}
		} else {
			args = r.appendValues(args[:0])
		}
		if err := a.tx.execArgs(q, args); err != nil {
			return err
		}
	}
	return nil
}

// commitAggregates writes the touched sessions and adds the rollup deltas (one upsert per key).
func (a *applier) commitAggregates() error {
	if err := a.writeEvents(); err != nil {
		return err
	}
	if err := a.writeSessions(); err != nil {
		return err
	}
	if err := a.writeExperiments(); err != nil {
		return err
	}
	if err := a.writeAutomated(); err != nil {
		return err
	}
	if err := a.writeLate(); err != nil {
		return err
	}

	// Positional arguments in the statements' column order: a map per row cost an allocation
	// per value and a lookup per placeholder, on every group commit.
	for k, d := range a.daily {
		if err := a.tx.execArgs(upsertDailySQL, []any{k[0], k[1], d.visitors, d.sessions, d.pageviews, d.bounces, d.durationMs,
			d.conversions, d.convertedSessions, d.revenue, d.scrollSum, d.scrollCount, d.errors, d.clicks, d.outbound, d.micro}); err != nil {
			return err
		}
	}
	for k, p := range a.pages {
		if err := a.tx.execArgs(upsertPageSQL, []any{k[0], k[1], k[2], p.visitors, p.entries, p.pageviews, p.bounces, p.durationMs,
			p.conversions, p.revenue, p.scrollSum, p.scrollCount, p.errors, p.clicks}); err != nil {
			return err
		}
	}
	for k, x := range a.dims {
		if err := a.tx.execArgs(upsertDimSQL, []any{k[0], k[1], k[2], eventrow.Truncate(k[3], 200), x.sessions, x.visitors,
			x.conversions, x.revenue}); err != nil {
			return err
		}
	}
	return nil
}

// writeSessions inserts the transaction's new sessions and updates the others: what a batch
// changes, and the start, referrer and utm only of a session whose start moved (restarted,
// session_restart.go): started_at is a key of two indexes, rewritten by every update that sets it.
func (a *applier) writeSessions() error {
	for _, s := range a.touched {
		entry, exit := eventrow.Truncate(s.entry, 300), eventrow.Truncate(s.exit, 300)
		var err error
		switch {
		case s.isNew:
			err = a.tx.execArgs(insertSessionSQL, []any{s.siteID, s.key, s.visitor, dbTime(s.started), dbTime(s.lastSeen), entry, exit,
				s.referrer, s.utmSource, s.utmMedium, s.utmCampaign, s.pageviews, s.durationMs / 1000, s.maxScroll, s.conversions,
				s.revenue, s.errors, s.micro, s.device, s.browser, s.country, s.identity})
			a.newSessions = append(a.newSessions, s) // may change the strata of the visitor's later exposures
		case s.restarted:
			err = a.tx.execArgs(restartSessionSQL, []any{dbTime(s.started), s.referrer, s.utmSource, s.utmMedium, s.utmCampaign,
				dbTime(s.lastSeen), entry, exit, s.pageviews, s.durationMs / 1000, s.maxScroll, s.conversions, s.revenue, s.errors,
				s.micro, s.identity, s.siteID, s.key})
		default:
			err = a.tx.execArgs(updateSessionSQL, []any{dbTime(s.lastSeen), entry, exit, s.pageviews, s.durationMs / 1000, s.maxScroll,
				s.conversions, s.revenue, s.errors, s.micro, s.identity, s.siteID, s.key})
		}
		if err != nil {
			return err
		}
		s.isNew, s.restarted = false, false
	}
	return nil
}

const upsertDailySQL = `INSERT INTO analytics_daily (site_id, day, visitors, sessions, pageviews, bounces, duration_ms, conversions,
		converted_sessions, revenue, scroll_sum, scroll_count, errors, clicks, outbound, micro_conversions)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(site_id, day) DO UPDATE SET visitors = visitors + excluded.visitors, sessions = sessions + excluded.sessions,
		pageviews = pageviews + excluded.pageviews, bounces = bounces + excluded.bounces, duration_ms = duration_ms + excluded.duration_ms,
		conversions = conversions + excluded.conversions, converted_sessions = converted_sessions + excluded.converted_sessions,
		revenue = revenue + excluded.revenue, scroll_sum = scroll_sum + excluded.scroll_sum, scroll_count = scroll_count + excluded.scroll_count,
		errors = errors + excluded.errors, clicks = clicks + excluded.clicks, outbound = outbound + excluded.outbound,
		micro_conversions = micro_conversions + excluded.micro_conversions`

const upsertPageSQL = `INSERT INTO analytics_pages (site_id, day, path, visitors, entries, pageviews, bounces, duration_ms,
		conversions, revenue, scroll_sum, scroll_count, errors, clicks) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(site_id, day, path) DO UPDATE SET visitors = visitors + excluded.visitors, entries = entries + excluded.entries,
		pageviews = pageviews + excluded.pageviews, bounces = bounces + excluded.bounces, duration_ms = duration_ms + excluded.duration_ms,
		conversions = conversions + excluded.conversions, revenue = revenue + excluded.revenue, scroll_sum = scroll_sum + excluded.scroll_sum,
		scroll_count = scroll_count + excluded.scroll_count, errors = errors + excluded.errors, clicks = clicks + excluded.clicks`

const upsertDimSQL = `INSERT INTO analytics_dims (site_id, day, dim, value, sessions, visitors, conversions, revenue)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(site_id, day, dim, value) DO UPDATE SET sessions = sessions + excluded.sessions,
		visitors = visitors + excluded.visitors, conversions = conversions + excluded.conversions, revenue = revenue + excluded.revenue`

const insertSessionSQL = `INSERT INTO sessions (site_id, session_key, visitor, started_at, last_seen_at, entry_path, exit_path,
		referrer, utm_source, utm_medium, utm_campaign, page_views, duration_seconds, max_scroll, conversions, revenue, errors,
		micro_conversions, device_type, browser, country, identity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

const updateSessionSQL = `UPDATE sessions SET last_seen_at = ?, entry_path = ?, exit_path = ?,
		page_views = ?, duration_seconds = ?, max_scroll = ?, conversions = ?, revenue = ?,
		errors = ?, micro_conversions = ?, identity = ? WHERE site_id = ? AND session_key = ?`

// restartSessionSQL is updateSessionSQL with the start and what the first event gives.
const restartSessionSQL = `UPDATE sessions SET started_at = ?, referrer = ?, utm_source = ?, utm_medium = ?, utm_campaign = ?,
		last_seen_at = ?, entry_path = ?, exit_path = ?,
		page_views = ?, duration_seconds = ?, max_scroll = ?, conversions = ?, revenue = ?,
		errors = ?, micro_conversions = ?, identity = ? WHERE site_id = ? AND session_key = ?`

var eventSeq atomic.Uint64

func init() { eventSeq.Store(uint64(time.Now().UnixNano()) % (1 << 30)) }

// nextEventID returns a 15-character record id (of an exposure) that grows with time (8 base-36 characters of
// milliseconds, then a counter), so that inserts append to the primary key index instead of
// landing on random pages of it.
func nextEventID() string {
	ms := strconv.FormatInt(time.Now().UnixMilli(), 36)
	seq := strconv.FormatUint(eventSeq.Add(1)%78364164096, 36) // 36^7
	return pad(ms, 8) + pad(seq, 7)
}

func pad(s string, n int) string {
	if len(s) >= n {
		return s[len(s)-n:]
	}
	return strings.Repeat("0", n-len(s)) + s
}
