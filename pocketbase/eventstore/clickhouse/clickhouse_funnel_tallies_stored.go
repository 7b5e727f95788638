package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
)

// Breakdown tallies stored (migration 24): the closed part's tally by value of a breakdown (one per
// range of closed days, clickhouse_funnel_breakdown.go) takes every closed entrant's entry-session
// values, which a server that did not read them (after a restart) would read again (at 50M events
// the first breakdown read after a restart took 27.7 s). A tally is written with a mark row (value
// "", which no breakdown value is) and the basis of funnel_days (clickhouse_funnel_days_stored.go),
// and read back under the same rule: valid while its basis is after every late mark of the site.
var funnelTalliesStep = Migration{Version: 24, Name: "funnel_tallies", SQL: []string{
	`CREATE TABLE IF NOT EXISTS funnel_tallies (site_id String, funnel String, breakdown String, closed_from Date, closed_to Date,
		basis UInt32, value String, users Array(Float64), written DateTime DEFAULT now())
		ENGINE = MergeTree PARTITION BY toYYYYMM(closed_to) ORDER BY (site_id, funnel, breakdown, closed_from, closed_to)`,
}}

// storedTallies are the valid stored closed tallies of q's parts of the breakdowns, by breakdown.
func (s *chStore) storedTallies(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, breakdowns []string) (map[string]funnelpath.ValueTally, error) {
	rows, err := queryOn(db, `SELECT breakdown, basis, value, users FROM funnel_tallies WHERE site_id = {:site} AND funnel = {:funnel}
		AND breakdown IN {:breakdowns} AND closed_from = toDate({:from}) AND closed_to = toDate({:to}) AND basis > `+chLateMarksAfter,
		map[string]any{"site": q.SiteID, "funnel": funneldays.Key(q), "breakdowns": breakdowns,
			"from": funneldays.Label(parts.ClosedFrom), "to": funneldays.Label(parts.ClosedTo)})
	if err != nil {
		return nil, err
	}
	latest := map[string]float64{}
	for _, r := range rows {
		if r.Str("value") == "" {
			latest[r.Str("breakdown")] = max(latest[r.Str("breakdown")], r.Num("basis"))
		}
	}
	out := map[string]funnelpath.ValueTally{}
	for b := range latest {
		out[b] = funnelpath.ValueTally{}
	}
	for _, r := range rows {
		b, value := r.Str("breakdown"), r.Str("value")
		if value == "" || r.Num("basis") != latest[b] {
			continue
		}
		users, _ := r["users"].([]any)
		counts := make([]float64, len(users))
		for i, u := range users {
			counts[i], _ = u.(float64)
		}
		out[b][value] = counts
	}
	return out, nil
}

// storeTallies writes closed tallies (by breakdown) of q's parts with their basis, in one insert.
func (s *chStore) storeTallies(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, basis uint32, tallies map[string]funnelpath.ValueTally) error {
	if basis == 0 || len(tallies) == 0 {
		return nil
	}
	var rows []any
	row := func(b, value string, users []float64) {
		rows = append(rows, map[string]any{"site_id": q.SiteID, "funnel": funneldays.Key(q), "breakdown": b,
			"closed_from": funneldays.Label(parts.ClosedFrom), "closed_to": funneldays.Label(parts.ClosedTo), "basis": basis, "value": value, "users": users})
	}
	for b, t := range tallies {
		row(b, "", []float64{})
		for value, users := range t {
			row(b, value, users)
		}
	}
	return db.Insert("funnel_tallies", rows)
}
