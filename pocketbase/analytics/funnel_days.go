package analytics

import (
	"cro/pocketbase/eventstore/funnelpath"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
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
// new days, and the old ones go with retention.

// lateAfter is how old an event must be when written to count as late.
const lateAfter = time.Hour

// maxFunnelWindow bounds a funnel's window (the funnels collection allows up to 90 days): a late
// event undoes the days of that much before it.
const maxFunnelWindow = 90 * 24 * time.Hour

// closedBefore is the start of the first day (of the zone's calendar) whose entrants may still
// reach a step: a day is closed when its end is a window and lateAfter ago.
func closedBefore(now time.Time, window time.Duration, zone *time.Location) time.Time {
	return floorDay(now.Add(-window-lateAfter), zone)
}

// floorDay is the start of t's day in the zone (nil: UTC); nextDay the start of the day after.
func floorDay(t time.Time, zone *time.Location) time.Time {
	if zone == nil {
		zone = time.UTC
	}
	y, m, d := t.In(zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, zone)
}

func nextDay(day time.Time) time.Time {
	y, m, d := day.Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, day.Location())
}

func ceilDay(t time.Time, zone *time.Location) time.Time {
	if d := floorDay(t, zone); d.Equal(t) {
		return d
	} else {
		return nextDay(d)
	}
}

// dayLabel names a day start by its own calendar date.
func dayLabel(day time.Time) string { return day.Format(time.DateOnly) }

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// funnelStepRows names which rows a goal step reads; a change makes every funnel's key new, so
// days stored by an older binary are computed again (2: micro goals' completions count too).
const funnelStepRows = 2

// funnelKey names a funnel's definition: what its attempts depend on.
func funnelKey(q FunnelQuery) string {
	zone := "UTC"
	if q.Zone != nil {
		zone = q.Zone.String()
	}
	raw, _ := json.Marshal(struct {
		Steps  []FunnelStep
		Window time.Duration
		Order  FunnelOrder
		Zone   string
		Rows   int
	}{q.Steps, q.Window, q.Order, zone, funnelStepRows})
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:16])
}

// funnelSiteLocks serializes the funnel days work of one site: dropping what a late event undid
// and storing new days must not interleave, or a day computed before the drop could be stored after it.
var funnelSiteLocks sync.Map

