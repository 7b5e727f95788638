package clickhouse

import (
	"sort"
	"time"

	"cro/pocketbase/eventstore"
)

// The dashboard's figures with the SQLite rollups' meaning (apply.go): sessions, visitors and
// bounces on the session's start day, page views and time on their own day, a conversion once per
// session and goal on the day of its first occurrence, revenue on every occurrence; read from the
// materialized rollups (Rollups) and the settled days (clickhouse_settled.go), plus the
// archive of pruned days (Prune) and the counters.

func (s *chStore) query(sql string, params map[string]any) ([]Row, error) {
	q, err := Bind(sql, params)
	if err != nil {
		return nil, err
	}
	return s.db.Query(q)
}

// chMaxDay is the last day ClickHouse's Date holds; OpenEnd stands for it.
const chMaxDay = "2105-12-31"

// chRange binds a day range; "to1" is the day after To, which a session started on To may reach.
func chRange(siteID string, days eventstore.DayRange) map[string]any {
	to := days.To
	if to > chMaxDay {
		to = chMaxDay
	}
	to1 := to
	if d, err := time.Parse("2006-01-02", to); err == nil && to < chMaxDay {
		to1 = d.AddDate(0, 0, 1).Format("2006-01-02")
	}
	from := days.From
	from1 := from
	if d, err := time.Parse("2006-01-02", from); err == nil {
		from1 = d.AddDate(0, 0, -1).Format("2006-01-02")
	}
	return map[string]any{"site": siteID, "from": from, "to": to, "to1": to1, "from1": from1}
}

// days is the range's figures by day: what adds up per day from day_figures, the session-level
// figures from sessionFigures (clickhouse_settled.go), the counters and the archive of pruned days.
func (s *chStore) days(siteID string, days eventstore.DayRange) (map[string]*eventstore.Totals, error) {
	p := chRange(siteID, days)
	out := map[string]*eventstore.Totals{}
	day := func(d string) *eventstore.Totals {
		if out[d] == nil {
			out[d] = &eventstore.Totals{}
		}
		return out[d]
	}
	// Two reads: day_figures (the sums, and the events per day from the day before to the day
	// after: the settled figures' basis), then the session-level figures (in memory once read),
	// beside the counters and the archive of pruned days.
	var figs map[string]*dayFigs
	var sums, other []Row
	err := s.queryEach(2, func(i int) (err error) {
		if i == 1 {
			other, err = s.query(`SELECT 'counters' AS src, toString(day) AS d_day, toFloat64(sumIf(n, name = 'bot_hits')) AS bots,
		toFloat64(sumIf(n, name = 'dropped_exposures')) AS dropped, toFloat64(0) AS visitors, toFloat64(0) AS sessions,
		toFloat64(0) AS pageviews, toFloat64(0) AS bounces, toFloat64(0) AS duration_ms, toFloat64(0) AS conversions,
		toFloat64(0) AS converted_sessions, toFloat64(0) AS revenue, toFloat64(0) AS scroll_sum,
		toFloat64(0) AS scroll_count, toFloat64(0) AS errors, toFloat64(0) AS clicks,
		toFloat64(0) AS micro FROM counters WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day
		UNION ALL SELECT 'archive' AS src, toString(day) AS d_day, toFloat64(0) AS bots, toFloat64(0) AS dropped,
		toFloat64(sum(visitors)) AS visitors, toFloat64(sum(sessions)) AS sessions,
		toFloat64(sum(pageviews)) AS pageviews, toFloat64(sum(bounces)) AS bounces,
		toFloat64(sum(duration_ms)) AS duration_ms, toFloat64(sum(conversions)) AS conversions,
		toFloat64(sum(converted_sessions)) AS converted_sessions, toFloat64(sum(revenue)) AS revenue,
		toFloat64(sum(scroll_sum)) AS scroll_sum, toFloat64(sum(scroll_count)) AS scroll_count,
		toFloat64(sum(errors)) AS errors, toFloat64(sum(clicks)) AS clicks,
		toFloat64(sum(micro)) AS micro FROM archive WHERE site_id = {:site} AND kind = 'day' AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day`, p)
			return err
		}
		sums, err = s.query(`SELECT toString(day) AS d_day, sum(n) AS n, sum(pageviews) AS pageviews, sum(duration_ms) AS duration_ms,
		sum(scroll_sum) AS scroll_sum, sum(scroll_count) AS scroll_count, sum(errors) AS errors, sum(clicks) AS clicks,
		sum(revenue) AS revenue FROM day_figures WHERE site_id = {:site} AND day >= toDate({:from1}) AND day <= toDate({:to1}) GROUP BY day`, p)
		if err != nil {
			return err
		}
		counts := map[string]uint64{}
		for _, r := range sums {
			counts[r.Str("d_day")] = uint64(r.Num("n"))
		}
		figs, err = s.sessionFiguresOf(siteID, days, "day", counts)
		return err
	})
	if err != nil {
		return nil, err
	}
	for d, f := range figs {
		*day(d) = f.t
	}
	for _, r := range sums {
		if d := r.Str("d_day"); d < p["from"].(string) || d > p["to"].(string) {
			continue // read for the basis only
		}
		t := day(r.Str("d_day"))
		t.Pageviews, t.DurationMs, t.ScrollSum, t.ScrollCount = r.Num("pageviews"), r.Num("duration_ms"), r.Num("scroll_sum"), r.Num("scroll_count")
		t.Errors, t.Clicks, t.Revenue = r.Num("errors"), r.Num("clicks"), r.Num("revenue")
	}
	for _, r := range other {
		t := day(r.Str("d_day"))
		if r.Str("src") == "counters" {
			t.AutomatedHits, t.DroppedExposures = r.Num("bots"), r.Num("dropped")
			continue
		}
		t.Visitors += r.Num("visitors")
		t.Sessions += r.Num("sessions")
		t.Pageviews += r.Num("pageviews")
		t.Bounces += r.Num("bounces")
		t.DurationMs += r.Num("duration_ms")
		t.Conversions += r.Num("conversions")
		t.ConvertedSessions += r.Num("converted_sessions")
		t.Revenue += r.Num("revenue")
		t.ScrollSum += r.Num("scroll_sum")
		t.ScrollCount += r.Num("scroll_count")
		t.Errors += r.Num("errors")
		t.Clicks += r.Num("clicks")
		t.Micro += r.Num("micro")
	}
	return out, nil
}

