package clickhouse

import (
	"errors"
	"time"

	"cro/pocketbase/eventstore"
)

// Retention on ClickHouse: raw events of whole local days before the cutoff's day (less a day, for
// the sites' zones), and the same days of their rollups, are deleted after their days' figures
// are added to the archive, so Totals and Daily keep them as SQLite's rollups do. Pages and dimensions of pruned days are not archived yet.

func (s *chStore) Prune(before time.Time) error {
	rows, err := s.query(`SELECT DISTINCT site_id FROM events WHERE day < toDate({:cut})`, map[string]any{"cut": chCutDay(before)})
	if err != nil {
		return err
	}
	var errs []error
	for _, r := range rows {
		if err := s.PruneSite(r.Str("site_id"), before); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// chCutDay is the first local day kept: the cutoff's UTC day less one (zones reach a day either way).
func chCutDay(before time.Time) string { return before.UTC().AddDate(0, 0, -1).Format("2006-01-02") }

func (s *chStore) PruneSite(siteID string, before time.Time) error {
	cut := chCutDay(before)
	p := map[string]any{"site": siteID, "cut": cut}
	rows, err := s.query(`SELECT toString(min(day)) AS first, count() AS n,
		(SELECT toString(max(day)) FROM archive WHERE site_id = {:site} AND kind = 'day') AS archived
		FROM events WHERE site_id = {:site} AND day < toDate({:cut})`, p)
	if err != nil || len(rows) == 0 || rows[0].Int("n") == 0 {
		return err
	}
	first, archived := rows[0].Str("first"), rows[0].Str("archived")
	if archived >= first {
		// A retry after a failed delete: days up to the archived one are in the archive already.
		first = dayAfter(archived)
	}
	last := dayBefore(cut)
	if first <= last {
		byDay, err := s.days(siteID, eventstore.DayRange{From: first, To: last})
		if err != nil {
			return err
		}
		var arch []any
		for day, t := range byDay {
			if day < first {
				continue // the archive's own rows of earlier prunes are not archived twice
			}
			arch = append(arch, map[string]any{"site_id": siteID, "day": day, "kind": "day", "k1": "", "k2": "",
				"visitors": t.Visitors, "sessions": t.Sessions, "pageviews": t.Pageviews, "bounces": t.Bounces,
				"duration_ms": t.DurationMs, "conversions": t.Conversions, "converted_sessions": t.ConvertedSessions,
				"revenue": t.Revenue, "scroll_sum": t.ScrollSum, "scroll_count": t.ScrollCount, "errors": t.Errors,
				"clicks": t.Clicks, "micro": t.Micro})
		}
		if err := s.db.Insert("archive", arch); err != nil {
			return err
		}
	}
	// The rollups are keyed by their events' day: the same days go from each (deleteEvents waits
	// for every mutation of the database, these included).
	for _, table := range chRollupTables() {
		if err := s.db.Delete(table, "site_id = "+Quote(siteID)+" AND day < toDate("+Quote(cut)+")"); err != nil {
			return err
		}
	}
	// The funnels' days of pruned events go with them, in memory and stored.
	s.dayCache.Drop(siteID)
	for table, day := range map[string]string{"funnel_days": "d", "funnel_tallies": "closed_from"} {
		if err := s.db.Delete(table, "site_id = "+Quote(siteID)+" AND "+day+" < toDate("+Quote(cut)+")"); err != nil {
			return err
		}
	}
	return deleteEvents(s.db, siteID, "site_id = "+Quote(siteID)+" AND day < toDate("+Quote(cut)+")", true)
}

// chRollupTables are the rollups fed by events and the settled figures: retention deletes the
// same days from them as from events.
func chRollupTables() []string {
	out := []string{}
	for _, r := range Rollups {
		out = append(out, r.Table)
	}
	return append(out, "settled")
}

func dayAfter(day string) string  { return shiftDay(day, 1) }
func dayBefore(day string) string { return shiftDay(day, -1) }

func shiftDay(day string, n int) string {
	d, err := time.Parse("2006-01-02", day)
	if err != nil {
		return day
	}
	return d.AddDate(0, 0, n).Format("2006-01-02")
}

// rebuildRollups makes a site's rollups again from its events, after events were deleted other
// than by whole days (events-copy's resume drops an unrecorded chunk): its rollup and settled rows
// go, then each rollup's SELECT refills it. No other writer may insert the site's events meanwhile.
func rebuildRollups(db *Client, siteID string) error {
	if err := waitMutations(db); err != nil {
		return err
	}
	for _, table := range chRollupTables() {
		if err := db.Delete(table, "site_id = "+Quote(siteID)); err != nil {
			return err
		}
	}
	if err := waitMutations(db); err != nil {
		return err
	}
	for _, r := range Rollups {
		if err := db.Exec("INSERT INTO " + r.Table + " " + r.SiteSelect(Quote(siteID))); err != nil {
			return err
		}
	}
	return nil
}
