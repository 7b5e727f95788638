package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/eventrow"
	"sort"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
)

// Click maps and scroll maps over SQLite read one page's clicks or leaves of one device class in
// a time range through partial covering indexes (site_id, path, viewport, ts, ...) that hold only
// click rows and only leave rows, so the cost grows with the page's clicks, not the site's events.
// Closed days of clicks are read from click_days (click_days.go); only the range's partial first
// day and its open days are read click by click here.

const clickFilterSQL = `type = 'click' AND site_id = {:site} AND path = {:path} AND viewport = {:device}
	AND ts >= {:from} AND ts < {:to}`

// clickRowsSQL reads each click of the span with its UTC day (the unit of click days) and its time
// in ms (events.ts).
const clickRowsSQL = `SELECT date(ts / 1000, 'unixepoch') AS day, session, selector, ts,
	offset_x, offset_y, name FROM events WHERE ` + clickFilterSQL

// Dead clicks of the given selectors per UTC day: no page view of the session within clickmap.DeadWindow
// after them, one seek in the partial index of page views by session and time (its row, for the
// site, is read only for a page view in the window; the site's events
// of that second, or its page views by path, may be many).
var deadClicksSQL = `SELECT date(c.ts / 1000, 'unixepoch') AS day, c.selector AS selector, COUNT(*) AS n FROM events c WHERE ` +
	strings.ReplaceAll(clickFilterSQL, "ts ", "c.ts ") + `
	AND c.selector IN (SELECT value FROM json_each({:selectors}))
	AND NOT EXISTS (SELECT 1 FROM events p INDEXED BY idx_events_session_pageviews WHERE p.site_id = c.site_id AND p.session = c.session AND p.type = 'pageview'
		AND p.ts > c.ts AND p.ts <= c.ts + ` + strconv.FormatInt(clickmap.DeadWindow.Milliseconds(), 10) + `)
	GROUP BY day, c.selector`

var scrollDepthSQL = `SELECT COUNT(*) AS total` + scrollBandColumns + ` FROM events WHERE type = 'leave' AND site_id = {:site}
	AND path = {:path} AND viewport = {:device} AND ts >= {:from} AND ts < {:to} AND x > 0`

var scrollBandColumns = func() string {
	var b strings.Builder
	for d := 10; d <= 100; d += 10 {
		b.WriteString(", COALESCE(SUM(x >= " + strconv.Itoa(d) + "), 0) AS d" + strconv.Itoa(d))
	}
	return b.String()
}()

func heatmapParams(q eventstore.HeatmapQuery) dbx.Params {
	return dbx.Params{"site": q.SiteID, "path": q.Path, "device": q.Device, "from": eventTime(q.From), "to": eventTime(q.To)}
}

// eachClick reads the clicks of q's page in [q.From, q.To), in the covering index's order.
func (s *sqliteStore) eachClick(q eventstore.HeatmapQuery, fn func(day string, c clickmap.Click, ox, oy float64, name string)) error {
	rows, err := s.app.DB().NewQuery(clickRowsSQL).Bind(heatmapParams(q)).Rows()
	if err != nil {
		return err
	}
	for rows.Next() {
		var day, name string
		var c clickmap.Click
		var ox, oy float64
		if err := rows.Scan(&day, &c.Session, &c.Selector, &c.MS, &ox, &oy, &name); err != nil {
			rows.Close()
			return err
		}
		fn(day, c, ox, oy, name)
	}
	return rows.Close()
}

// rawClickDays counts the clicks of q's page in [q.From, q.To) from raw events, per UTC day: each
// day's bins, dead clicks and rage bursts as if the day's part of the span were the whole range
// (bursts crossing midnight are the caller's: rageAcrossMidnight).
func (s *sqliteStore) rawClickDays(q eventstore.HeatmapQuery) (map[string]*clickDay, error) {
	cells := map[string]map[cellKey]*clickmap.Cell{}
	clicks := map[string][]clickmap.Click{}
	err := s.eachClick(q, func(day string, c clickmap.Click, ox, oy float64, name string) {
		if cells[day] == nil {
			cells[day] = map[cellKey]*clickmap.Cell{}
		}
		// As SQL's MIN(19, CAST(offset * 20 AS INTEGER)): truncated toward zero, 1 in the last bin.
		k := cellKey{c.Selector, min(clickmap.HeatBins-1, int(ox*clickmap.HeatBins)), min(clickmap.HeatBins-1, int(oy*clickmap.HeatBins))}
		cell := cells[day][k]
		if cell == nil {
			cell = &clickmap.Cell{Selector: k.selector, BX: k.bx, BY: k.by}
			cells[day][k] = cell
		}
		cell.Clicks++
		cell.Text = max(cell.Text, name)
		clicks[day] = append(clicks[day], c)
	})
	if err != nil {
		return nil, err
	}
	days := map[string]*clickDay{}
	plain := map[string]bool{}
	for day, byKey := range cells {
		d := &clickDay{Rage: clickmap.RageBursts(clicks[day], 0), Dead: map[string]int{}}
		for _, c := range byKey {
			d.Cells = append(d.Cells, *c)
			if !clickmap.Interactive(c.Selector) {
				plain[c.Selector] = true
			}
		}
		clickmap.SortCells(d.Cells)
		days[day] = d
	}
	if len(plain) == 0 {
		return days, nil
	}
	selectors := make([]string, 0, len(plain))
	for sel := range plain {
		selectors = append(selectors, sel)
	}
	sort.Strings(selectors)
	p := heatmapParams(q)
	p["selectors"] = eventrow.JSON(selectors)
	var dead []struct {
		Day      string `db:"day"`
		Selector string `db:"selector"`
		N        int    `db:"n"`
	}
	if err := s.app.DB().NewQuery(deadClicksSQL).Bind(p).All(&dead); err != nil {
		return nil, err
	}
	for _, r := range dead {
		if d := days[r.Day]; d != nil {
			d.Dead[r.Selector] = r.N
		}
	}
	return days, nil
}

// clickRowsOf reads the clicks of q's page in [q.From, q.To) for the rage rule only.
func (s *sqliteStore) clickRowsOf(q eventstore.HeatmapQuery) ([]clickmap.Click, error) {
	var out []clickmap.Click
	err := s.eachClick(q, func(_ string, c clickmap.Click, _, _ float64, _ string) { out = append(out, c) })
	return out, err
}

func (s *sqliteStore) ScrollDepth(q eventstore.HeatmapQuery) (eventstore.ScrollFigures, error) {
	row := dbx.NullStringMap{}
	if err := s.app.DB().NewQuery(scrollDepthSQL).Bind(heatmapParams(q)).One(row); err != nil {
		return eventstore.ScrollFigures{}, err
	}
	n := func(k string) int {
		v, _ := strconv.Atoi(row[k].String)
		return v
	}
	var reached [10]int
	for i := range reached {
		reached[i] = n("d" + strconv.Itoa((i+1)*10))
	}
	return clickmap.Scroll(n("total"), reached), nil
}
