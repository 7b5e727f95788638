package clickhouse

import "strings"

// Materialized rollups (versions 6 to 9): each is a table fed at insert by a materialized view on
// events, so every writer's inserts (servers, collectors, events-copy, INSERT ... SELECT) feed them
// without Go changes, and a migration backfills it from the events already stored. Every rollup is
// keyed by the event's own day, so a session or goal seen on two days has a row on each (late
// events of any day add to their day's row) and deleting whole days of events (retention) deletes
// exactly the same days of the rollups.

// Rollup is one rollup table: its name and the SELECT over events that feeds it (the view's query
// and the backfill's).
type Rollup struct {
	Table  string
	Select string
}

// argMin keys order a session's events as written: by time, then by place of writing.
const rollupSessionsSelect = `SELECT site_id, day, session, anyState(visitor) AS visitor, minState(at) AS started,
	argMinState(day, at) AS start_day, sumState(toUInt64(type = 'pageview')) AS pageviews,
	argMinIfState(path, (at, seq), type = 'pageview') AS entry, argMaxIfState(path, (at, seq), type = 'pageview') AS exit_path,
	argMinState(referrer, (at, seq)) AS referrer, argMinState(utm_source, (at, seq)) AS utm_source,
	argMinState(utm_medium, (at, seq)) AS utm_medium, argMinState(utm_campaign, (at, seq)) AS utm_campaign,
	argMinState(device_type, (at, seq)) AS device_type, argMinState(browser, (at, seq)) AS browser,
	argMinState(country, (at, seq)) AS country, sumState(if(type = 'leave', value, 0)) AS duration_ms,
	sumState(if(type = 'conversion', value, 0)) AS revenue,
	maxState(toUInt8(type = 'conversion' OR (type = 'custom' AND value > 0))) AS converted
	FROM events WHERE session != '' GROUP BY site_id, day, session`

const rollupDayFiguresSelect = `SELECT site_id, day, count() AS n, countIf(type = 'pageview') AS pageviews,
	sumIf(value, type = 'leave') AS duration_ms, sumIf(x, type = 'leave' AND scrolled = 1) AS scroll_sum,
	countIf(type = 'leave' AND scrolled = 1) AS scroll_count, countIf(type = 'error') AS errors,
	countIf(type = 'click') AS clicks, sumIf(value, type = 'conversion') AS revenue
	FROM events GROUP BY site_id, day`

const rollupPageFiguresSelect = `SELECT site_id, day, path, countIf(type = 'pageview') AS pageviews,
	sumIf(value, type = 'leave') AS duration_ms, sumIf(x, type = 'leave' AND scrolled = 1) AS scroll_sum,
	countIf(type = 'leave' AND scrolled = 1) AS scroll_count, countIf(type = 'error') AS errors,
	sumIf(value, type = 'conversion' AND session != '') AS revenue
	FROM events WHERE type IN ('pageview', 'leave', 'error', 'conversion') GROUP BY site_id, day, path`

// A server conversion without a session is its own key (as the SQLite rollups count each).
const rollupGoalFirstsSelect = `SELECT site_id, day, type AS kind, if(session = '', toString(cityHash64(props, at)), session) AS sess,
	goal, minState(at) AS first_at, argMinState(day, at) AS first_day, argMinState(path, at) AS c_path,
	maxState(toUInt8(session != '')) AS in_session
	FROM events WHERE type IN ('conversion', 'micro_conversion') GROUP BY site_id, day, kind, sess, goal`

// Rollups lists the tables fed by views on events, for a site's rebuild (events-copy's resume):
// their views' queries since version 17.
var Rollups = []Rollup{
	{"sessions", sessionsSelect},
	{"day_figures", rollupDayFiguresSelect},
	{"page_figures", rollupPageFiguresSelect},
	{"goal_firsts", counted(rollupGoalFirstsSelect)},
}

// counted adds n, the events of each row, to a rollup's select (version 14).
func counted(sel string) string {
	return strings.Replace(sel, "\n\tFROM events WHERE ", ", countState() AS n\n\tFROM events WHERE ", 1)
}

