package clickhouse

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/funneldays"
)

// Click days on ClickHouse: a click map's range (the last N x 24 hours) is split at UTC midnights
// into a partial first day, the whole closed days and the rest (open days, the partial last day).
// The closed days' bins come from click_cells (summed at insert by a view, so late events are in
// them); their rage bursts and dead clicks, which depend on clicks and page views of other inserts,
// are worked out once per day from events and kept in memory beside the funnels' days (the same
// day cache, dropped by the same late marks: clickhouse_funnel_days.go); the rest is read click by
// click from page_events. As SQLite's click days (eventstore/sqlite/click_days.go), a day is
// closed once it, its last click's dead-click window and the late marks' hour are over.

const (
	chDayMS = int64(24 * time.Hour / time.Millisecond)
	// chRageReach: a burst counted at a click depends on the 3 clicks before it, all within 2 s
	// (clickmap.RageBurstStarts), so a day's bursts are those counted in it over its clicks and the
	// 2 s before.
	chRageReach = int64((clickmap.RageClicks - 1) * clickmap.RageWindow / time.Millisecond)
	// chClickClosedAfter: a day is closed this long after its end: the dead-click window, the hour
	// after which a late event leaves a mark, and a minute for the clocks of server and ClickHouse.
	chClickClosedAfter = int64((clickmap.DeadWindow + time.Hour + time.Minute) / time.Millisecond)
)

