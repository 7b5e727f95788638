package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/eventrow"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
)

// The click map as one computation over raw events in SQL (the store's answer before click days):
// the reference that click_days_test.go compares every answer of the store with.

const refClickFilterSQL = `type = 'click' AND site_id = {:site} AND path = {:path} AND viewport = {:device}
	AND ts >= {:from} AND ts < {:to}`

// The bins, with the element's link or button text (the click rows' name): offsets of exactly 1
// belong to the last bin.
var refClickBinsSQL = `SELECT selector, MIN(` + strconv.Itoa(clickmap.HeatBins-1) + `, CAST(offset_x * ` + strconv.Itoa(clickmap.HeatBins) + ` AS INTEGER)) AS bin_x,
	MIN(` + strconv.Itoa(clickmap.HeatBins-1) + `, CAST(offset_y * ` + strconv.Itoa(clickmap.HeatBins) + ` AS INTEGER)) AS bin_y, COUNT(*) AS n, MAX(name) AS text
	FROM events WHERE ` + refClickFilterSQL + ` GROUP BY selector, bin_x, bin_y ORDER BY selector, bin_x, bin_y`

// A click is in a rage burst when it is at most clickmap.RageWindow after the click two before it, of the
// same session on the same element; a burst starts at such a click whose predecessor was not one.
// The second window keeps the first's order (rn): clicks of the same millisecond stay in place.
var refRageBurstsSQL = `SELECT selector, SUM(burst) AS n FROM (
		SELECT selector, COALESCE(rage, 0) AND NOT COALESCE(LAG(rage) OVER w2, 0) AS burst FROM (
			SELECT selector, session, ROW_NUMBER() OVER w AS rn,
				(ms - LAG(ms, ` + strconv.Itoa(clickmap.RageClicks-1) + `) OVER w) <= ` + strconv.Itoa(int(clickmap.RageWindow.Milliseconds())) + ` AS rage FROM (
				SELECT selector, session, ts AS ms FROM events WHERE ` + refClickFilterSQL + `
			) WINDOW w AS (PARTITION BY session, selector ORDER BY ms)
		) WINDOW w2 AS (PARTITION BY session, selector ORDER BY rn)
	) GROUP BY selector HAVING n > 0`

var refDeadClicksSQL = `SELECT c.selector AS selector, COUNT(*) AS n FROM events c WHERE ` + strings.ReplaceAll(refClickFilterSQL, "ts ", "c.ts ") + `
	AND c.selector IN (SELECT value FROM json_each({:selectors}))
	AND NOT EXISTS (SELECT 1 FROM events p WHERE p.site_id = c.site_id AND p.session = c.session AND p.type = 'pageview'
		AND p.ts > c.ts AND p.ts <= c.ts + ` + strconv.FormatInt(clickmap.DeadWindow.Milliseconds(), 10) + `)
	GROUP BY c.selector`

// referenceClickMap is the click map computed from the range's raw events alone.
func referenceClickMap(s *sqliteStore, q eventstore.HeatmapQuery) (eventstore.ClickMapFigures, error) {
	p := heatmapParams(q)
	db := s.app.DB()
	var cells []clickmap.Cell
	if err := db.NewQuery(refClickBinsSQL).Bind(p).All(&cells); err != nil {
		return eventstore.ClickMapFigures{}, err
	}
	rage, err := s.countsBySelector(refRageBurstsSQL, p)
	if err != nil {
		return eventstore.ClickMapFigures{}, err
	}
	var plain []string
	seen := map[string]bool{}
	for _, c := range cells {
		if !seen[c.Selector] && !clickmap.Interactive(c.Selector) {
			seen[c.Selector] = true
			plain = append(plain, c.Selector)
		}
	}
	dead := map[string]int{}
	if len(plain) > 0 {
		p["selectors"] = eventrow.JSON(plain)
		if dead, err = s.countsBySelector(refDeadClicksSQL, p); err != nil {
			return eventstore.ClickMapFigures{}, err
		}
	}
	return clickmap.Figures(cells, rage, dead), nil
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