// Version 14: sessions and goal_firsts count their events in n (countMerge(n) is the same however
// the rows merge), written by the same view insert as the row, so that a reader can tell whether an
// insert's rows reached a rollup: ClickHouse runs an insert's views one after another, and a read
// between them sees some rollups with the insert and some without (sessions is among the last).
// Figures are kept only while these counts equal the events' own (clickhouse_settled.go's
// wholeDays). The
// views are made again with n, and n is backfilled for the rows already held: rows with only n
// (every other state empty, which merges as nothing). Run with no writer inserting, as 6 to 13.
var rollupCounts = Migration{Version: 14, Name: "rollup_counts", SQL: []string{
	"ALTER TABLE sessions ADD COLUMN n AggregateFunction(count)",
	"DROP TABLE IF EXISTS sessions_mv",
	"CREATE MATERIALIZED VIEW IF NOT EXISTS sessions_mv TO sessions AS " + counted(rollupSessionsSelect),
	`INSERT INTO sessions (site_id, day, session, n) SELECT site_id, day, session, countState() AS n
	FROM events WHERE session != '' GROUP BY site_id, day, session`,
	"ALTER TABLE goal_firsts ADD COLUMN n AggregateFunction(count)",
	"DROP TABLE IF EXISTS goal_firsts_mv",
	"CREATE MATERIALIZED VIEW IF NOT EXISTS goal_firsts_mv TO goal_firsts AS " + counted(rollupGoalFirstsSelect),
	`INSERT INTO goal_firsts (site_id, day, kind, sess, goal, n) SELECT site_id, day, type AS kind,
	if(session = '', toString(cityHash64(props, at)), session) AS sess, goal, countState() AS n
	FROM events WHERE type IN ('conversion', 'micro_conversion') GROUP BY site_id, day, kind, sess, goal`,
}}

// lasted adds each session's last event and last error (0: none) to the sessions rollup's select
// (version 15).
func lasted(sel string) string {
	return strings.Replace(sel, "\n\tFROM events WHERE ", ", maxState(at) AS last_at, maxState(if(type = 'error', at, 0)) AS last_error\n\tFROM events WHERE ", 1)
}

// Version 15: sessions keep their last event and last error, so that experiments' guardrails,
// CUPED and ratio metrics read their exposed visitors' sessions from the rollup (a row per session
// and day) instead of grouping raw events. The view is made again with both, written by the same
// view insert as n (so wholeDays covers them), and both are backfilled for the rows already held:
// rows with the visitor and both columns (max and any give the same however often a row is
// written, so a step run again or an insert between the view and the backfill changes nothing).
var sessionsLast = Migration{Version: 15, Name: "sessions_last", SQL: []string{
	"ALTER TABLE sessions ADD COLUMN last_at AggregateFunction(max, UInt64)",
	"ALTER TABLE sessions ADD COLUMN last_error AggregateFunction(max, UInt64)",
	"DROP TABLE IF EXISTS sessions_mv",
	"CREATE MATERIALIZED VIEW IF NOT EXISTS sessions_mv TO sessions AS " + lasted(counted(rollupSessionsSelect)),
	`INSERT INTO sessions (site_id, day, session, visitor, last_at, last_error) SELECT site_id, day, session, anyState(visitor) AS visitor,
	maxState(at) AS last_at, maxState(if(type = 'error', at, 0)) AS last_error FROM events WHERE session != '' GROUP BY site_id, day, session`,
}}

// rollupStep creates a rollup table, the view that feeds it at insert, then backfills it from the
// events already stored (run it with no writer inserting: an insert between the view and the
// backfill would count twice).
func rollupStep(version int, r Rollup, create string, extra ...string) Migration {
	return Migration{Version: version, Name: r.Table, SQL: append([]string{create,
		"CREATE MATERIALIZED VIEW IF NOT EXISTS " + r.Table + "_mv TO " + r.Table + " AS " + r.Select,
		"INSERT INTO " + r.Table + " " + r.Select}, extra...)}
}

const argKey = "Tuple(UInt64, UInt64)"

// One row per session and day of its events: what a session's figures need (start, pages, entry
// and exit, its dimensions from its first event, time, revenue, converted).
var sessionsRollup = rollupStep(6, Rollup{"sessions", rollupSessionsSelect}, `CREATE TABLE IF NOT EXISTS sessions (
	site_id String, day Date, session String, visitor AggregateFunction(any, String),
	started AggregateFunction(min, UInt64), start_day AggregateFunction(argMin, Date, UInt64),
	pageviews AggregateFunction(sum, UInt64),
	entry AggregateFunction(argMinIf, String, `+argKey+`, UInt8), exit_path AggregateFunction(argMaxIf, String, `+argKey+`, UInt8),
	referrer AggregateFunction(argMin, String, `+argKey+`), utm_source AggregateFunction(argMin, String, `+argKey+`),
	utm_medium AggregateFunction(argMin, String, `+argKey+`), utm_campaign AggregateFunction(argMin, String, `+argKey+`),
	device_type AggregateFunction(argMin, String, `+argKey+`), browser AggregateFunction(argMin, String, `+argKey+`),
	country AggregateFunction(argMin, String, `+argKey+`), duration_ms AggregateFunction(sum, Float64),
	revenue AggregateFunction(sum, Float64), converted AggregateFunction(max, UInt8)
	) ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, day, session)`)

// The figures that add up per day (n: events stored, the settled figures' basis).
var dayFiguresRollup = rollupStep(7, Rollup{"day_figures", rollupDayFiguresSelect}, `CREATE TABLE IF NOT EXISTS day_figures (
	site_id String, day Date, n UInt64, pageviews UInt64, duration_ms Float64, scroll_sum Float64, scroll_count UInt64,
	errors UInt64, clicks UInt64, revenue Float64
	) ENGINE = SummingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, day)`)

