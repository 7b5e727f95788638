package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"strconv"
	"strings"
	"time"
)

// Click maps and scroll maps on ClickHouse: one page's clicks or leaves of one device class in a
// time range, with clickmap.go's semantics (bins, rage bursts, dead clicks), read from page_events
// (clicks and leaves sorted by site, page, viewport class, type and time: one range per map,
// derived from events: clickhouse/derived.go); a click map's closed days from click_cells and the
// day cache (clickhouse_click_days.go).

func chHeatParams(q eventstore.HeatmapQuery) map[string]any {
	return map[string]any{"site": q.SiteID, "path": q.Path, "device": q.Device, "from": q.From, "to": q.To}
}

// ClickMap adds up the range's parts (clickhouse_click_days.go): the closed whole UTC days' bins
// from click_cells and their rage and dead clicks from the day cache, the rest click by click, but
// for the dead clicks of its closed whole hours, kept by hour (clickhouse_click_hours.go).
func (s *chStore) ClickMap(q eventstore.HeatmapQuery) (eventstore.ClickMapFigures, error) {
	from, to, now := q.From.UnixMilli(), q.To.UnixMilli(), time.Now().UnixMilli()
	closedFrom, closedTo := chClickSpans(from, to, now)
	reads := []func() (chClickParts, error){func() (chClickParts, error) {
		return s.rawClickParts(q, []chSpan{{from: from, to: to}})
	}}
	if closedFrom < closedTo {
		headFrom, tailTo := chClickHours(from, to, now, closedFrom, closedTo)
		reads = []func() (chClickParts, error){
			func() (chClickParts, error) {
				return s.rawClickPartsLive(q, []chSpan{{from: from, to: closedFrom}, {from: closedTo, to: to, reach: chRageReach}},
					[]chSpan{{from: from, to: headFrom}, {from: tailTo, to: to}})
			},
			func() (chClickParts, error) {
				cells, err := s.rolledClickCells(q, closedFrom, closedTo)
				return chClickParts{cells: cells}, err
			},
			func() (chClickParts, error) {
				return s.closedClickDays(s.db, q, closedFrom, closedTo, []chSpan{{from: headFrom, to: closedFrom}, {from: closedTo, to: tailTo}})
			},
		}
	}
	parts := make([]chClickParts, len(reads))
	err := s.queryEach(len(reads), func(i int) (err error) {
		parts[i], err = reads[i]()
		return err
	})
	if err != nil {
		return eventstore.ClickMapFigures{}, err
	}
	return clickmap.Figures(chMergeClickParts(parts)), nil
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