// chClickSpans splits [from, to) (ms) at the closed whole UTC days [closedFrom, closedTo); none
// when closedFrom >= closedTo. The first of them starts at least chRageReach after from, so that
// a kept day's bursts never read clicks before the range.
func chClickSpans(from, to, now int64) (closedFrom, closedTo int64) {
	closedFrom = ceilDiv(from+chRageReach, chDayMS) * chDayMS
	closedTo = min(floorDiv(to, chDayMS), floorDiv(now-chClickClosedAfter, chDayMS)) * chDayMS
	return closedFrom, closedTo
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// chClickDay is one closed UTC day of a page and device class: rage bursts and dead clicks by selector.
type chClickDay struct{ rage, dead map[string]int }

// chClickParts are a click map's counts over part of its range, merged by chMergeClickParts.
type chClickParts struct {
	cells      []clickmap.Cell
	rage, dead map[string]int
}

// chMergeClickParts adds up parts: a cell's clicks summed and its text the greatest (max(name),
// as one read over the whole range).
func chMergeClickParts(parts []chClickParts) ([]clickmap.Cell, map[string]int, map[string]int) {
	type key struct {
		sel    string
		bx, by int
	}
	byKey := map[key]*clickmap.Cell{}
	rage, dead := map[string]int{}, map[string]int{}
	for _, p := range parts {
		for _, c := range p.cells {
			k := key{c.Selector, c.BX, c.BY}
			if old := byKey[k]; old != nil {
				old.Clicks += c.Clicks
				old.Text = max(old.Text, c.Text)
				continue
			}
			c := c
			byKey[k] = &c
		}
		for sel, n := range p.rage {
			rage[sel] += n
		}
		for sel, n := range p.dead {
			dead[sel] += n
		}
	}
	cells := make([]clickmap.Cell, 0, len(byKey))
	for _, c := range byKey {
		cells = append(cells, *c)
	}
	clickmap.SortCells(cells)
	return cells, rage, dead
}

func chClickParams(q eventstore.HeatmapQuery, from, to int64) map[string]any {
	return map[string]any{"site": q.SiteID, "path": q.Path, "device": q.Device, "from": from, "to": to,
		"dead": clickmap.DeadWindow.Milliseconds(), "rage": clickmap.RageClicks}
}

// rolledClickCells are the bins of the whole UTC days [from, to) from click_cells.
func (s *chStore) rolledClickCells(q eventstore.HeatmapQuery, from, to int64) ([]clickmap.Cell, error) {
	p := chClickParams(q, from, to)
	p["dayFrom"], p["dayTo"] = from/chDayMS, to/chDayMS
	rows, err := s.query(`SELECT selector, bin_x, bin_y, countMerge(n) AS n, maxMerge(label) AS text FROM click_cells
		WHERE site_id = {:site} AND path = {:path} AND viewport = {:device} AND uday >= {:dayFrom} AND uday < {:dayTo}
		GROUP BY selector, bin_x, bin_y`, p)
	cells := make([]clickmap.Cell, len(rows))
	for i, r := range rows {
		cells[i] = clickmap.Cell{Selector: r.Str("selector"), BX: r.Int("bin_x"), BY: r.Int("bin_y"), Clicks: r.Int("n"), Text: r.Str("text")}
	}
	return cells, err
}

// chSpan is a part of a click map's range read click by click: its clicks are [from, to); its
// rage bursts are those counted in it over its clicks and those from reach ms before (the
// caller's range holds them).
type chSpan struct{ from, to, reach int64 }

// rawClickParts reads the spans' clicks from page_events and, beside them, the clicking sessions'
// page views from events by time (not from session_pages, sorted by session: those sessions' rows
// are spread over all of the site's), and works out bins, rage bursts and dead clicks here, as
// SQLite does: two light reads instead of ClickHouse joining clicks with page views.
func (s *chStore) rawClickParts(q eventstore.HeatmapQuery, spans []chSpan) (chClickParts, error) {
	return s.rawClickPartsLive(q, spans, spans)
}

// rawClickPartsLive is rawClickParts counting dead clicks only in the live spans (within spans;
// the other spans' dead clicks are kept by hour: closedClickHours), whose page views alone are read.
func (s *chStore) rawClickPartsLive(q eventstore.HeatmapQuery, spans, live []chSpan) (chClickParts, error) {
	p := chClickParams(q, 0, 0)
	var reach, clicks, windows []string
	for i, sp := range spans {
		n := strconv.Itoa(i)
		p["r"+n], p["f"+n], p["t"+n] = sp.from-sp.reach, sp.from, sp.to
		reach = append(reach, "(at >= {:r"+n+"} AND at < {:t"+n+"})")
	}
	for i, sp := range live {
		if sp.from >= sp.to {
			continue
		}
		n := strconv.Itoa(i)
		p["lf"+n], p["lt"+n] = sp.from, sp.to
		p["fs"+n], p["ts"+n], p["tv"+n] = sp.from/1000-1, (sp.to+clickmap.DeadWindow.Milliseconds())/1000+1, sp.to+clickmap.DeadWindow.Milliseconds()
		clicks = append(clicks, "(at >= {:lf"+n+"} AND at < {:lt"+n+"})")
		windows = append(windows, "(ts >= toDateTime({:fs"+n+"}) AND ts <= toDateTime({:ts"+n+"}) AND at > {:lf"+n+"} AND at <= {:tv"+n+"})")
	}
	page := `site_id = {:site} AND path = {:path} AND viewport = {:device} AND type = 'click'`
	inSpans := func(at int64) bool {
		for _, sp := range spans {
			if at >= sp.from && at < sp.to {
				return true
			}
		}
		return false
	}
	inLive := func(at int64) bool {
		for _, sp := range live {
			if at >= sp.from && at < sp.to {
				return true
			}
		}
		return false
	}
	out := chClickParts{rage: map[string]int{}, dead: map[string]int{}}
	var rows, views []Row
	err := s.queryEach(2, func(i int) (err error) {
		if i == 1 {
			if len(windows) == 0 {
				return nil
			}
			// The clicking sessions' page views up to DeadWindow after the spans.
			views, err = s.query(`SELECT session, at FROM events WHERE site_id = {:site} AND type = 'pageview' AND (`+strings.Join(windows, " OR ")+`)
				AND session IN (SELECT session FROM page_events WHERE `+page+` AND (`+strings.Join(clicks, " OR ")+`))`, p)
			return err
		}
		// As clickmap.go's bins: the offset times 20 truncated toward zero, 1 in the last bin.
		rows, err = s.query(`SELECT session, selector, at, least(19, toInt32(offset_x * 20)) AS bin_x,
			least(19, toInt32(offset_y * 20)) AS bin_y, name FROM page_events WHERE `+page+` AND (`+strings.Join(reach, " OR ")+`)`, p)
		return err
	})
	if err != nil {
		return chClickParts{}, err
	}
	viewsOf := map[string][]int64{}
	for _, r := range views {
		viewsOf[r.Str("session")] = append(viewsOf[r.Str("session")], int64(r.Num("at")))
	}
	for _, v := range viewsOf {
		sort.Slice(v, func(i, j int) bool { return v[i] < v[j] })
	}
	type cellKey struct {
		sel    string
		bx, by int
	}
	cells := map[cellKey]*clickmap.Cell{}
	sessionClicks := make([]clickmap.Click, 0, len(rows))
	for _, r := range rows {
		sel, at, session := r.Str("selector"), int64(r.Num("at")), r.Str("session")
		sessionClicks = append(sessionClicks, clickmap.Click{Session: session, Selector: sel, MS: float64(at)})
		if !inSpans(at) {
			continue
		}
		ck := cellKey{sel, r.Int("bin_x"), r.Int("bin_y")}
		c := cells[ck]
		if c == nil {
			c = &clickmap.Cell{Selector: sel, BX: ck.bx, BY: ck.by}
			cells[ck] = c
		}
		c.Clicks++
		c.Text = max(c.Text, r.Str("name"))
		// Dead: no page view of the session within DeadWindow after the click.
		if !clickmap.Interactive(sel) && inLive(at) {
			v := viewsOf[session]
			next := sort.Search(len(v), func(i int) bool { return v[i] > at })
			if next == len(v) || v[next] > at+clickmap.DeadWindow.Milliseconds() {
				out.dead[sel]++
			}
		}
	}
	for _, c := range cells {
		out.cells = append(out.cells, *c)
	}
	out.rage = clickmap.RageBurstsWhere(sessionClicks, func(ms float64) bool { return inSpans(int64(ms)) })
	return out, nil
}

// closedClickDays are the rage bursts and dead clicks of the closed whole UTC days [from, to), from
// the click cache, working out the days it lacks a run of consecutive days at a time (for every
// device class of the page at once: computeClickDays), plus the dead clicks of the closed hours
// (closedClickHours; one look at the late marks for both).
func (s *chStore) closedClickDays(db *Client, q eventstore.HeatmapQuery, from, to int64, hours []chSpan) (chClickParts, error) {
	gen, unlock, err := s.clickCacheGen(db, q.SiteID)
	if err != nil {
		return chClickParts{}, err
	}
	defer unlock()
	hourDead, err := s.closedClickHours(db, q, hours, gen)
	if err != nil {
		return chClickParts{}, err
	}
	cacheKey := func(d int64) funneldays.CacheKey { return chClickDayKey(q.SiteID, q.Path, q.Device, d) }
	out := chClickParts{rage: map[string]int{}, dead: map[string]int{}}
	add := func(day chClickDay) {
		for sel, n := range day.rage {
			out.rage[sel] += n
		}
		for sel, n := range day.dead {
			out.dead[sel] += n
		}
	}
	for d := from; d < to; {
		if v, ok := s.clicks.Get(cacheKey(d)); ok {
			add(v.(chClickDay))
			d += chDayMS
			continue
		}
		end := d + chDayMS
		for end < to {
			if _, ok := s.clicks.Get(cacheKey(end)); ok {
				break
			}
			end += chDayMS
		}
		byDevice, err := s.computeClickDays(db, q, d, end)
		if err != nil {
			return chClickParts{}, err
		}
		// Every device class's days are kept: the next device's map of this page reads no events.
		for _, device := range eventstore.DeviceClasses {
			for day := d; day < end; day += chDayMS {
				v := byDevice[device][day/chDayMS]
				if v.rage == nil {
					v = chClickDay{rage: map[string]int{}, dead: map[string]int{}}
				}
				s.clicks.Put(chClickDayKey(q.SiteID, q.Path, device, day), v, 1+len(v.rage)+len(v.dead), gen)
				if device == q.Device {
					add(v)
				}
			}
		}
		d = end
	}
	for sel, n := range hourDead {
		out.dead[sel] += n
	}
	return out, nil
}

// clickCacheGen handles the site's late marks and returns the day cache's generation that what is
// worked out next is kept under (a drop after this refuses it). Click days and hours are worked out
// under a lock of the site's click maps only (unlock releases it): its funnel reads (whose lock
// handles the late marks) do not wait for a click map's days; the warm-up (warmClickMaps,
// background priority: db is not the store's) takes none, so no reader waits behind its paused reads.
func (s *chStore) clickCacheGen(db *Client, site string) (gen uint64, unlock func(), err error) {
	release := funneldays.LockSite("clickhouse:" + site)
	err = s.dropLateFunnelDays(site)
	// A drop of the site's days (a late mark, a prune) drops its click days too: seen here, by the
	// next read, so a day kept from before the drop is never read after it.
	dayGen := s.dayCache.Generation(site)
	s.clickMu.Lock()
	if seen, ok := s.clickGen[site]; ok && seen != dayGen {
		s.clicks.Drop(site)
	}
	s.clickGen[site] = dayGen
	gen = s.clicks.Generation(site)
	s.clickMu.Unlock()
	release()
	if err != nil {
		return 0, nil, err
	}
	if db == s.db {
		return gen, funneldays.LockSite("clickhouse-clicks:" + site), nil
	}
	return gen, func() {}, nil
}

// chClickDayKey is the day cache's key of a page's and device class's closed UTC day starting at d (ms).
func chClickDayKey(site, path, device string, d int64) funneldays.CacheKey {
	return funneldays.CacheKey{Site: site, Funnel: "clickmap\x00" + path + "\x00" + device, Day: strconv.FormatInt(d/chDayMS, 10)}
}

// computeClickDays works out the rage bursts and dead clicks of each UTC day of [from, to) of the
// page for each device class (by device class, then day since the epoch; a class or day without
// any is absent) from events (not page_events and session_pages: a view writes those after
// late_marks, and a day kept must hold every insert whose mark was handled before it was read).
// Its reads cost the site's events over the days (events are sorted by site and time), not the
// page's few clicks, so all device classes are worked out by the same reads (at 50M events a
// page's 30 closed days took about a minute per device class).
func (s *chStore) computeClickDays(db *Client, q eventstore.HeatmapQuery, from, to int64) (map[string]map[int64]chClickDay, error) {
	const filter = `site_id = {:site} AND ts >= toDateTime({:fromSec}) AND ts <= toDateTime({:toSec}) AND at >= {:from} AND at < {:to}
		AND type = 'click' AND path = {:path}`
	out := map[string]map[int64]chClickDay{}
	day := func(device string, uday int64) chClickDay {
		if out[device] == nil {
			out[device] = map[int64]chClickDay{}
		}
		v, ok := out[device][uday]
		if !ok {
			v = chClickDay{rage: map[string]int{}, dead: map[string]int{}}
			out[device][uday] = v
		}
		return v
	}
	rp := chClickParams(q, from-chRageReach, to)
	rp["fromSec"], rp["toSec"] = (from-chRageReach)/1000-1, to/1000+1
	rows, err := queryOn(db, `SELECT session, viewport, selector, at FROM events WHERE `+filter+` AND (session, viewport, selector) IN
		(SELECT session, viewport, selector FROM events WHERE `+filter+` GROUP BY session, viewport, selector HAVING count() >= {:rage})`, rp)
	if err != nil {
		return nil, err
	}
	groups := map[[3]string][]float64{}
	for _, r := range rows {
		k := [3]string{r.Str("session"), r.Str("viewport"), r.Str("selector")}
		groups[k] = append(groups[k], r.Num("at"))
	}
	for k, ms := range groups {
		sort.Float64s(ms)
		for i, starts := range clickmap.RageBurstStarts(ms) {
			if at := int64(ms[i]); starts && at >= from {
				day(k[1], floorDiv(at, chDayMS)).rage[k[2]]++
			}
		}
	}
	dead, err := s.deadClicks(db, q, from, to, chDayMS)
	if err != nil {
		return nil, err
	}
	for device, units := range dead {
		for uday, sels := range units {
			v := day(device, uday)
			for sel, n := range sels {
				v.dead[sel] = n
			}
		}
	}
	return out, nil
}

// deadClicks are the page's dead clicks in [from, to) by device class, unit of time (days or hours
// since the epoch: unit ms) and element, from events (as computeClickDays' days).
func (s *chStore) deadClicks(db *Client, q eventstore.HeatmapQuery, from, to, unit int64) (map[string]map[int64]map[string]int, error) {
	const filter = `site_id = {:site} AND ts >= toDateTime({:fromSec}) AND ts <= toDateTime({:toSec}) AND at >= {:from} AND at < {:to}
		AND type = 'click' AND path = {:path}`
	p := chClickParams(q, from, to)
	p["fromSec"], p["toSec"] = from/1000-1, to/1000+1
	p["pvToSec"], p["pvTo"] = (to+clickmap.DeadWindow.Milliseconds())/1000+1, to+clickmap.DeadWindow.Milliseconds()
	rows, err := queryOn(db, `SELECT toInt64(intDiv(c_at, `+strconv.FormatInt(unit, 10)+`)) AS unit, viewport, selector,
		sumIf(mult, found = 0) AS n FROM (
		SELECT session, viewport, selector, c_at, any(mult) AS mult, max(v > c_at AND v <= c_at + {:dead}) AS found FROM
		(SELECT session, viewport, selector, at AS c_at, count() AS mult FROM events WHERE `+filter+`
			GROUP BY session, viewport, selector, c_at)
		ALL LEFT JOIN (SELECT session, at AS v FROM events WHERE site_id = {:site} AND ts >= toDateTime({:fromSec})
			AND ts <= toDateTime({:pvToSec}) AND type = 'pageview' AND at > {:from} AND at <= {:pvTo}
			AND session IN (SELECT session FROM events WHERE `+filter+`)) USING (session)
		GROUP BY session, viewport, selector, c_at)
		GROUP BY unit, viewport, selector HAVING n > 0`, p)
	if err != nil {
		return nil, err
	}
	out := map[string]map[int64]map[string]int{}
	for _, r := range rows {
		u, device := int64(r.Num("unit")), r.Str("viewport")
		if u < from/unit || u >= to/unit {
			continue
		}
		if out[device] == nil {
			out[device] = map[int64]map[string]int{}
		}
		if out[device][u] == nil {
			out[device][u] = map[string]int{}
		}
		out[device][u][r.Str("selector")] = r.Int("n")
	}
	return out, nil
}