var pageFiguresRollup = rollupStep(8, Rollup{"page_figures", rollupPageFiguresSelect}, `CREATE TABLE IF NOT EXISTS page_figures (
	site_id String, day Date, path String, pageviews UInt64, duration_ms Float64, scroll_sum Float64, scroll_count UInt64,
	errors UInt64, revenue Float64
	) ENGINE = SummingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, day, path)`)

// Conversions and micro goal completions by session and goal, plus the settled session figures of
// closed days (written by the store, not by a view: see clickhouse_settled.go).
var goalFirstsRollup = rollupStep(9, Rollup{"goal_firsts", rollupGoalFirstsSelect}, `CREATE TABLE IF NOT EXISTS goal_firsts (
	site_id String, day Date, kind String, sess String, goal String, first_at AggregateFunction(min, UInt64),
	first_day AggregateFunction(argMin, Date, UInt64), c_path AggregateFunction(argMin, String, UInt64),
	in_session AggregateFunction(max, UInt8)
	) ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, day, kind, sess, goal)`,
	`CREATE TABLE IF NOT EXISTS settled (
	site_id String, day Date, version UInt64, kind String, k1 String, k2 String,
	visitors Float64, sessions Float64, entries Float64, bounces Float64, conversions Float64,
	converted_sessions Float64, micro Float64, revenue Float64
	) ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, day, version, kind, k1, k2)`)

// SiteSelect is the rollup's SELECT over one site's events (quotedSite: a Quote'd site id), for
// rebuilding that site's rows.
func (r Rollup) SiteSelect(quotedSite string) string {
	if strings.Contains(r.Select, "FROM events WHERE ") {
		return strings.Replace(r.Select, "FROM events WHERE ", "FROM events WHERE site_id = "+quotedSite+" AND ", 1)
	}
	return strings.Replace(r.Select, "FROM events GROUP BY ", "FROM events WHERE site_id = "+quotedSite+" GROUP BY ", 1)
}

// The session's dimensions from its first event, in one argMin state (version 17): the seven
// separate argMin states each stored the same (at, seq) key, about 7 of a seeded site's 47 bytes
// per event. Read with chSessDimsSQL.
const sessionDimsType = "AggregateFunction(argMin, Tuple(String, String, String, String, String, String, String), " + argKey + ")"

var sessionDimCols = []string{"referrer", "utm_source", "utm_medium", "utm_campaign", "device_type", "browser", "country"}

const sessionDimsState = `argMinState((referrer, utm_source, utm_medium, utm_campaign, device_type, browser, country), (at, seq)) AS dims`

// chSessDimsSQL reads the dimensions of sessions' rows grouped by session (the names the
// queries use: s_ref, s_us, s_um, s_uc, s_device, s_browser, s_country).
const chSessDimsSQL = `argMinMerge(dims) AS s_dims, tupleElement(s_dims, 1) AS s_ref, tupleElement(s_dims, 2) AS s_us,
	tupleElement(s_dims, 3) AS s_um, tupleElement(s_dims, 4) AS s_uc, tupleElement(s_dims, 5) AS s_device,
	tupleElement(s_dims, 6) AS s_browser, tupleElement(s_dims, 7) AS s_country`

// withDims is a sessions view's select with the seven dimension states replaced by dims, last
// (where ADD COLUMN puts it).
func withDims(sel string) string {
	for _, c := range sessionDimCols {
		sel = strings.Replace(sel, "argMinState("+c+", (at, seq)) AS "+c+",", "", 1)
	}
	return strings.Replace(sel, "\n\tFROM events WHERE ", ", "+sessionDimsState+"\n\tFROM events WHERE ", 1)
}

// sessionsSelect is the sessions view's query since version 17 (n from 14, last_at and last_error
// from 15, dims from 17).
var sessionsSelect = withDims(lasted(counted(rollupSessionsSelect)))

// Version 17: the sessions rollup keeps its dimensions in dims. As version 14: dims is added, the
// view made again, dims backfilled for the rows already held (rows with only dims, which merge
// into theirs), then the seven columns dropped. Run with no writer inserting, as 6 to 14.
var sessionDims = Migration{Version: 17, Name: "session_dims", SQL: append([]string{
	"ALTER TABLE sessions ADD COLUMN dims " + sessionDimsType,
	"DROP TABLE IF EXISTS sessions_mv",
	"CREATE MATERIALIZED VIEW IF NOT EXISTS sessions_mv TO sessions AS " + sessionsSelect,
	`INSERT INTO sessions (site_id, day, session, dims) SELECT site_id, day, session, ` + sessionDimsState + `
	FROM events WHERE session != '' GROUP BY site_id, day, session`,
}, dropColumns("sessions", sessionDimCols)...)}

func dropColumns(table string, cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = "ALTER TABLE " + table + " DROP COLUMN " + c
	}
	return out
}
