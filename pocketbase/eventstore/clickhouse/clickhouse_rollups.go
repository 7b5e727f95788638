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
	// The session-level figures and the three sums are independent reads, run together.
	var figs map[string]*dayFigs
	sums := make([][]Row, 3)
	err := s.queryEach(4, func(i int) (err error) {
		switch i {
		case 0:
			figs, err = s.sessionFigures(siteID, days, "day")
		case 1:
			sums[0], err = s.query(`SELECT toString(day) AS d_day, sum(pageviews) AS pageviews, sum(duration_ms) AS duration_ms,
		sum(scroll_sum) AS scroll_sum, sum(scroll_count) AS scroll_count, sum(errors) AS errors, sum(clicks) AS clicks,
		sum(revenue) AS revenue FROM day_figures WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day`, p)
		case 2:
			sums[1], err = s.query(`SELECT toString(day) AS d_day, sumIf(n, name = 'bot_hits') AS bots, sumIf(n, name = 'dropped_exposures') AS dropped
		FROM counters WHERE site_id = {:site} AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day`, p)
		case 3:
			sums[2], err = s.query(`SELECT toString(day) AS d_day, sum(visitors) AS visitors, sum(sessions) AS sessions, sum(pageviews) AS pageviews,
		sum(bounces) AS bounces, sum(duration_ms) AS duration_ms, sum(conversions) AS conversions,
		sum(converted_sessions) AS converted_sessions, sum(revenue) AS revenue, sum(scroll_sum) AS scroll_sum,
		sum(scroll_count) AS scroll_count, sum(errors) AS errors, sum(clicks) AS clicks, sum(micro) AS micro
		FROM archive WHERE site_id = {:site} AND kind = 'day' AND day >= toDate({:from}) AND day <= toDate({:to}) GROUP BY day`, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for d, f := range figs {
		*day(d) = f.t
	}
	for _, r := range sums[0] {
		t := day(r.Str("d_day"))
		t.Pageviews, t.DurationMs, t.ScrollSum, t.ScrollCount = r.Num("pageviews"), r.Num("duration_ms"), r.Num("scroll_sum"), r.Num("scroll_count")
		t.Errors, t.Clicks, t.Revenue = r.Num("errors"), r.Num("clicks"), r.Num("revenue")
	}
	for _, r := range sums[1] {
		t := day(r.Str("d_day"))
		t.AutomatedHits, t.DroppedExposures = r.Num("bots"), r.Num("dropped")
	}
	for _, r := range sums[2] {
		t := day(r.Str("d_day"))
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
	var t eventstore.Totals
	for _, d := range byDay {
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
	return t, err
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
