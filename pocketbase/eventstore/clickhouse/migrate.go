package clickhouse

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Migration is one versioned schema step; versions only grow and a released step never changes.
type Migration struct {
	Version int
	Name    string
	SQL     []string
}

// Migrate creates the database when missing and applies the steps not yet recorded in
// schema_migrations, in version order (one writer at a time is assumed: the server at start).
func (c *Client) Migrate(steps []Migration) error {
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
			if err := c.Exec(stmt); err != nil {
				return fmt.Errorf("clickhouse migration %d %s: %w", m.Version, m.Name, err)
			}
		}
		if err := c.Exec("INSERT INTO schema_migrations (version, name) VALUES (" + strconv.Itoa(m.Version) + ", " + Quote(m.Name) + ")"); err != nil {
			return err
		}
	}
	return nil
}

// Schema is the event store's schema. seq is a row's place in the order of writing (the
// integrations' feed reads by it: late batches carry old times). Raw events are the source of truth: every figure is
// an aggregate over them or over their materialized rollups (rollups.go), so a row is all its queries need (the session's device, browser and
// country are on each event). Tables are partitioned by month of the site's local day and ordered
// by site and time, so a site's range is one contiguous read and retention drops whole months.
var Schema = []Migration{
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
}

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
	local := func(stmt string) string {
		for _, t := range tables {
			stmt = regexp.MustCompile(`\b(FROM|TO|INSERT INTO) `+t+`\b`).ReplaceAllString(stmt, "${1} "+t+"_local")
		}
		return stmt
	}
	var out []Migration
	for _, m := range Schema {
		var stmts, dist []string
		for _, stmt := range m.SQL {
			t := created.FindStringSubmatch(stmt)
			if t == nil {
				stmts = append(stmts, local(stmt))
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
	return out
}
