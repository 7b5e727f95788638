package clickhouse

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Migration is one versioned schema step; versions only grow and a released step never changes.
type Migration struct {
	Version int
	Name    string
	SQL     []string
}

// migrateTimeout bounds each migration statement (migration 17's backfill over 20M events took
// over a minute on the shared 2-core machine).
const migrateTimeout = time.Hour

// Migrate creates the database when missing and applies the steps not yet recorded in
// schema_migrations, in version order (one writer at a time is assumed: the server at start).
func (c *Client) Migrate(steps []Migration) error {
	// A step's backfill reads every stored event: minutes on a large store, not a query's 60 s.
	long := *c
	long.http = &http.Client{Timeout: migrateTimeout}
	c = &long
	if _, err := c.post(bg(), "CREATE DATABASE IF NOT EXISTS "+c.Database, nil, false); err != nil {
		return err
	}
	if err := c.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version UInt32, name String, applied DateTime DEFAULT now())
		ENGINE = MergeTree ORDER BY version`); err != nil {
		return err
	}
	rows, err := c.Query("SELECT version FROM schema_migrations")
	if err != nil {
		return err
	}
	done := map[int]bool{}
	for _, r := range rows {
		done[r.Int("version")] = true
	}
	for _, m := range steps {
		if done[m.Version] {
			continue
		}
		for _, stmt := range m.SQL {
			if err := c.Exec(stmt); err != nil && !columnThere(stmt, err) {
				return fmt.Errorf("clickhouse migration %d %s: %w", m.Version, m.Name, err)
			}
		}
		if err := c.Exec("INSERT INTO schema_migrations (version, name) VALUES (" + strconv.Itoa(m.Version) + ", " + Quote(m.Name) + ")"); err != nil {
			return err
		}
	}
	return nil
}

// MigrateStore brings the store's schema up to date: Schema on one server, or, on a cluster (the
// URL's cluster= and shards=), ClusterSchema on every shard.
func (c *Client) MigrateStore() error {
	if len(c.shards) == 0 {
		return c.Migrate(Schema)
	}
	if c.cluster == "" {
		return fmt.Errorf("events URL with shards= but no cluster=: name the cluster of the servers' remote_servers")
	}
	for _, shard := range c.shards {
		if err := shard.Migrate(ClusterSchema(c.cluster, c.Database)); err != nil {
			return fmt.Errorf("shard %s: %w", shard.base, err)
		}
	}
	return nil
}

// columnThere tells an ADD COLUMN that failed because the column exists (or a DROP COLUMN because
// it is gone): 18.16 has no ADD COLUMN IF NOT EXISTS, and a step is run again after a stop
// halfway, or by servers starting together (the integration suite's, on one database).
func columnThere(stmt string, err error) bool {
	return strings.Contains(stmt, " ADD COLUMN ") && strings.Contains(err.Error(), "Code: 44,") ||
		strings.Contains(stmt, " DROP COLUMN ") && strings.Contains(err.Error(), "Code: 44,") // already dropped
}

// Schema is the event store's schema. seq is a row's place in the order of writing (the
// integrations' feed reads by it: late batches carry old times). Raw events are the source of truth: every figure is
// an aggregate over them or over their materialized rollups (rollups.go), so a row is all its queries need (the session's device, browser and
// country are on each event). Tables are partitioned by month of the site's local day and ordered
// by site and time, so a site's range is one contiguous read and retention drops whole months.
//
// The steps that add a rollup or derived table (6 to 14) create it and its view, then backfill it
// from the events already stored: a row inserted while a step runs may be counted twice (by the
// view and the backfill) or, in the derived tables (backfilled by event time), missed. They assume
// no writer inserts while they run, so upgrade with collectors stopped (what they acknowledged
// stays in their spools and is inserted when they start again) and start the main server first:
// it migrates when it opens the store, before its own spool is replayed and before it serves.
var Schema = local(append([]Migration{
	{Version: 1, Name: "events", SQL: []string{`CREATE TABLE IF NOT EXISTS events (
		site_id String, day Date, ts DateTime, at UInt64,
		visitor String, session String, type String, name String, path String, url String, referrer String,
		props String, value Float64, x Float64, y Float64, selector String,
		device_type String, browser String, country String, rule String, goal String, client String,
		offset_x Float64, offset_y Float64, viewport String, scrolled UInt8,
		utm_source String, utm_medium String, utm_campaign String, identity String,
		experiment String, variant String, seq UInt64
	) ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, ts, session)`}},
	// Counts without a raw row: hits filtered as automated, exposures dropped; summed by merges.
	{Version: 2, Name: "counters", SQL: []string{`CREATE TABLE IF NOT EXISTS counters (
		site_id String, day Date, name String, n Float64
	) ENGINE = SummingMergeTree(n) PARTITION BY toYYYYMM(day) ORDER BY (site_id, day, name)`}},
	// Rollups of pruned raw events (Prune keeps the dashboard's figures of days it deletes).
	{Version: 3, Name: "archive", SQL: []string{`CREATE TABLE IF NOT EXISTS archive (
		site_id String, day Date, kind String, k1 String, k2 String,
		visitors Float64, sessions Float64, pageviews Float64, entries Float64, bounces Float64, duration_ms Float64,
		conversions Float64, converted_sessions Float64, revenue Float64, scroll_sum Float64, scroll_count Float64,
		errors Float64, clicks Float64, micro Float64
	) ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, kind, day, k1, k2)`}},
	// Experiments' exposures and their visitors' outcomes (goal conversions, purchases), kept past
	// the raw events' retention as SQLite keeps its experiment aggregates: results never change.
	{Version: 4, Name: "experiment_events", SQL: []string{`CREATE TABLE IF NOT EXISTS experiment_events (
		site_id String, day Date, at UInt64, visitor String, experiment String, variant String, goal String, value Float64, seq UInt64
	) ENGINE = MergeTree PARTITION BY toYYYYMM(day) ORDER BY (site_id, visitor, at)`}},
	// Progress of copying a site's events from SQLite (cro-server events-copy): the last row
	// copied, so that an interrupted copy resumes after it.
	{Version: 5, Name: "copy_progress", SQL: []string{`CREATE TABLE IF NOT EXISTS copy_progress (
		site_id String, step String, last_ts String, last_id String, copied UInt64, at_ms UInt64, written DateTime DEFAULT now()
	) ENGINE = MergeTree ORDER BY (site_id, step)`}},
	// Materialized rollups (rollups.go): sessions, day and page figures, goals' first completions.
	sessionsRollup, dayFiguresRollup, pageFiguresRollup, goalFirstsRollup,
}, append(derivedSchema, rollupCounts, sessionsLast, sessionDims, exposureStrataStep, exposureOutcomesStep, cupedDaysStep,
	experimentDayCountsStep, funnelDaysStep, funnelTalliesStep, metricDaysStep)...), "")

// derivedSchema are narrow tables fed by materialized views on events (derived.go): written at
// insert by ClickHouse itself, so collectors need no state, and backfilled from the events already
// held when the step runs. Table names are written {T:name}: the table on one server, its
// _local table on each shard of a cluster (ClusterSchema).
var derivedSchema = []Migration{
	{Version: 10, Name: "funnel_support", SQL: []string{pathDaysTable, view("path_days", pathDaysSelect), backfill("path_days", pathDaysSelect), lateMarksTable, lateMarksView}},
	{Version: 11, Name: "page_events", SQL: []string{pageEventsTable, view("page_events", pageEventsSelect), backfill("page_events", pageEventsSelect)}},
	{Version: 12, Name: "session_pages", SQL: []string{sessionPagesTable, view("session_pages", sessionPagesSelect), backfill("session_pages", sessionPagesSelect)}},
	{Version: 13, Name: "experiment_visitors", SQL: []string{exposuresTable, view("exposures", exposuresSelect), backfill("exposures", exposuresSelect),
		visitorEventsTable, view("visitor_events", visitorEventsSelect), backfill("visitor_events", visitorEventsSelect)}},
	// Click maps' bins per UTC day (derived.go): the backfill's partition is dropped before it is
	// written, so the step can run again (after a stop halfway) without counting twice.
	{Version: 16, Name: "click_cells", SQL: []string{clickCellsTable, view("click_cells", clickCellsFrom("0")),
		"ALTER TABLE {T:click_cells} DROP PARTITION 1", backfill("click_cells", clickCellsFrom("1"))}},
}

// local names each {T:name} of the steps name+suffix.
func local(steps []Migration, suffix string) []Migration {
	out := make([]Migration, len(steps))
	for i, m := range steps {
		out[i] = Migration{Version: m.Version, Name: m.Name}
		for _, stmt := range m.SQL {
			out[i].SQL = append(out[i].SQL, tableRef.ReplaceAllString(stmt, "${1}"+suffix))
		}
	}
	return out
}

var tableRef = regexp.MustCompile(`\{T:([a-z_]+)\}`)

// ClusterSchema is Schema for a cluster of shards without replication: each table is created as
// <name>_local on every server, and <name> as a Distributed table over them, so that the store's
// SQL is the same. Events are sharded by session (a session stays whole on one shard, a site is
// spread over all), experiment_events by visitor, the rest by site. The rollups' views and
// backfills read and write each server's _local tables, so a session's rollup rows sit on its
// events' shard (sessions and goal_firsts are sharded by session for inserts through the
// Distributed table too). Migrate runs it on every server. Deletes (retention) are not
// supported through a Distributed table: run them on each shard's _local table.
func ClusterSchema(cluster, database string) []Migration {
	created := regexp.MustCompile(`^CREATE TABLE IF NOT EXISTS (\w+) \(`)
	var tables []string
	for _, m := range Schema {
		for _, stmt := range m.SQL {
			if t := created.FindStringSubmatch(stmt); t != nil {
				tables = append(tables, t[1])
			}
		}
	}
	toLocal := func(stmt string) string {
		for _, t := range tables {
			stmt = regexp.MustCompile(`\b(FROM|TO|INSERT INTO) `+t+`\b`).ReplaceAllString(stmt, "${1} "+t+"_local")
		}
		return stmt
	}
	var out []Migration
	for _, m := range Schema {
		if m.Version >= derivedSchema[0].Version {
			break
		}
		var stmts, dist []string
		for _, stmt := range m.SQL {
			t := created.FindStringSubmatch(stmt)
			if t == nil {
				stmts = append(stmts, toLocal(stmt))
				continue
			}
			name := t[1]
			key := "cityHash64(site_id)"
			switch name {
			case "events", "sessions":
				key = "cityHash64(session)"
			case "goal_firsts":
				key = "cityHash64(sess)"
			case "experiment_events":
				key = "cityHash64(visitor)"
			}
			stmts = append(stmts, strings.Replace(stmt, "CREATE TABLE IF NOT EXISTS "+name+" (", "CREATE TABLE IF NOT EXISTS "+name+"_local (", 1))
			dist = append(dist, "CREATE TABLE IF NOT EXISTS "+name+" AS "+name+"_local ENGINE = Distributed("+cluster+", "+database+", "+
				name+"_local, "+key+")")
		}
		out = append(out, Migration{Version: m.Version, Name: m.Name, SQL: append(stmts, dist...)})
	}
	// Derived tables: on each shard, fed by that shard's events_local; read through a Distributed
	// table (never written through it, so its key does not matter).
	for _, m := range local(append(derivedSchema[:len(derivedSchema):len(derivedSchema)], experimentDayCountsStep), "_local") {
		var stmts []string
		for _, stmt := range m.SQL {
			stmts = append(stmts, stmt)
			if name := createdTable.FindStringSubmatch(stmt); name != nil {
				base := strings.TrimSuffix(name[1], "_local")
				stmts = append(stmts, "CREATE TABLE IF NOT EXISTS "+base+" AS "+name[1]+" ENGINE = Distributed("+cluster+", "+database+", "+
					name[1]+", cityHash64(site_id))")
			}
		}
		out = append(out, Migration{Version: m.Version, Name: m.Name, SQL: stmts})
	}
	// Later steps on the first steps' tables: on each shard's _local tables, and an ALTER also on
	// the Distributed table over them (its columns are read through it).
	for _, m := range []Migration{rollupCounts, sessionsLast, sessionDims} {
		var stmts []string
		for _, stmt := range m.SQL {
			local := toLocal(stmt)
			if t := altered.FindStringSubmatch(stmt); t != nil {
				local = strings.Replace(stmt, "ALTER TABLE "+t[1]+" ", "ALTER TABLE "+t[1]+"_local ", 1)
				stmts = append(stmts, local, stmt)
				continue
			}
			stmts = append(stmts, local)
		}
		out = append(out, Migration{Version: m.Version, Name: m.Name, SQL: stmts})
	}
	return append(out, clusterTables(exposureStrataStep, cluster, database), clusterTables(exposureOutcomesStep, cluster, database),
		clusterTables(cupedDaysStep, cluster, database), clusterTables(funnelDaysStep, cluster, database),
		clusterTables(funnelTalliesStep, cluster, database), clusterTables(metricDaysStep, cluster, database))
}

var altered = regexp.MustCompile(`^ALTER TABLE (\w+) `)

var createdTable = regexp.MustCompile(`^CREATE TABLE IF NOT EXISTS ([a-z_]+) \(`)
