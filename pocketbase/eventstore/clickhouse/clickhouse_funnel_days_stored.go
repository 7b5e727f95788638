package clickhouse

import (
	"maps"
	"slices"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
)

// Funnel days stored (migration 23): a closed day's kept attempts, once worked out, are written to
// funnel_days, and so are a closed day's step events (funneldays.EventDays: the open days' and a
// range's partial first day's), so that a server that did not work them out (after a restart,
// another server) reads them instead of the days' raw events (at 50M events the first funnel read
// after a restart took 19.6 s). Each day's rows are written in one insert with a day mark (visitor
// "") and their basis: ClickHouse's clock at the look at late_marks made just
// before the day's events were read, less chLateMargin. A late mark written at or after a day's
// basis may hold an event the day missed, so a stored day counts only when its basis is after
// every late mark of the site (the rule by which memory drops the site's days); of a day's valid
// versions the latest basis is read. Retention deletes the days with the events (PruneSite).
var funnelDaysStep = Migration{Version: 23, Name: "funnel_days", SQL: []string{
	`CREATE TABLE IF NOT EXISTS funnel_days (site_id String, funnel String, kind String, d Date, basis UInt32, visitor String,
		reached UInt8, times Array(Float64), masks Array(UInt16), sessions Array(String), written DateTime DEFAULT now())
		ENGINE = MergeTree PARTITION BY toYYYYMM(d) ORDER BY (site_id, funnel, kind, d, visitor)`,
}}

// The kinds of stored days: a day's kept attempts (reached, times, sessions) and its step events
// (times, masks, sessions).
const (
	chAttemptDays = "attempts"
	chEventDays   = "events"
)

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

