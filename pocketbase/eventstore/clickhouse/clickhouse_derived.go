package clickhouse

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
			if err := db.Delete(t, "site_id = "+Quote(site)); err != nil {
				return err
			}
		}
	}
	for _, t := range tables {
		if err := db.Delete(t, cond); err != nil {
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
