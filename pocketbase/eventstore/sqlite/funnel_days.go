package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Funnel days: the kept attempts of one funnel's entrants of one closed day of the site's calendar, stored once
// (funnel_days, encoded by funnel_days_codec.go). A day is closed when its entrants' windows are
// over and an hour more has passed: events that old arrive only late (replays, backfills), and
// the writer notes the oldest late event per site in funnel_late; the next funnel query of that
// site drops the days such an event may change and computes them again. So a query reads raw
// events only for the days still open (the last window's) and one row per closed day.
//
// A funnel's days are keyed by its definition (steps, window, order): an edited funnel starts
// new days; the old ones go with retention's next pass (funnel_days_prune.go).

// lateAfter is how old an event must be when written to count as late (both stores' rule).
const lateAfter = funneldays.LateAfter

// maxFunnelWindow bounds a funnel's window (the funnels collection allows up to 90 days): a late
// event undoes the days of that much before it.
const maxFunnelWindow = 90 * 24 * time.Hour

// closedFunnelPaths are the kept attempts of the entrants of the whole closed days in [from, to)
// (both day starts in the query's zone), computing and storing the days not stored yet. The
// decoded days are kept in the day cache (eventstore/funneldays): a warm query decodes nothing; and
// the range's days merged too (read-only, funneldays.Parts): a month of days' maps is not merged
// again on every query.
func (s *sqliteStore) closedFunnelPaths(q eventstore.FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error) {
	gen := s.dayCache.Generation(q.SiteID)
	days, err := s.funnelDays(q, from, to)
	if err != nil {
		return nil, err
	}
	whole := funneldays.CacheKey{Site: q.SiteID, Funnel: funneldays.Key(q), Day: funneldays.Label(from) + ".." + funneldays.Label(to)}
	if v, ok := s.dayCache.Get(whole); ok {
		return v.(map[string]funnelpath.Path), nil
	}
	paths := map[string]funnelpath.Path{}
	for _, day := range days {
		funnelpath.Merge(paths, day)
	}
	s.dayCache.Put(whole, paths, len(paths), gen)
	return paths, nil
}

// funnelDays are the decoded stored days of [from, to), from the day cache or the database.
func (s *sqliteStore) funnelDays(q eventstore.FunnelQuery, from, to time.Time) ([]map[string]funnelpath.Path, error) {
	key := funneldays.Key(q)
	unlock := funneldays.LockSite(q.SiteID)
	defer unlock()
	if err := s.dropLateFunnelDays(q.SiteID); err != nil {
		return nil, err
	}
	cacheKey := func(label string) funneldays.CacheKey {
		return funneldays.CacheKey{Site: q.SiteID, Funnel: key, Day: label}
	}
	var out []map[string]funnelpath.Path
	for d := from; d.Before(to); d = funneldays.NextDay(d) {
		v, ok := s.dayCache.Get(cacheKey(funneldays.Label(d)))
		if !ok {
			out = nil
			break
		}
		out = append(out, v.(map[string]funnelpath.Path))
	}
	if out != nil {
		return out, nil
	}
	gen := s.dayCache.Generation(q.SiteID) // under the site's lock: late marks are handled under it too
	blobs, err := s.funnelDayBlobs(q, key, from, to)
	if err != nil {
		return nil, err
	}
	for label, b := range blobs {
		day, err := decodeFunnelDay(b)
		if err != nil {
			return nil, err
		}
		s.dayCache.Put(cacheKey(label), day, len(day), gen)
		out = append(out, day)
	}
	return out, nil
}

