package clickhouse

import (
	"bytes"
	"encoding/json"
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
// after a restart took 19.6 s). Each day's rows are written with their basis, then a day mark
// (visitor ""), in bounded inserts (a day may span several; a version without its mark is never read):
// the basis is ClickHouse's clock at the look at late_marks made just
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

// chFunnelDaysInsertRows and chFunnelDaysInsertBytes bound one insert of stored days: the rows
// are encoded as they are made and sent in chunks, so a write is never held whole (at 50M events
// half a 1.13 GB heap was one insert's rows). A day may span chunks: its mark is written after
// its rows, and a reader takes only a (day, basis) with a mark, so a day is read only once whole.
var (
	chFunnelDaysInsertRows  = 50_000
	chFunnelDaysInsertBytes = 8 << 20
)

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

// chFunnelDayRow is a row of funnel_days as storeDays writes it; empty arrays are left to their defaults.
type chFunnelDayRow struct {
	SiteID   string    `json:"site_id"`
	Funnel   string    `json:"funnel"`
	Kind     string    `json:"kind"`
	D        string    `json:"d"`
	Basis    uint32    `json:"basis"`
	Visitor  string    `json:"visitor"`
	Reached  int       `json:"reached"`
	Times    []float64 `json:"times,omitempty"`
	Masks    []uint16  `json:"masks,omitempty"`
	Sessions []string  `json:"sessions,omitempty"`
}

// storeDays writes days' rows of a kind with their basis (each day's rows, from rows(day, put),
// then its mark) in bounded inserts.
func storeDays(db *Client, kind string, q eventstore.FunnelQuery, key string, basis uint32, days []string,
	rows func(day string, put func(chFunnelDayRow) error) error) error {
	return storeDaysBy(func(body []byte) error { return db.InsertEncoded("funnel_days", [][]byte{body}) },
		kind, q, key, basis, days, rows)
}

// storeDaysBy is storeDays sending each chunk (JSONEachRow) to insert, which returns once it is written.
func storeDaysBy(insert func(body []byte) error, kind string, q eventstore.FunnelQuery, key string, basis uint32, days []string,
	rows func(day string, put func(chFunnelDayRow) error) error) error {
	if basis == 0 {
		return nil // no look at the late marks behind them: nothing to vouch for them
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		err := insert(buf.Bytes())
		buf.Reset()
		n = 0
		return err
	}
	for _, day := range days {
		put := func(r chFunnelDayRow) error {
			r.SiteID, r.Funnel, r.Kind, r.D, r.Basis = q.SiteID, key, kind, day, basis
			if err := enc.Encode(&r); err != nil {
				return err
			}
			if n++; n >= chFunnelDaysInsertRows || buf.Len() >= chFunnelDaysInsertBytes {
				return flush()
			}
			return nil
		}
		if err := rows(day, put); err != nil {
			return err
		}
		if err := put(chFunnelDayRow{}); err != nil { // the day's mark (visitor ""), after all its rows
			return err
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
	return storeDays(db, chAttemptDays, q, key, basis, slices.Collect(maps.Keys(days)), func(day string, put func(chFunnelDayRow) error) error {
		var times []float64 // reused: put encodes the row before the next is made
		for v, p := range days[day] {
			times = times[:0]
			for _, t := range p.Times {
				times = append(times, float64(t.UnixMilli()))
			}
			if err := put(chFunnelDayRow{Visitor: v, Reached: p.Reached, Times: times, Sessions: p.Sessions}); err != nil {
				return err
			}
		}
		return nil
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
	return storeDays(e.s.db, chEventDays, q, funneldays.Key(q), basis, slices.Collect(maps.Keys(days)), func(day string, put func(chFunnelDayRow) error) error {
		var ats []float64 // reused: put encodes the row before the next is made
		var masks []uint16
		var sessions []string
		for v, evs := range days[day] {
			ats, masks, sessions = ats[:0], masks[:0], sessions[:0]
			for _, e := range evs {
				ats, masks, sessions = append(ats, float64(e.At.UnixMilli())), append(masks, e.Steps), append(sessions, e.Session)
			}
			if err := put(chFunnelDayRow{Visitor: v, Times: ats, Masks: masks, Sessions: sessions}); err != nil {
				return err
			}
		}
		return nil
	})
}
