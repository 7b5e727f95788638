package clickhouse

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/zones"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// Copying a site's events from SQLite to ClickHouse (cro-server events-copy): raw events in
// (ts, id) order, chunk by chunk, each chunk's end recorded in copy_progress once its insert is
// confirmed, so that an interrupted copy resumes after the last recorded chunk (rows of a chunk
// inserted but not recorded are deleted first). Then the experiment exposures, the counters and
// the rollups of days SQLite no longer holds raw. At the end the row counts of both stores must
// agree, and the copied closed days are settled (clickhouse_settled.go). The site's events should
// not be sent to ClickHouse by collectors while it runs.

// CopyResult is what a copy did.
type CopyResult struct {
	Events, Exposures int
	SQLiteEvents      int
	ClickHouseEvents  int
	Resumed           bool
}

type sqliteEventRow struct {
	ID       string  `db:"id"`
	Visitor  string  `db:"visitor"`
	Session  string  `db:"session"`
	Type     string  `db:"type"`
	Name     string  `db:"name"`
	Path     string  `db:"path"`
	URL      string  `db:"url"`
	Referrer string  `db:"referrer"`
	Props    string  `db:"props"`
	Value    float64 `db:"value"`
	X        float64 `db:"x"`
	Y        float64 `db:"y"`
	Selector string  `db:"selector"`
	Device   string  `db:"device_type"`
	Browser  string  `db:"browser"`
	Country  string  `db:"country"`
	TS       string  `db:"ts"`
	Rule     string  `db:"rule"`
	Goal     string  `db:"goal"`
	Client   string  `db:"client"`
	OffsetX  float64 `db:"offset_x"`
	OffsetY  float64 `db:"offset_y"`
	Viewport string  `db:"viewport"`
}

// An event's device, browser and country are its session's on SQLite (events stored before
// that kept their own).
// The cursor's time ({:ts}) is in events.ts's ms; rows give theirs as ISO text (dbTime), as the
// progress records it.
var copyChunkSQL = `SELECT e.id AS id, e.visitor AS visitor, e.session AS session, e.type AS type, COALESCE(e.name, '') AS name,
	COALESCE(e.path, '') AS path, COALESCE(e.url, '') AS url, COALESCE(e.referrer, '') AS referrer, COALESCE(e.props, '') AS props,
	COALESCE(e.value, 0) AS value, COALESCE(e.x, 0) AS x, COALESCE(e.y, 0) AS y, COALESCE(e.selector, '') AS selector,
	COALESCE(NULLIF(e.device_type, ''), s.device_type, '') AS device_type, COALESCE(NULLIF(e.browser, ''), s.browser, '') AS browser,
	COALESCE(NULLIF(e.country, ''), s.country, '') AS country, ` + eventrow.IsoOfSQL("e.ts") + ` AS ts, COALESCE(e.rule, '') AS rule, COALESCE(e.goal, '') AS goal,
	COALESCE(e.client, '') AS client, COALESCE(e.offset_x, 0) AS offset_x, COALESCE(e.offset_y, 0) AS offset_y,
	COALESCE(e.viewport, '') AS viewport
	FROM events e LEFT JOIN sessions s ON s.site_id = e.site_id AND s.session_key = e.session
	WHERE e.site_id = {:site} AND (e.ts > {:ts} OR (e.ts = {:ts} AND e.id > {:id})) ORDER BY e.ts, e.id LIMIT {:n}`

// copyCursorMs is the progress's last time in events.ts's ms; before any, earlier than every event.
func copyCursorMs(ts string) int64 {
	if ts == "" {
		return math.MinInt64
	}
	return copyTime(ts).UnixMilli()
}

