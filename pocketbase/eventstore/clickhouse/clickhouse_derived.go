package clickhouse

import (
	"errors"
	"time"
)

// Deleting events on ClickHouse deletes what the materialized views derived from them
// (clickhouse/derived.go): the row tables with the same condition, the grouped ones by whole days
// (retention) or refilled from the site's remaining events (events-copy's undo of a chunk).

// deleteEvents deletes a site's events matching cond (on site_id, day and at) and their derived
// rows. byDay: cond is on whole days (retention), so the grouped tables take it too; otherwise the
// site's grouped rows are filled again from its events once the deletes are done.
func deleteEvents(db *Client, site, cond string, byDay bool) error {
	tables := append([]string{"events"}, RowTables...)
	if byDay {
		tables = append(tables, GroupedTables...)
	} else {
		for _, t := range GroupedTables {
			if err := db.Exec("ALTER TABLE " + t + " DELETE WHERE site_id = " + Quote(site)); err != nil {
				return err
			}
		}
	}
	for _, t := range tables {
		if err := db.Exec("ALTER TABLE " + t + " DELETE WHERE " + cond); err != nil {
			return err
		}
	}
	if err := waitMutations(db); err != nil {
		return err
	}
	if !byDay {
		for _, t := range GroupedTables {
			if err := db.Exec(RefillSQL(t, Quote(site))); err != nil {
				return err
			}
		}
	}
	return nil
}

// waitMutations waits until the database's deletes are done (18.16 has no mutations_sync).
func waitMutations(db *Client) error {
	for i := 0; i < 600; i++ {
		q, _ := Bind(`SELECT count() AS n FROM system.mutations WHERE database = {:db} AND is_done = 0`, map[string]any{"db": db.Database})
		r, err := db.QueryOne(q)
		if err != nil {
			return err
		}
		if r.Int("n") == 0 {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("clickhouse: deleting old events did not finish within 30 s")
}
