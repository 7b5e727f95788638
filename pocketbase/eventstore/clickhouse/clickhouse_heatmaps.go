package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"strconv"
	"strings"
)

// Click maps and scroll maps on ClickHouse: one page's clicks or leaves of one device class in a
// time range, with clickmap.go's semantics (bins, rage bursts, dead clicks), read from page_events
// (clicks and leaves sorted by site, page, viewport class, type and time: one range per map) and
// session_pages (page views by session, for dead clicks), both derived from events
// (clickhouse/derived.go).

const chClickFilter = `site_id = {:site} AND path = {:path} AND viewport = {:device} AND type = 'click'
	AND at >= {:from} AND at < {:to}`

func chHeatParams(q eventstore.HeatmapQuery) map[string]any {
	return map[string]any{"site": q.SiteID, "path": q.Path, "device": q.Device, "from": q.From, "to": q.To,
		"fromSec": q.From.Unix() - 1, "dead": clickmap.DeadWindow.Milliseconds()}
}

func (s *chStore) ClickMap(q eventstore.HeatmapQuery) (eventstore.ClickMapFigures, error) {
	p := chHeatParams(q)
	// As clickmap.go's bins: the offset times 20 truncated toward zero, 1 in the last bin.
	rows, err := s.query(`SELECT selector, least(19, toInt32(offset_x * 20)) AS bin_x, least(19, toInt32(offset_y * 20)) AS bin_y,
		count() AS n, max(name) AS text FROM page_events WHERE `+chClickFilter+` GROUP BY selector, bin_x, bin_y`, p)
	if err != nil {
		return eventstore.ClickMapFigures{}, err
	}
	cells := make([]clickmap.Cell, 0, len(rows))
	var plain []string
	seen := map[string]bool{}
	for _, r := range rows {
		sel := r.Str("selector")
		cells = append(cells, clickmap.Cell{Selector: sel, BX: r.Int("bin_x"), BY: r.Int("bin_y"), Clicks: r.Int("n"), Text: r.Str("text")})
		if !seen[sel] && !clickmap.Interactive(sel) {
			plain = append(plain, sel)
		}
		seen[sel] = true
	}
	clickmap.SortCells(cells)
	// Rage: bursts of clicks on one element by one session (rageBursts), read click by click, only
	// for a session and element with at least RageClicks clicks (no other can burst): a page's
	// clicks at 50M events are too many to send whole.
	p["rage"] = clickmap.RageClicks
	rows, err = s.query(`SELECT session, selector, at FROM page_events WHERE `+chClickFilter+` AND (session, selector) IN
		(SELECT session, selector FROM page_events WHERE `+chClickFilter+` GROUP BY session, selector HAVING count() >= {:rage})`, p)
	if err != nil {
		return eventstore.ClickMapFigures{}, err
	}
	clicks := make([]clickmap.Click, len(rows))
	for i, r := range rows {
		clicks[i] = clickmap.Click{Session: r.Str("session"), Selector: r.Str("selector"), MS: r.Num("at")}
	}
	rage := clickmap.RageBursts(clicks, 0)
	dead := map[string]int{}
	if len(plain) > 0 {
		// Dead: no page view of the session within DeadWindow after the click.
		p["plain"] = plain
		// (Clicks of one session, element and millisecond are one group of mult clicks: 18.16 cannot
		// run a lambda over joined columns, so each group meets its session's page views one by one.)
		rows, err = s.query(`SELECT selector, sumIf(mult, found = 0) AS n FROM (
			SELECT session, selector, c_at, any(mult) AS mult, max(v > c_at AND v <= c_at + {:dead}) AS found FROM
			(SELECT session, selector, at AS c_at, count() AS mult FROM page_events WHERE `+chClickFilter+` AND selector IN {:plain}
				GROUP BY session, selector, c_at)
			ALL LEFT JOIN (SELECT session, at AS v FROM session_pages WHERE site_id = {:site} AND at >= {:from}
				AND session IN (SELECT session FROM page_events WHERE `+chClickFilter+` AND selector IN {:plain})) USING (session)
			GROUP BY session, selector, c_at)
			GROUP BY selector`, p)
		if err != nil {
			return eventstore.ClickMapFigures{}, err
		}
		for _, r := range rows {
			dead[r.Str("selector")] = r.Int("n")
		}
	}
	return clickmap.Figures(cells, rage, dead), nil
}

func (s *chStore) ScrollDepth(q eventstore.HeatmapQuery) (eventstore.ScrollFigures, error) {
	var cols strings.Builder
	for d := 10; d <= 100; d += 10 {
		cols.WriteString(", countIf(x >= " + strconv.Itoa(d) + ") AS d" + strconv.Itoa(d))
	}
	rows, err := s.query(`SELECT count() AS total`+cols.String()+` FROM page_events WHERE site_id = {:site} AND path = {:path}
		AND viewport = {:device} AND type = 'leave' AND at >= {:from} AND at < {:to} AND x > 0`,
		chHeatParams(q))
	if err != nil || len(rows) == 0 {
		return clickmap.Scroll(0, [10]int{}), err
	}
	var reached [10]int
	for i := range reached {
		reached[i] = rows[0].Int("d" + strconv.Itoa((i+1)*10))
	}
	return clickmap.Scroll(rows[0].Int("total"), reached), nil
}
