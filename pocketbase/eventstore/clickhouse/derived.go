package clickhouse

// Narrow tables derived from events by materialized views (derivedSchema): each holds only the
// rows and columns its queries read, sorted as they read them, so a query reads a small range
// instead of the site's whole span of events. A view sees each insert into events (the store's,
// a collector's, events-copy's, an INSERT ... SELECT), so nothing else writes them; retention
// and events-copy's undo delete their rows with the events' (clickhouse_derived.go).

// path_days: the paths viewed per site and local day (funnels match their steps' URL patterns
// against these in Go instead of reading every page view's path).
const (
	pathDaysTable = `CREATE TABLE IF NOT EXISTS {T:path_days} (site_id String, day Date, path String, pageviews UInt64)
		ENGINE = SummingMergeTree(pageviews) PARTITION BY toYYYYMM(day) ORDER BY (site_id, day, path)`
	pathDaysSelect = `SELECT site_id, day, path, count() AS pageviews FROM {T:events} WHERE type = 'pageview' {{backfill}} GROUP BY site_id, day, path`
)

// late_marks: per insert, the oldest event more than an hour old when written, with ClickHouse's
// time of writing. The funnels' closed days (clickhouse_funnel_days.go) are kept in
// memory; a mark newer than a reader's last look undoes the days it may change.
const (
	lateMarksTable = `CREATE TABLE IF NOT EXISTS {T:late_marks} (site_id String, since UInt64, written DateTime)
		ENGINE = MergeTree PARTITION BY toYYYYMM(written) ORDER BY (site_id, written)`
	lateMarksView = `CREATE MATERIALIZED VIEW IF NOT EXISTS {T:late_marks}_mv TO {T:late_marks} AS
		SELECT site_id, min(at) AS since, now() AS written FROM {T:events} WHERE at < (toUInt64(now()) - 3600) * 1000 GROUP BY site_id`
)

// page_events: clicks and leaves by page and viewport class, for click and scroll maps.
const (
	pageEventsTable = `CREATE TABLE IF NOT EXISTS {T:page_events} (site_id String, path String, viewport String, type String, day Date,
		at UInt64, session String, selector String, name String, offset_x Float64, offset_y Float64, x Float64)
		ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, path, viewport, type, at)`
	pageEventsSelect = `SELECT site_id, path, viewport, type, day, at, session, selector, name, offset_x, offset_y, x FROM {T:events}
		WHERE type IN ('click', 'leave') {{backfill}}`
)

// session_pages: page views by session, for a funnel's drop-off (where each stopped session went
// next).
const (
	sessionPagesTable = `CREATE TABLE IF NOT EXISTS {T:session_pages} (site_id String, session String, at UInt64, day Date, path String)
		ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, session, at)`
	sessionPagesSelect = `SELECT site_id, session, at, day, path FROM {T:events} WHERE type = 'pageview' {{backfill}}`
)

// click_cells (version 16): clicks per page, viewport class, UTC day (uday: days since the epoch;
// the click map's range is the last N x 24 hours, so its whole days are UTC days), the site's local
// day (retention deletes by it), element and offset bin (clickmap.go's bins), with their count and
// the element's text (max, as the raw read): a click map reads closed days' bins from here instead
// of every click (clickhouse_click_days.go). The backfill writes partition backfilled = 1, dropped
// first, so a step run again backfills once; the view writes partition 0.
const (
	clickCellsTable = `CREATE TABLE IF NOT EXISTS {T:click_cells} (site_id String, path String, viewport String, uday UInt32, day Date,
		selector String, bin_x Int32, bin_y Int32, backfilled UInt8, n AggregateFunction(count), label AggregateFunction(max, String))
		ENGINE = AggregatingMergeTree PARTITION BY backfilled ORDER BY (site_id, path, viewport, uday, selector, bin_x, bin_y, day)`
	clickCellsSelect = `SELECT site_id, path, viewport, toUInt32(intDiv(at, 86400000)) AS uday, day, selector,
		toInt32(least(19, toInt32(offset_x * 20))) AS bin_x, toInt32(least(19, toInt32(offset_y * 20))) AS bin_y, {{src}} AS backfilled,
		countState() AS n, maxState(name) AS label FROM {T:events} WHERE type = 'click' {{backfill}}
		GROUP BY site_id, path, viewport, uday, day, selector, bin_x, bin_y`
)

