package analytics

import (
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
)

// Click maps and scroll maps over SQLite read one page's clicks or leaves of one device class in
// a time range through partial covering indexes (site_id, path, viewport, ts, ...) that hold only
// click rows and only leave rows, so the cost grows with the page's clicks, not the site's events.

const clickFilterSQL = `type = 'click' AND site_id = {:site} AND path = {:path} AND viewport = {:device}
	AND ts >= {:from} AND ts < {:to}`

// The bins, with the element's link or button text (the click rows' name): offsets of exactly 1
// belong to the last bin.
var clickBinsSQL = `SELECT selector, MIN(` + strconv.Itoa(HeatBins-1) + `, CAST(offset_x * ` + strconv.Itoa(HeatBins) + ` AS INTEGER)) AS bin_x,
	MIN(` + strconv.Itoa(HeatBins-1) + `, CAST(offset_y * ` + strconv.Itoa(HeatBins) + ` AS INTEGER)) AS bin_y, COUNT(*) AS n, MAX(name) AS text
	FROM events WHERE ` + clickFilterSQL + ` GROUP BY selector, bin_x, bin_y`

// A click is in a rage burst when it is at most RageWindow after the click two before it, of the
// same session on the same element; a burst starts at such a click whose predecessor was not one.
var rageBurstsSQL = `SELECT selector, SUM(burst) AS n FROM (
		SELECT selector, COALESCE(rage, 0) AND NOT COALESCE(LAG(rage) OVER w, 0) AS burst FROM (
			SELECT selector, session, ms, (ms - LAG(ms, ` + strconv.Itoa(RageClicks-1) + `) OVER w) <= ` + strconv.Itoa(int(RageWindow.Milliseconds())) + ` AS rage FROM (
				SELECT selector, session, julianday(ts) * 86400000.0 AS ms FROM events WHERE ` + clickFilterSQL + `
			) WINDOW w AS (PARTITION BY session, selector ORDER BY ms)
		) WINDOW w AS (PARTITION BY session, selector ORDER BY ms)
	) GROUP BY selector HAVING n > 0`

// Dead clicks of the given selectors: no page view of the session within DeadWindow after them,
// one seek in the partial index of page views by session and time (the site's events of that
// second, or its page views by path, may be many).
var deadClicksSQL = `SELECT c.selector AS selector, COUNT(*) AS n FROM events c WHERE ` + strings.ReplaceAll(clickFilterSQL, "ts ", "c.ts ") + `
	AND c.selector IN (SELECT value FROM json_each({:selectors}))
	AND NOT EXISTS (SELECT 1 FROM events p INDEXED BY idx_events_site_session_pageviews WHERE p.site_id = c.site_id AND p.session = c.session AND p.type = 'pageview'
		AND p.ts > c.ts AND p.ts <= strftime('%Y-%m-%d %H:%M:%fZ', c.ts, '+` + strconv.Itoa(int(DeadWindow.Seconds())) + ` seconds'))
	GROUP BY c.selector`

var scrollDepthSQL = `SELECT COUNT(*) AS total` + scrollBandColumns + ` FROM events WHERE type = 'leave' AND site_id = {:site}
	AND path = {:path} AND viewport = {:device} AND ts >= {:from} AND ts < {:to} AND x > 0`

var scrollBandColumns = func() string {
	var b strings.Builder
	for d := 10; d <= 100; d += 10 {
		b.WriteString(", COALESCE(SUM(x >= " + strconv.Itoa(d) + "), 0) AS d" + strconv.Itoa(d))
	}
	return b.String()
}()

func heatmapParams(q HeatmapQuery) dbx.Params {
	return dbx.Params{"site": q.SiteID, "path": q.Path, "device": q.Device, "from": dbTime(q.From), "to": dbTime(q.To)}
}

func (s *sqliteStore) ClickMap(q HeatmapQuery) (ClickMapFigures, error) {
	p := heatmapParams(q)
	db := s.app.DB()
	var cells []binCell
	if err := db.NewQuery(clickBinsSQL).Bind(p).All(&cells); err != nil {
		return ClickMapFigures{}, err
	}
	rage, err := s.countsBySelector(rageBurstsSQL, p)
	if err != nil {
		return ClickMapFigures{}, err
	}
	var plain []string
	seen := map[string]bool{}
	for _, c := range cells {
		if !seen[c.Selector] && !Interactive(c.Selector) {
			seen[c.Selector] = true
			plain = append(plain, c.Selector)
		}
	}
	dead := map[string]int{}
	if len(plain) > 0 {
		p["selectors"] = jsonString(plain)
		if dead, err = s.countsBySelector(deadClicksSQL, p); err != nil {
			return ClickMapFigures{}, err
		}
	}
	return clickMapFrom(cells, rage, dead), nil
}

func (s *sqliteStore) countsBySelector(query string, p dbx.Params) (map[string]int, error) {
	var rows []struct {
		Selector string `db:"selector"`
		N        int    `db:"n"`
	}
	out := map[string]int{}
	err := s.app.DB().NewQuery(query).Bind(p).All(&rows)
	for _, r := range rows {
		out[r.Selector] = r.N
	}
	return out, err
}

func (s *sqliteStore) ScrollDepth(q HeatmapQuery) (ScrollFigures, error) {
	row := dbx.NullStringMap{}
	if err := s.app.DB().NewQuery(scrollDepthSQL).Bind(heatmapParams(q)).One(row); err != nil {
		return ScrollFigures{}, err
	}
	n := func(k string) int {
		v, _ := strconv.Atoi(row[k].String)
		return v
	}
	var reached [10]int
	for i := range reached {
		reached[i] = n("d" + strconv.Itoa((i+1)*10))
	}
	return scrollFrom(n("total"), reached), nil
}