// storedDays reads the rows of the valid stored days of a kind in [from, to), each day's latest
// version, handing each row to each with its day label as it arrives (the row is reused); days
// are the labels of the days found. ClickHouse picks each day's latest valid version by its mark
// (a version without its mark is not whole), so the rows are never all held at once.
func storedDays(db *Client, kind string, q eventstore.FunnelQuery, key string, from, to time.Time, each func(r *chStoredDayRow)) (days []string, err error) {
	const ofDays = `site_id = {:site} AND funnel = {:funnel} AND kind = {:kind} AND d >= toDate({:from}) AND d < toDate({:to})`
	err = queryEachOf(db, `SELECT toString(d) AS day, visitor, reached, times, masks, sessions FROM funnel_days
		WHERE `+ofDays+` AND (d, basis) IN (SELECT d, max(basis) FROM funnel_days
			WHERE `+ofDays+` AND visitor = '' AND basis > `+chLateMarksAfter+` GROUP BY d)`,
		map[string]any{"site": q.SiteID, "funnel": key, "kind": kind, "from": funneldays.Label(from), "to": funneldays.Label(to)},
		func(r *chStoredDayRow) error {
			if r.Visitor == "" {
				days = append(days, r.Day)
			} else {
				each(r)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	return days, nil
}

// chStoredDayRow is a row of funnel_days as storedDays reads it.
type chStoredDayRow struct {
	Day      string    `json:"day"`
	Visitor  string    `json:"visitor"`
	Reached  int       `json:"reached"`
	Times    []float64 `json:"times"`
	Masks    []uint16  `json:"masks"`
	Sessions []string  `json:"sessions"`
}

// chLateMarksAfter is the second of a site's latest late mark (0 when none): what a stored basis must be after.
const chLateMarksAfter = `(SELECT toUInt32(max(written)) FROM late_marks WHERE site_id = {:site})`

// storeDays writes days' rows of a kind (each day's mark, then rows(day)'s) with their basis, whole days per insert.
func storeDays(db *Client, kind string, q eventstore.FunnelQuery, key string, basis uint32, days []string,
	rows func(day string) []map[string]any) error {
	if basis == 0 {
		return nil // no look at the late marks behind them: nothing to vouch for them
	}
	var batch []any
	flush := func() error {
		err := db.Insert("funnel_days", batch)
		batch = batch[:0]
		return err
	}
	for _, day := range days {
		dayRows := rows(day)
		if len(batch) > 0 && len(batch)+len(dayRows)+1 > chFunnelDaysInsertRows {
			if err := flush(); err != nil {
				return err
			}
		}
		mark := map[string]any{"visitor": ""} // the other columns' defaults
		for _, r := range append([]map[string]any{mark}, dayRows...) {
			row := map[string]any{"site_id": q.SiteID, "funnel": key, "kind": kind, "d": day, "basis": basis}
			for k, v := range r {
				row[k] = v
			}
			batch = append(batch, row)
		}
	}
	return flush()
}

// interned hands out one string per session of a read.
type interned map[string]string

func (in interned) of(s string) string {
	if known, ok := in[s]; ok {
		return known
	}
	in[s] = s
	return s
}

func millis(ms float64) time.Time { return time.UnixMilli(int64(ms)).UTC() }

// storedFunnelDays are the valid stored days of [from, to) (labels), by day label and visitor.
func (s *chStore) storedFunnelDays(db *Client, q eventstore.FunnelQuery, key string, from, to time.Time) (map[string]map[string]funnelpath.Path, error) {
	out := map[string]map[string]funnelpath.Path{}
	sessions := interned{}
	days, err := storedDays(db, chAttemptDays, q, key, from, to, func(r *chStoredDayRow) {
		p := funnelpath.Path{Reached: r.Reached, Times: make([]time.Time, len(r.Times)), Sessions: make([]string, len(r.Sessions))}
		for i, t := range r.Times {
			p.Times[i] = millis(t)
		}
		for i, sv := range r.Sessions {
			p.Sessions[i] = sessions.of(sv)
		}
		if out[r.Day] == nil {
			out[r.Day] = map[string]funnelpath.Path{}
		}
		out[r.Day][r.Visitor] = p
	})
	for _, day := range days {
		if out[day] == nil {
			out[day] = map[string]funnelpath.Path{}
		}
	}
	return out, err
}

// storeFunnelDays writes worked-out days (by label) with their basis.
func (s *chStore) storeFunnelDays(db *Client, q eventstore.FunnelQuery, key string, basis uint32, days map[string]map[string]funnelpath.Path) error {
	return storeDays(db, chAttemptDays, q, key, basis, slices.Collect(maps.Keys(days)), func(day string) []map[string]any {
		out := make([]map[string]any, 0, len(days[day]))
		for v, p := range days[day] {
			times := make([]float64, len(p.Times))
			for i, t := range p.Times {
				times[i] = float64(t.UnixMilli())
			}
			out = append(out, map[string]any{"visitor": v, "reached": p.Reached, "times": times, "sessions": p.Sessions})
		}
		return out
	})
}

// chEventDayStore keeps the funnels' closed event days in funnel_days (funneldays.EventDayStore).
type chEventDayStore struct{ s *chStore }

func (e chEventDayStore) LoadEventDays(q eventstore.FunnelQuery, from, to time.Time) (map[string]map[string][]funnelpath.Event, uint32, error) {
	basis := e.s.lateBasis(q.SiteID) // the caller looked at the late marks just before (eventFunnelPaths)
	out := map[string]map[string][]funnelpath.Event{}
	sessions := interned{}
	days, err := storedDays(e.s.db, chEventDays, q, funneldays.Key(q), from, to, func(r *chStoredDayRow) {
		evs := make([]funnelpath.Event, min(len(r.Times), len(r.Masks), len(r.Sessions)))
		for i := range evs {
			evs[i] = funnelpath.Event{At: millis(r.Times[i]), Steps: r.Masks[i], Session: sessions.of(r.Sessions[i])}
		}
		if out[r.Day] == nil {
			out[r.Day] = map[string][]funnelpath.Event{}
		}
		out[r.Day][r.Visitor] = evs
	})
	for _, day := range days {
		if out[day] == nil {
			out[day] = map[string][]funnelpath.Event{}
		}
	}
	return out, basis, err
}

func (e chEventDayStore) SaveEventDays(q eventstore.FunnelQuery, basis uint32, days map[string]map[string][]funnelpath.Event) error {
	return storeDays(e.s.db, chEventDays, q, funneldays.Key(q), basis, slices.Collect(maps.Keys(days)), func(day string) []map[string]any {
		out := make([]map[string]any, 0, len(days[day]))
		for v, evs := range days[day] {
			ats, masks, sessions := make([]float64, len(evs)), make([]uint16, len(evs)), make([]string, len(evs))
			for i, e := range evs {
				ats[i], masks[i], sessions[i] = float64(e.At.UnixMilli()), e.Steps, e.Session
			}
			out = append(out, map[string]any{"visitor": v, "times": ats, "masks": masks, "sessions": sessions})
		}
		return out
	})
}