// clickCellsFrom is click_cells' select writing partition src.
func clickCellsFrom(src string) string { return replaceOnce(clickCellsSelect, "{{src}}", src) }

// exposures: each visitor's first exposure to each experiment (experiment_events' exposure rows
// merged per visitor), for experiments' results, guardrails, CUPED's and ratio metrics' sums. (A
// table of each visitor's sessions was tried: its view cost more CPU per insert than any other.)
const (
	exposuresTable = `CREATE TABLE IF NOT EXISTS {T:exposures} (site_id String, experiment String, visitor String,
		x_variant AggregateFunction(argMin, String, UInt64), x_at AggregateFunction(min, UInt64), x_day AggregateFunction(argMin, Date, UInt64))
		ENGINE = AggregatingMergeTree PARTITION BY tuple() ORDER BY (site_id, experiment, visitor)`
	exposuresSelect = `SELECT site_id, experiment, visitor, argMinState(variant, at) AS x_variant, minState(at) AS x_at,
		argMinState(day, at) AS x_day FROM {T:experiment_events} WHERE experiment != '' {{backfill}} GROUP BY site_id, experiment, visitor`
)

// visitor_events: purchases (custom events with a value) and conversions by visitor, for ratio
// metrics' orders, goals and revenue before exposure.
const (
	visitorEventsTable = `CREATE TABLE IF NOT EXISTS {T:visitor_events} (site_id String, visitor String, at UInt64, day Date, type String,
		goal String, value Float64) ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, visitor, at)`
	visitorEventsSelect = `SELECT site_id, visitor, at, day, type, goal, value FROM {T:events}
		WHERE ((type = 'custom' AND value > 0) OR type = 'conversion') {{backfill}}`
)

// RowTables are the tables derived from events row by row, with the events' site_id, day and at:
// a delete of events (retention, events-copy's undo) runs on them with the same condition.
var RowTables = []string{"page_events", "session_pages", "visitor_events"}

// GroupedTables are the tables derived from events by grouping (each with site_id and day):
// retention deletes their rows of whole days; events-copy's undo deletes a site's rows and fills
// them again with RefillSQL.
var GroupedTables = []string{"path_days", "click_cells"}

// RefillSQL fills a grouped table's rows of one site (a quoted literal) from its events.
func RefillSQL(table, site string) string {
	sel := map[string]string{"path_days": pathDaysSelect, "click_cells": clickCellsFrom("0")}[table]
	return tableRef.ReplaceAllString(`INSERT INTO {T:`+table+`} `+replaceOnce(sel, "{{backfill}}", "AND site_id = "+site), "${1}")
}

// backfill copies the events held before the table's view was created into it: those older than
// the second it was created (an event written within that second, before the view, is missed; run
// the upgrade before collectors write, as the server does: migrations run at its start).
func backfill(table, sel string) string {
	return `INSERT INTO {T:` + table + `} ` + replaceOnce(sel, "{{backfill}}", `AND at < (SELECT toUInt64(max(metadata_modification_time)) * 1000
		FROM system.tables WHERE database = currentDatabase() AND name = '{T:`+table+`}_mv')`)
}

// view is the statement creating table's view of sel.
func view(table, sel string) string {
	return `CREATE MATERIALIZED VIEW IF NOT EXISTS {T:` + table + `}_mv TO {T:` + table + `} AS ` + replaceOnce(sel, "{{backfill}}", "")
}

func replaceOnce(s, old, new string) string {
	for i := 0; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	return s
}