func copyTime(s string) time.Time {
	for _, layout := range []string{"2006-01-02 15:04:05.000Z", "2006-01-02 15:04:05Z", time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

// chRowOf is a SQLite event row as the ClickHouse store writes it (clickhouse_rows.go).
func chRowOf(siteID string, zone *time.Location, e sqliteEventRow) chRow {
	t := copyTime(e.TS)
	r := chRow{SiteID: siteID, Day: zones.LocalDay(t, zone), TS: t.Unix(), At: t.UnixMilli(), Visitor: e.Visitor, Session: e.Session,
		Type: e.Type, Name: e.Name, Path: e.Path, URL: e.URL, Referrer: e.Referrer, Props: e.Props, Value: e.Value, X: e.X, Y: e.Y,
		Selector: e.Selector, Device: e.Device, Browser: e.Browser, Country: e.Country, Rule: e.Rule, Goal: e.Goal, Client: e.Client,
		OffsetX: e.OffsetX, OffsetY: e.OffsetY, Viewport: e.Viewport, Seq: nextSeq()}
	if e.Type == "leave" && e.X > 0 {
		r.Scrolled = 1 // SQLite keeps no flag: a leave measured at 0% is not told from one without a measure
	}
	if e.Type == "pageview" && e.Props != "" {
		var utm struct {
			S string `json:"utm_source"`
			M string `json:"utm_medium"`
			C string `json:"utm_campaign"`
		}
		if json.Unmarshal([]byte(e.Props), &utm) == nil {
			r.UtmSource, r.UtmMedium, r.UtmCampaign = utm.S, utm.M, utm.C
		}
	}
	return r
}

// CopySiteEvents copies one site's events from the app's SQLite to the ClickHouse store at url.
// progress is told the events copied so far after each chunk; an error from it stops the copy.
func CopySiteEvents(app core.App, siteID, url string, chunk int, progress func(copied int) error) (CopyResult, error) {
	var res CopyResult
	site, err := app.FindRecordById("sites", siteID)
	if err != nil {
		return res, fmt.Errorf("site %q not found", siteID)
	}
	zone := zones.OfSite(site)
	db, err := Open(url)
	if err != nil {
		return res, err
	}
	if err := db.MigrateStore(); err != nil {
		return res, err
	}
	ch := func(sql string, p map[string]any) (Row, error) {
		q, err := Bind(sql, p)
		if err != nil {
			return nil, err
		}
		return db.QueryOne(q)
	}
	p := map[string]any{"site": siteID}
	last, err := ch(`SELECT argMax(last_ts, copied) AS p_ts, argMax(last_id, copied) AS p_id, max(copied) AS p_copied,
		argMax(at_ms, copied) AS p_at FROM copy_progress WHERE site_id = {:site} AND step = 'events'`, p)
	if err != nil {
		return res, err
	}
	ts, id, copied := last.Str("p_ts"), last.Str("p_id"), last.Int("p_copied")
	res.Resumed = copied > 0
	// Rows of a chunk inserted but never recorded (the copy stopped in between) go first.
	have, err := ch(`SELECT count() AS n FROM events WHERE site_id = {:site}`, p)
	if err != nil {
		return res, err
	}
	if have.Int("n") > copied {
		cond := "site_id = " + Quote(siteID) + " AND at > " + fmt.Sprint(int64(last.Num("p_at")))
		if copied == 0 {
			cond = "site_id = " + Quote(siteID)
		}
		if err := deleteEvents(db, siteID, cond, false); err != nil {
			return res, err
		}
		if err := rebuildRollups(db, siteID); err != nil {
			return res, err
		}
	}
	for {
		var rows []sqliteEventRow
		if err := app.DB().NewQuery(copyChunkSQL).Bind(dbx.Params{"site": siteID, "ts": copyCursorMs(ts), "id": id, "n": chunk}).All(&rows); err != nil {
			return res, err
		}
		if len(rows) == 0 {
			break
		}
		out := make([]any, len(rows))
		var outcomes []any
		for i, e := range rows {
			r := chRowOf(siteID, zone, e)
			out[i] = r
			switch {
			case e.Type == "conversion" && e.Goal != "":
				outcomes = append(outcomes, chOutcome{SiteID: siteID, Day: r.Day, At: r.At, Visitor: r.Visitor, Goal: e.Goal})
			case e.Type == "custom" && e.Value > 0:
				outcomes = append(outcomes, chOutcome{SiteID: siteID, Day: r.Day, At: r.At, Visitor: r.Visitor, Goal: eventrow.RevenueGoal, Value: e.Value})
			}
		}
		if err := db.Insert("events", out); err != nil {
			return res, err
		}
		if err := db.Insert("experiment_events", outcomes); err != nil {
			return res, err
		}
		lastRow := rows[len(rows)-1]
		ts, id, copied = lastRow.TS, lastRow.ID, copied+len(rows)
		res.Events += len(rows)
		if err := db.Insert("copy_progress", []any{map[string]any{"site_id": siteID, "step": "events", "last_ts": ts, "last_id": id,
			"copied": copied, "at_ms": copyTime(ts).UnixMilli()}}); err != nil {
			return res, err
		}
		if progress != nil {
			if err := progress(copied); err != nil {
				return res, err
			}
		}
	}
	if err := copyOnce(db, app, siteID, zone, &res); err != nil {
		return res, err
	}
	var n int
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM events WHERE site_id = {:site}`).Bind(dbx.Params{"site": siteID}).Row(&n); err != nil {
		return res, err
	}
	got, err := ch(`SELECT count() AS n FROM events WHERE site_id = {:site}`, p)
	if err != nil {
		return res, err
	}
	res.SQLiteEvents, res.ClickHouseEvents = n, got.Int("n")
	if res.SQLiteEvents != res.ClickHouseEvents {
		return res, fmt.Errorf("counts differ: SQLite holds %d events of site %s, ClickHouse %d", n, siteID, res.ClickHouseEvents)
	}
	// The copied closed days are settled now, as analytics-seed settles what it wrote, so that the
	// first dashboard read does not compute them (the server's pass would only in up to 5 minutes).
	s := newCHStore(db)
	from, lastDay := s.settleWindow()
	if err := s.settleSite(siteID, from, lastDay); err != nil {
		return res, fmt.Errorf("events copied, settling their days: %w (run the copy again to settle)", err)
	}
	return res, nil
}

// copyOnce copies, once per site (its own copy_progress step), the exposures, the counters and
// the rollups of days whose raw events SQLite no longer holds.
func copyOnce(db *Client, app core.App, siteID string, zone *time.Location, res *CopyResult) error {
	q, _ := Bind(`SELECT count() AS n FROM copy_progress WHERE site_id = {:site} AND step = 'aggregates'`, map[string]any{"site": siteID})
	done, err := db.QueryOne(q)
	if err != nil || done.Int("n") > 0 {
		return err
	}
	var exposures []struct {
		Experiment string `db:"experiment"`
		Variant    string `db:"variant"`
		Visitor    string `db:"visitor"`
		TS         string `db:"ts"`
	}
	if err := app.DB().NewQuery(`SELECT experiment, variant, visitor, ts FROM experiment_exposures WHERE site_id = {:site}`).
		Bind(dbx.Params{"site": siteID}).All(&exposures); err != nil {
		return err
	}
	var rows []any
	for _, x := range exposures {
		t := copyTime(x.TS)
		rows = append(rows, chOutcome{SiteID: siteID, Day: zones.LocalDay(t, zone), At: t.UnixMilli(), Visitor: x.Visitor, Experiment: x.Experiment, Variant: x.Variant, Seq: nextSeq()})
	}
	var days []struct {
		Day string `db:"day"`
		Raw int    `db:"raw"`
		eventstore.Totals
	}
	if err := app.DB().NewQuery(`SELECT day, bot_hits, dropped_exposures, visitors, sessions, pageviews, bounces, duration_ms,
		conversions, converted_sessions, revenue, scroll_sum, scroll_count, errors, clicks, micro_conversions,
		EXISTS (SELECT 1 FROM events e WHERE e.site_id = d.site_id AND e.ts >= ` + eventrow.MsOfSQL("d.day") + `
		AND e.ts < ` + eventrow.MsOfSQL("date(d.day, '+1 day')") + `) AS raw
		FROM analytics_daily d WHERE site_id = {:site}`).Bind(dbx.Params{"site": siteID}).All(&days); err != nil {
		return err
	}
	var counters, archive []any
	for _, d := range days {
		for name, n := range map[string]float64{"bot_hits": d.AutomatedHits, "dropped_exposures": d.DroppedExposures} {
			if n > 0 {
				counters = append(counters, map[string]any{"site_id": siteID, "day": d.Day, "name": name, "n": n})
			}
		}
		if d.Raw == 0 && d.Sessions+d.Pageviews > 0 {
			// A day pruned from raw events: its rollup goes to the archive, as ClickHouse's own Prune does.
			t := d.Totals
			archive = append(archive, map[string]any{"site_id": siteID, "day": d.Day, "kind": "day", "k1": "", "k2": "",
				"visitors": t.Visitors, "sessions": t.Sessions, "pageviews": t.Pageviews, "bounces": t.Bounces,
				"duration_ms": t.DurationMs, "conversions": t.Conversions, "converted_sessions": t.ConvertedSessions,
				"revenue": t.Revenue, "scroll_sum": t.ScrollSum, "scroll_count": t.ScrollCount, "errors": t.Errors,
				"clicks": t.Clicks, "micro": t.Micro})
		}
	}
	if err := db.Insert("archive", archive); err != nil {
		return err
	}
	if err := db.Insert("experiment_events", rows); err != nil {
		return err
	}
	if err := db.Insert("counters", counters); err != nil {
		return err
	}
	res.Exposures = len(rows)
	return db.Insert("copy_progress", []any{map[string]any{"site_id": siteID, "step": "aggregates", "last_ts": "", "last_id": "", "copied": len(rows), "at_ms": 0}})
}

// CopyCommand is `cro-server events-copy --site=ID --to=URL`.
func CopyCommand(app core.App) *cobra.Command {
	var siteID, to string
	var chunk int
	cmd := &cobra.Command{
		Use:   "events-copy",
		Short: "Copy a site's events from SQLite to the ClickHouse event store (resumable; counts checked)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if siteID == "" || to == "" {
				return errors.New("events-copy needs --site and --to (http://host:8123/?database=cro)")
			}
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			start := time.Now()
			res, err := CopySiteEvents(app, siteID, to, chunk, func(n int) error {
				fmt.Printf("events-copy: %d events copied\n", n)
				return nil
			})
			if err != nil {
				return err
			}
			fmt.Printf("events-copy: site %s: %d events copied (resumed: %v), %d exposures; SQLite %d = ClickHouse %d events, in %s\n",
				siteID, res.Events, res.Resumed, res.Exposures, res.SQLiteEvents, res.ClickHouseEvents, time.Since(start).Round(time.Millisecond))
			return nil
		},
	}
	cmd.Flags().StringVar(&siteID, "site", "", "the site's id")
	cmd.Flags().StringVar(&to, "to", "", "the ClickHouse event store, http://host:8123/?database=cro")
	cmd.Flags().IntVar(&chunk, "chunk", 20000, "events per insert")
	return cmd
}