func lockFunnelSite(site string) func() {
	m, _ := funnelSiteLocks.LoadOrStore(site, &sync.Mutex{})
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

// closedFunnelPaths are the kept attempts of the entrants of the whole closed days in [from, to)
// (both day starts in the query's zone), computing and storing the days not stored yet. The
// decoded days are kept in the day cache (funnel_day_cache.go): a warm query decodes nothing.
func (s *sqliteStore) closedFunnelPaths(q FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error) {
	days, err := s.funnelDays(q, from, to)
	if err != nil {
		return nil, err
	}
	paths := map[string]funnelpath.Path{}
	for _, day := range days {
		funnelpath.Merge(paths, day)
	}
	return paths, nil
}

// funnelDays are the decoded stored days of [from, to), from the day cache or the database.
func (s *sqliteStore) funnelDays(q FunnelQuery, from, to time.Time) ([]map[string]funnelpath.Path, error) {
	key := funnelKey(q)
	unlock := lockFunnelSite(q.SiteID)
	defer unlock()
	if err := s.dropLateFunnelDays(q.SiteID); err != nil {
		return nil, err
	}
	cacheKey := func(label string) funnelDayCacheKey {
		return funnelDayCacheKey{site: q.SiteID, funnel: key, day: label}
	}
	var out []map[string]funnelpath.Path
	for d := from; d.Before(to); d = nextDay(d) {
		v, ok := s.dayCache.get(cacheKey(dayLabel(d)))
		if !ok {
			out = nil
			break
		}
		out = append(out, v.(map[string]funnelpath.Path))
	}
	if out != nil {
		return out, nil
	}
	gen := s.dayCache.generation(q.SiteID) // under the site's lock: late marks are handled under it too
	blobs, err := s.funnelDayBlobs(q, key, from, to)
	if err != nil {
		return nil, err
	}
	for label, b := range blobs {
		day, err := decodeFunnelDay(b)
		if err != nil {
			return nil, err
		}
		s.dayCache.put(cacheKey(label), day, len(day), gen)
		out = append(out, day)
	}
	return out, nil
}

// funnelDayBlobs reads the stored days of [from, to) after computing the missing ones, by day
// (the caller holds the site's funnel lock and handled its late mark).
func (s *sqliteStore) funnelDayBlobs(q FunnelQuery, key string, from, to time.Time) (map[string][]byte, error) {
	stored := map[string][]byte{}
	rows, err := s.app.DB().NewQuery(`SELECT day, attempts FROM funnel_days WHERE site_id = {:site} AND funnel_key = {:key}
		AND day >= {:from} AND day < {:to}`).Bind(dbx.Params{"site": q.SiteID, "key": key, "from": dayLabel(from), "to": dayLabel(to)}).Rows()
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
		if _, ok := stored[dayLabel(d)]; ok {
			d = nextDay(d)
			continue
		}
		end := nextDay(d)
		for end.Before(to) {
			if _, ok := stored[dayLabel(end)]; ok {
				break
			}
			end = nextDay(end)
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
func (s *sqliteStore) computeFunnelDays(q FunnelQuery, key string, from, to time.Time) (map[string][]byte, error) {
	byVisitor, err := s.funnelEventsBetween(q, from, to.Add(q.Window).Add(time.Millisecond))
	if err != nil {
		return nil, err
	}
	days := funnelDayAttempts(q, byVisitor, from, to)
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
	return s.dropLateDays(site, "funnel_late", "funnel_days", maxFunnelWindow+48*time.Hour, func() { s.dayCache.drop(site) })
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

// splitFunnelPaths is each entrant's kept attempt, by visitor, for either store: whole closed days
// from the store's day cache (closed), the range's partial first day and the days still open from
// events (open).
func splitFunnelPaths(q FunnelQuery, now time.Time, open, closed func(q FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error)) (map[string]funnelpath.Path, error) {
	firstDay := ceilDay(q.From, q.Zone)
	closedEnd := minTime(floorDay(q.To, q.Zone), closedBefore(now, q.Window, q.Zone))
	if !closedEnd.After(firstDay) {
		return open(q, q.From, q.To)
	}
	paths, err := open(q, q.From, firstDay)
	if err != nil {
		return nil, err
	}
	kept, err := closed(q, firstDay, closedEnd)
	if err != nil {
		return nil, err
	}
	funnelpath.Merge(paths, kept)
	late, err := open(q, closedEnd, q.To)
	if err != nil {
		return nil, err
	}
	funnelpath.Merge(paths, late)
	return paths, nil
}

// funnelDayAttempts is each day of [from, to)'s kept attempts, by day label and visitor: a visitor
// enters on each day it hits the first step, with its best attempt from that day's first entry.
func funnelDayAttempts(q FunnelQuery, byVisitor map[string][]funnelpath.Event, from, to time.Time) map[string]map[string]funnelpath.Path {
	days := map[string]map[string]funnelpath.Path{}
	for d := from; d.Before(to); d = nextDay(d) {
		days[dayLabel(d)] = map[string]funnelpath.Path{}
	}
	for v, evs := range byVisitor {
		entered := map[string]bool{}
		for _, e := range evs {
			if e.Steps&1 == 0 || e.At.Before(from) || !e.At.Before(to) {
				continue
			}
			day := floorDay(e.At, from.Location())
			if label := dayLabel(day); !entered[label] {
				entered[label] = true
				if p, ok := funnelpath.Best(evs, len(q.Steps), q.Order, q.Window, day, nextDay(day)); ok {
					days[label][v] = p
				}
			}
		}
	}
	return days
}