// funnelDayBlobs reads the stored days of [from, to) after computing the missing ones, by day
// (the caller holds the site's funnel lock and handled its late mark).
func (s *sqliteStore) funnelDayBlobs(q eventstore.FunnelQuery, key string, from, to time.Time) (map[string][]byte, error) {
	stored := map[string][]byte{}
	rows, err := s.app.DB().NewQuery(`SELECT day, attempts FROM funnel_days WHERE site_id = {:site} AND funnel_key = {:key}
		AND day >= {:from} AND day < {:to}`).Bind(dbx.Params{"site": q.SiteID, "key": key, "from": funneldays.Label(from), "to": funneldays.Label(to)}).Rows()
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var day string
		var blob []byte
		if err := rows.Scan(&day, &blob); err != nil {
			rows.Close()
			return nil, err
		}
		stored[day] = blob
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	// Missing days are computed a run of consecutive days at a time: one raw read per run.
	for d := from; d.Before(to); {
		if _, ok := stored[funneldays.Label(d)]; ok {
			d = funneldays.NextDay(d)
			continue
		}
		end := funneldays.NextDay(d)
		for end.Before(to) {
			if _, ok := stored[funneldays.Label(end)]; ok {
				break
			}
			end = funneldays.NextDay(end)
		}
		computed, err := s.computeFunnelDays(q, key, d, end)
		if err != nil {
			return nil, err
		}
		for day, blob := range computed {
			stored[day] = blob
		}
		d = end
	}
	return stored, nil
}

// computeFunnelDays works out and stores the days of [from, to) from raw events, and answers them by day.
func (s *sqliteStore) computeFunnelDays(q eventstore.FunnelQuery, key string, from, to time.Time) (map[string][]byte, error) {
	byVisitor, err := s.funnelEventsBetween(q, from, to.Add(q.Window).Add(time.Millisecond))
	if err != nil {
		return nil, err
	}
	days := funneldays.Attempts(q, byVisitor, from, to)
	var entrySessions []string
	for _, paths := range days {
		for _, p := range paths {
			entrySessions = append(entrySessions, p.Sessions[0])
		}
	}
	dims, err := s.sessionDims(q.SiteID, entrySessions)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	err = s.app.RunInTransaction(func(tx core.App) error {
		for day, paths := range days {
			for v, p := range paths {
				p.Dims = dims[p.Sessions[0]]
				if p.Dims == nil {
					p.Dims = make([]string, len(funnelpath.Breakdowns))
				}
				paths[v] = p
			}
			blob := encodeFunnelDay(paths)
			out[day] = blob
			if _, err := tx.DB().NewQuery(`INSERT OR REPLACE INTO funnel_days (site_id, funnel_key, day, attempts)
				VALUES ({:site}, {:key}, {:day}, {:blob})`).Bind(dbx.Params{"site": q.SiteID, "key": key, "day": day, "blob": blob}).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// dropLateFunnelDays undoes the stored days a late event of the site may have changed: those of
// the longest window before it, and a day more either way since labels are dates of the sites'
// zones. The event days in memory go first: a query reading them after the mark is gone must not
// see old ones.
func (s *sqliteStore) dropLateFunnelDays(site string) error {
	return s.dropLateDays(site, "funnel_late", "funnel_days", maxFunnelWindow+48*time.Hour, func() { s.dayCache.Drop(site) })
}

// parseDBTime reads an event time as the store writes it (dbTime): by hand for that exact layout,
// since a funnel query parses one per step event read, and with time.Parse otherwise.
func parseDBTime(s string) (time.Time, error) {
	if len(s) == 24 && s[4] == '-' && s[7] == '-' && s[10] == ' ' && s[13] == ':' && s[16] == ':' && s[19] == '.' && s[23] == 'Z' {
		n := func(i, j int) int {
			v := 0
			for ; i < j; i++ {
				c := s[i] - '0'
				if c > 9 {
					return -1
				}
				v = v*10 + int(c)
			}
			return v
		}
		y, mo, d, h, mi, sec, ms := n(0, 4), n(5, 7), n(8, 10), n(11, 13), n(14, 16), n(17, 19), n(20, 23)
		if y >= 0 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h >= 0 && h < 24 && mi >= 0 && mi < 60 && sec >= 0 && sec < 60 && ms >= 0 {
			return time.Date(y, time.Month(mo), d, h, mi, sec, ms*int(time.Millisecond), time.UTC), nil
		}
	}
	return time.Parse(dbTimeLayout, s)
}
