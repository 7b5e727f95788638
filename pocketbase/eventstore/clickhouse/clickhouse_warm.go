package clickhouse

import (
	"errors"
	"sort"
	"time"

	"cro/pocketbase/eventstore"
)

// Warming a server's memory. The figures of settled days (clickhouse_settled.go) and a click map's
// closed days (clickhouse_click_days.go) are kept in the process: a server that has just started
// would make its first reader of each site read them all (a 90-day Analytics read its settled
// dimensions; a click map worked out its closed days' rage and dead clicks: 0.3 to 1.5 s at 5M
// events). So the main server reads them in the background (priority 10, after each settle pass):
// for the sites with the most events over the last chWarmActiveDays, the days and kinds the routes
// read, through the same functions and under the same keys, so a route finds them kept. What a
// route reads depends on its events' basis as ever: a late event changes the basis (settled days)
// or drops the site's days (late marks, click days), and the next read computes them again.
const (
	chWarmActiveDays = 30 // a site with events in these days is warmed, the busiest first
	// chWarmDays: Analytics' longest range (90 days) compares its totals with the 90 before; its
	// pages and dimensions read the 90 days only (the Overview reads totals of the last 30).
	chWarmDays      = 90
	chWarmClickDays = 30 // a click map's default range (heatmaps.query)
	// chWarmClickPages: per site, the click maps of the pages with the most clicks over
	// chWarmClickDays are warmed, for each device class that has clicks on them.
	chWarmClickPages = 5
)

// warmMemory warms the busiest sites' kept days until the memory is half full (memoPut empties a
// memory that would overflow: warming never pushes out what routes put there).
func (s *chStore) warmMemory() error {
	db := s.background()
	rows, err := queryOn(db, `SELECT site_id, sum(n) AS n FROM day_figures WHERE day >= toDate({:from})
		GROUP BY site_id ORDER BY n DESC`, map[string]any{"from": time.Now().UTC().AddDate(0, 0, -chWarmActiveDays).Format(time.DateOnly)})
	if err != nil {
		return err
	}
	var first error
	for _, r := range rows {
		s.memoMu.Lock()
		full := s.memoItems > chMemoItems/2
		s.memoMu.Unlock()
		if full {
			break
		}
		if err := s.warmSite(db, r.Str("site_id")); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// warmSite reads a site's session-level figures of each kind over the days Overview and Analytics
// read, and its busiest pages' click map closed days.
func (s *chStore) warmSite(db *Client, siteID string) error {
	// Site days are local: a zone ahead of UTC is on tomorrow already.
	now := time.Now().UTC()
	to := now.AddDate(0, 0, 1).Format(time.DateOnly)
	span := func(days int) eventstore.DayRange {
		return eventstore.DayRange{From: now.AddDate(0, 0, 1-days).Format(time.DateOnly), To: to}
	}
	all := span(2 * chWarmDays)
	counts, err := s.dayCountsOn(db, siteID, dayBefore(all.From), dayAfter(to))
	if err != nil {
		return err
	}
	// Days not settled (a store being filled: every copied chunk changes their basis) are computed
	// in runs of at most chSettleRun days, as the settle pass does, so that each read stays within
	// its time; a kind that fails leaves the others to warm, and what was kept stays for the next pass.
	var errs []error
	for _, w := range []struct {
		kind string
		days eventstore.DayRange
	}{{"day", all}, {"page", span(chWarmDays)}, {"dim", span(chWarmDays)}} {
		if _, err := s.sessionFiguresOn(db, siteID, w.days, w.kind, counts, chSettleRun); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(append(errs, s.warmClickMaps(db, siteID, now))...)
}

// warmClickMaps works out the closed days and hours of the default range's click maps of the site's
// busiest pages, for each device class with clicks on them (ClickMap's closed part, the same day cache).
func (s *chStore) warmClickMaps(db *Client, siteID string, now time.Time) error {
	nowMS := now.UnixMilli()
	q := eventstore.HeatmapQuery{SiteID: siteID, From: now.Add(-chWarmClickDays * 24 * time.Hour), To: now.Add(time.Minute)}
	closedFrom, closedTo := chClickSpans(q.From.UnixMilli(), q.To.UnixMilli(), nowMS)
	if closedFrom >= closedTo {
		return nil
	}
	headFrom, tailTo := chClickHours(q.From.UnixMilli(), q.To.UnixMilli(), nowMS, closedFrom, closedTo)
	rows, err := queryOn(db, `SELECT path, viewport, countMerge(n) AS n FROM click_cells WHERE site_id = {:site}
		AND uday >= {:dayFrom} AND uday < {:dayTo} GROUP BY path, viewport`,
		map[string]any{"site": siteID, "dayFrom": closedFrom / chDayMS, "dayTo": closedTo / chDayMS})
	if err != nil {
		return err
	}
	clicks := map[string]float64{}
	devices := map[string][]string{}
	for _, r := range rows {
		clicks[r.Str("path")] += r.Num("n")
		devices[r.Str("path")] = append(devices[r.Str("path")], r.Str("viewport"))
	}
	paths := make([]string, 0, len(clicks))
	for p := range clicks {
		paths = append(paths, p)
	}
	sort.Slice(paths, func(i, j int) bool {
		if clicks[paths[i]] != clicks[paths[j]] {
			return clicks[paths[i]] > clicks[paths[j]]
		}
		return paths[i] < paths[j]
	})
	for _, p := range paths[:min(len(paths), chWarmClickPages)] {
		for _, device := range devices[p] {
			q.Path, q.Device = p, device
			hours := []chSpan{{from: headFrom, to: closedFrom}, {from: closedTo, to: tailTo}}
			if _, err := s.closedClickDays(db, q, closedFrom, closedTo, hours); err != nil {
				return err
			}
		}
	}
	return nil
}
