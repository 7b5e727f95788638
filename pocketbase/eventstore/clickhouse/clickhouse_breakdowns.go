package clickhouse

import (
	"sort"

	"cro/pocketbase/eventstore"
)

// TopPages and Dimensions on ClickHouse: SQLite's analytics_pages and analytics_dims (apply.go),
// what adds up from page_figures and the session-level figures of the range's days
// (clickhouse_settled.go).

func (s *chStore) TopPages(siteID string, days eventstore.DayRange, limit int) ([]eventstore.PageFigures, error) {
	p := chRange(siteID, days)
	pages := map[string]*eventstore.PageFigures{}
	page := func(path string) *eventstore.PageFigures {
		if pages[path] == nil {
			pages[path] = &eventstore.PageFigures{Path: path}
		}
		return pages[path]
	}
	// The session-level figures and page_figures' sums are independent reads, run together.
	var figs map[string]*dayFigs
	var rows []Row
	err := s.queryEach(2, func(i int) (err error) {
		if i == 0 {
			figs, err = s.sessionFigures(siteID, days, "page")
			return err
		}
		rows, err = s.query(`SELECT path, sum(pageviews) AS pageviews, sum(duration_ms) AS duration_ms, sum(scroll_sum) AS scroll_sum,
			sum(scroll_count) AS scroll_count, sum(errors) AS errors, sum(revenue) AS revenue FROM page_figures
			WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY path`, p)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, f := range figs {
		for path, pg := range f.pages {
			x := page(path)
			x.Visitors += pg.Visitors
			x.Entries += pg.Entries
			x.Bounces += pg.Bounces
			x.Conversions += pg.Conversions
		}
	}
	for _, r := range rows {
		if r.Str("path") == "" { // a conversion without a session is on no page
			continue
		}
		f := page(r.Str("path"))
		f.Pageviews, f.DurationMs, f.ScrollSum, f.ScrollCount = r.Num("pageviews"), r.Num("duration_ms"), r.Num("scroll_sum"), r.Num("scroll_count")
		f.Errors, f.Revenue = r.Num("errors"), r.Num("revenue")
	}
	out := make([]eventstore.PageFigures, 0, len(pages))
	for _, f := range pages {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Conversions != b.Conversions {
			return a.Conversions > b.Conversions
		}
		if a.Revenue != b.Revenue {
			return a.Revenue > b.Revenue
		}
		if a.Pageviews != b.Pageviews {
			return a.Pageviews > b.Pageviews
		}
		return a.Path < b.Path
	})
	if limit >= 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (s *chStore) Dimensions(siteID string, days eventstore.DayRange) ([]eventstore.DimFigures, error) {
	agg := map[[2]string]*eventstore.DimFigures{}
	figs, err := s.sessionFigures(siteID, days, "dim")
	if err != nil {
		return nil, err
	}
	for _, f := range figs {
		for k, d := range f.dims {
			if agg[k] == nil {
				agg[k] = &eventstore.DimFigures{Dim: d.Dim, Value: d.Value}
			}
			x := agg[k]
			x.Sessions += d.Sessions
			x.Visitors += d.Visitors
			x.Conversions += d.Conversions
			x.Revenue += d.Revenue
		}
	}
	out := make([]eventstore.DimFigures, 0, len(agg))
	for _, x := range agg {
		out = append(out, *x)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Sessions != out[j].Sessions {
			return out[i].Sessions > out[j].Sessions
		}
		if out[i].Dim != out[j].Dim {
			return out[i].Dim < out[j].Dim
		}
		return out[i].Value < out[j].Value
	})
	return out, nil
}
