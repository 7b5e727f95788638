package clickhouse

import (
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
)

// Funnel days stored (migration 23): a closed day's kept attempts, once worked out, are written to
// funnel_days, so that a server that did not work them out (after a restart, another server) reads
// them instead of the days' raw events: at 50M events the first funnel read after a restart took
// 19.6 s, most of it the closed days' step events. Each day's rows are written in one insert with
// a day mark (visitor "") and their basis: ClickHouse's clock at the look at late_marks made just
// before the day's events were read, less chLateMargin. A late mark written at or after a day's
// basis may hold an event the day missed, so a stored day counts only when its basis is after
// every late mark of the site (the rule by which memory drops the site's days); of a day's valid
// versions the latest basis is read. Retention deletes the days with the events (PruneSite).
var funnelDaysStep = Migration{Version: 23, Name: "funnel_days", SQL: []string{
	`CREATE TABLE IF NOT EXISTS funnel_days (site_id String, funnel String, d Date, basis UInt32, visitor String, reached UInt8,
		times Array(Float64), sessions Array(String), written DateTime DEFAULT now())
		ENGINE = MergeTree PARTITION BY toYYYYMM(d) ORDER BY (site_id, funnel, d, visitor)`,
}}

// chFunnelDaysInsertRows bounds one insert of stored days (whole days only): ClickHouse writes an
// insert of fewer rows than max_insert_block_size (1,048,576) as one block, so a day is never seen
// in part.
const chFunnelDaysInsertRows = 500_000

// lateBasis is the basis of days read right after a look at the site's late marks.
func (s *chStore) lateBasis(site string) uint32 {
	s.late.mu.Lock()
	defer s.late.mu.Unlock()
	if seen := s.late.sites[site]; seen != nil && seen.after > chLateMargin {
		return seen.after - chLateMargin
	}
	return 0
}

// storedFunnelDays are the valid stored days of [from, to) (labels), by day label and visitor.
func (s *chStore) storedFunnelDays(db *Client, q eventstore.FunnelQuery, key string, from, to time.Time) (map[string]map[string]funnelpath.Path, error) {
	rows, err := queryOn(db, `SELECT toString(d) AS day, basis, visitor, reached, times, sessions FROM funnel_days
		WHERE site_id = {:site} AND funnel = {:funnel} AND d >= toDate({:from}) AND d < toDate({:to})
		AND basis > (SELECT toUInt32(max(written)) FROM late_marks WHERE site_id = {:site})`,
		map[string]any{"site": q.SiteID, "funnel": key, "from": funneldays.Label(from), "to": funneldays.Label(to)})
	if err != nil {
		return nil, err
	}
	latest := map[string]float64{}
	for _, r := range rows {
		if r.Str("visitor") == "" {
			latest[r.Str("day")] = max(latest[r.Str("day")], r.Num("basis"))
		}
	}
	out := map[string]map[string]funnelpath.Path{}
	for day := range latest {
		out[day] = map[string]funnelpath.Path{}
	}
	sessions := map[string]string{} // one string per session
	for _, r := range rows {
		day, visitor := r.Str("day"), r.Str("visitor")
		if visitor == "" || r.Num("basis") != latest[day] {
			continue // a mark, or a version the day's latest replaced (or without its mark: not whole)
		}
		times, _ := r["times"].([]any)
		ss, _ := r["sessions"].([]any)
		p := funnelpath.Path{Reached: r.Int("reached"), Times: make([]time.Time, len(times)), Sessions: make([]string, len(ss))}
		for i, t := range times {
			ms, _ := t.(float64)
			p.Times[i] = time.UnixMilli(int64(ms)).UTC()
		}
		for i, sv := range ss {
			sess, _ := sv.(string)
			if known, ok := sessions[sess]; ok {
				sess = known
			} else {
				sessions[sess] = sess
			}
			p.Sessions[i] = sess
		}
		out[day][visitor] = p
	}
	return out, nil
}

// storeFunnelDays writes worked-out days (by label) with their basis, each with its mark.
func (s *chStore) storeFunnelDays(db *Client, q eventstore.FunnelQuery, key string, basis uint32, days map[string]map[string]funnelpath.Path) error {
	if basis == 0 {
		return nil // no look at the late marks behind them: nothing to vouch for them
	}
	var rows []any
	flush := func() error {
		err := db.Insert("funnel_days", rows)
		rows = rows[:0]
		return err
	}
	for day, paths := range days {
		if len(rows) > 0 && len(rows)+len(paths)+1 > chFunnelDaysInsertRows {
			if err := flush(); err != nil {
				return err
			}
		}
		rows = append(rows, map[string]any{"site_id": q.SiteID, "funnel": key, "d": day, "basis": basis, "visitor": "", "reached": 0,
			"times": []float64{}, "sessions": []string{}})
		for v, p := range paths {
			times := make([]float64, len(p.Times))
			for i, t := range p.Times {
				times[i] = float64(t.UnixMilli())
			}
			rows = append(rows, map[string]any{"site_id": q.SiteID, "funnel": key, "d": day, "basis": basis, "visitor": v, "reached": p.Reached,
				"times": times, "sessions": p.Sessions})
		}
	}
	return flush()
}