func (s *chStore) Totals(siteID string, days eventstore.DayRange) (eventstore.Totals, error) {
	byDay, err := s.days(siteID, days)
	return sumDays(byDay, days), err
}

// TotalsMany is Totals of several ranges of a site from one read of the days they span (a day's
// figures do not depend on the range read): the Overview's five ranges of the last 30 days are
// two queries instead of twenty.
func (s *chStore) TotalsMany(siteID string, ranges []eventstore.DayRange) ([]eventstore.Totals, error) {
	out := make([]eventstore.Totals, len(ranges))
	if len(ranges) == 0 {
		return out, nil
	}
	span := ranges[0]
	for _, r := range ranges[1:] {
		span.From, span.To = min(span.From, r.From), max(span.To, r.To)
	}
	byDay, err := s.days(siteID, span)
	for i, r := range ranges {
		out[i] = sumDays(byDay, r)
	}
	return out, err
}

// sumDays adds up the figures of the days within r.
func sumDays(byDay map[string]*eventstore.Totals, r eventstore.DayRange) eventstore.Totals {
	var t eventstore.Totals
	for day, d := range byDay {
		if day < r.From || day > r.To {
			continue
		}
		t.Visitors += d.Visitors
		t.Sessions += d.Sessions
		t.Pageviews += d.Pageviews
		t.Bounces += d.Bounces
		t.DurationMs += d.DurationMs
		t.Conversions += d.Conversions
		t.ConvertedSessions += d.ConvertedSessions
		t.Revenue += d.Revenue
		t.ScrollSum += d.ScrollSum
		t.ScrollCount += d.ScrollCount
		t.Errors += d.Errors
		t.Clicks += d.Clicks
		t.Micro += d.Micro
		t.DroppedExposures += d.DroppedExposures
		t.AutomatedHits += d.AutomatedHits
	}
	return t
}

func (s *chStore) Daily(siteID string, days eventstore.DayRange) ([]eventstore.DayFigures, error) {
	byDay, err := s.days(siteID, days)
	out := []eventstore.DayFigures{}
	for day, d := range byDay {
		out = append(out, eventstore.DayFigures{Day: day, Visitors: d.Visitors, Sessions: d.Sessions, Pageviews: d.Pageviews,
			Conversions: d.Conversions, ConvertedSessions: d.ConvertedSessions, Revenue: d.Revenue})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Day < out[j].Day })
	return out, err
}
