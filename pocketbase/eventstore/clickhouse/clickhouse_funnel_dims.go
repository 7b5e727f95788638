package clickhouse

import (
	"sort"
	"time"

	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
)

// A funnel's breakdown needs its entrants' entry sessions' values (device, browser, country, source,
// entry page), read from the sessions rollup. An entry session of a closed day (UTC, chSettleLag
// days back) changes only through a late event, so its values are kept in the funnel day cache (by
// the entry's UTC day, shared by every funnel of the site) and dropped with the site's funnel days
// when late_marks shows such an event; a warm breakdown reads only the open days' sessions. Values
// are kept only when read from whole inserts (wholeDays before and after the read), as settled days.

// chDimsFunnel names the entry sessions' values in the funnel day cache (not a funnel key).
const chDimsFunnel = "\x00entry-dims"

// chDimsChunk bounds one read's IN list of session keys (ClickHouse parses at most 256 KiB of query).
const chDimsChunk = 4000

type chEntry struct {
	session string
	at      time.Time
}

// entryDims are the breakdown values (funnelpath.Breakdowns' order) of the funnel paths' entry
// sessions, as a lookup by path: closed days' and final ones' (chEntryFinal) from the day cache,
// the rest read (readEntryDims). Per entrant it costs a day number and a lookup in that day's kept
// map: no day label is formatted and no map of every entrant is built.
func (s *chStore) entryDims(db *Client, siteID string, paths []funnelpath.Path) (func(funnelpath.Path) []string, error) {
	unlock := funneldays.LockSite("clickhouse:" + siteID)
	err := s.dropLateFunnelDays(siteID)
	gen := s.dayCache.Generation(siteID)
	quiet := s.lateQuiet(siteID)
	unlock()
	if err != nil {
		return nil, err
	}
	now := time.Now()
	closedBefore := chDimsClosedBefore(now)
	finalBefore := now.Add(-chEntryFinal)
	key := func(day int64) funneldays.CacheKey {
		return funneldays.CacheKey{Site: siteID, Funnel: chDimsFunnel, Day: chDayLabel(day)}
	}
	cached := map[int64]map[string][]string{}
	keptOf := func(day int64) map[string][]string {
		m, ok := cached[day]
		if !ok {
			v, _ := s.dayCache.Get(key(day))
			m, _ = v.(map[string][]string)
			cached[day] = m
		}
		return m
	}
	// keepable: an entry whose values may be kept (and so looked up among the kept ones).
	keepable := func(day int64, at time.Time) bool { return day < closedBefore || (quiet && at.Before(finalBefore)) }
	var missing []chEntry
	for _, fp := range paths {
		if day := chUTCDay(fp.Times[0]); keepable(day, fp.Times[0]) {
			if _, ok := keptOf(day)[fp.Sessions[0]]; ok {
				continue
			}
		}
		missing = append(missing, chEntry{fp.Sessions[0], fp.Times[0]})
	}
	read := map[string][]string{}
	lookup := func(fp funnelpath.Path) []string { // kept first: most entrants are of closed days
		if day := chUTCDay(fp.Times[0]); keepable(day, fp.Times[0]) {
			if v, ok := keptOf(day)[fp.Sessions[0]]; ok {
				return v // nil: no session row
			}
		}
		return read[fp.Sessions[0]]
	}
	if len(missing) == 0 {
		return lookup, nil
	}
	sort.Slice(missing, func(i, j int) bool { return missing[i].at.Before(missing[j].at) })
	// Closed days' values are kept only if their days' inserts were whole before and after the read.
	keepClosed := chUTCDay(missing[0].at) < closedBefore
	var lo, hi string
	var counts map[string]uint64
	if keepClosed {
		last := 0
		for last+1 < len(missing) && chUTCDay(missing[last+1].at) < closedBefore {
			last++
		}
		lo, hi = dimsDays(missing[0], missing[last])
		if counts, err = s.dayCountsOn(db, siteID, dayBefore(lo), dayAfter(hi)); err == nil {
			keepClosed, err = s.wholeDays(db, siteID, lo, hi, counts)
		}
		if err != nil {
			return nil, err
		}
	}
	if read, err = s.readEntryDims(db, siteID, missing); err != nil {
		return nil, err
	}
	if keepClosed {
		if keepClosed, err = s.wholeDays(db, siteID, lo, hi, counts); err != nil {
			return lookup, err
		}
	}
	fresh := map[int64]map[string][]string{}
	for _, e := range missing {
		day := chUTCDay(e.at)
		v, found := read[e.session]
		switch {
		case day < closedBefore && !keepClosed:
			continue
		case day >= closedBefore && !(quiet && e.at.Before(finalBefore) && found):
			continue // an open day's entry is kept once final, and only with its session's row
		}
		if fresh[day] == nil { // cached maps are read-only: copied, then replaced
			fresh[day] = make(map[string][]string, len(cached[day])+1)
			for k, v := range cached[day] {
				fresh[day][k] = v
			}
		}
		fresh[day][e.session] = v // nil: no session row, looked up once
	}
	for day, m := range fresh {
		s.dayCache.Put(key(day), m, len(m), gen)
	}
	return lookup, nil
}

// chEntryFinal is how old a funnel entry of a day not closed yet must be for its entry session's
// values to be kept: an earlier event of that session (the only kind that changes them: they are
// the session's first event's) is then over funneldays.LateAfter old, so late, and leaves a late
// mark that drops the site's kept values; chLateMargin more covers an insert begun before that
// hour still running its views. They are kept only while the site's late marks are quiet
// (lateQuiet: a late insert's sessions view may run after its mark's), and only with a session
// row. So a breakdown reads the entry sessions of the last hour or so, not of the last
// chSettleLag days (at 5M events those reads, two per request, were most of its time).
const chEntryFinal = funneldays.LateAfter + chLateMargin*time.Second

// chUTCDay is t's UTC day as a day number; chDayLabel its label; chDimsClosedBefore the first day
// number whose entry sessions are not closed yet (chSettleLag days before today, UTC).
func chUTCDay(t time.Time) int64             { return floorDiv(t.UnixMilli(), chDayMS) }
func chDayLabel(day int64) string            { return time.UnixMilli(day * chDayMS).UTC().Format(time.DateOnly) }
func chDimsClosedBefore(now time.Time) int64 { return chUTCDay(now) - chSettleLag }

// keptEntryDims looks an entry's values up among the closed days' kept ones only (ok: kept).
func (s *chStore) keptEntryDims(siteID string) func(funnelpath.Path) ([]string, bool) {
	return s.keptEntryDimsBefore(siteID, chDimsClosedBefore(time.Now()))
}

// keptEntryDimsBefore looks an entry's values up among the kept ones of days before closedBefore
// (an open day's are kept only once final).
func (s *chStore) keptEntryDimsBefore(siteID string, closedBefore int64) func(funnelpath.Path) ([]string, bool) {
	kept := map[int64]map[string][]string{}
	return func(fp funnelpath.Path) ([]string, bool) {
		day := chUTCDay(fp.Times[0])
		if day >= closedBefore {
			return nil, false
		}
		m, ok := kept[day]
		if !ok {
			got, _ := s.dayCache.Get(funneldays.CacheKey{Site: siteID, Funnel: chDimsFunnel, Day: chDayLabel(day)})
			m, _ = got.(map[string][]string)
			kept[day] = m
		}
		v, ok := m[fp.Sessions[0]]
		return v, ok
	}
}

// dimsDays are the local days an entry's session rows are read from: two days either side of
// the entries' UTC days (zones, and sessions begun the day before).
func dimsDays(first, last chEntry) (lo, hi string) {
	return first.at.UTC().AddDate(0, 0, -2).Format(time.DateOnly), last.at.UTC().AddDate(0, 0, 2).Format(time.DateOnly)
}

// readEntryDims reads the entries' sessions' values (entries in time order), a chunk of
// chDimsChunk at a time, each chunk only from the days around its entries, chunks read together.
func (s *chStore) readEntryDims(db *Client, siteID string, entries []chEntry) (map[string][]string, error) {
	var chunks [][]chEntry
	for i := 0; i < len(entries); i += chDimsChunk {
		chunks = append(chunks, entries[i:min(len(entries), i+chDimsChunk)])
	}
	results := make([]map[string][]string, len(chunks))
	err := s.queryEach(len(chunks), func(i int) error {
		chunk := chunks[i]
		sessions := make([]string, len(chunk))
		for k, e := range chunk {
			sessions[k] = e.session
		}
		lo, hi := dimsDays(chunk[0], chunk[len(chunk)-1])
		results[i] = make(map[string][]string, len(chunk))
		return queryEachOf(db, `SELECT session, `+chSessDimsSQL+`, argMinIfMerge(entry) AS entry
			FROM sessions WHERE site_id = {:site} AND day >= toDate({:lo}) AND day <= toDate({:hi}) AND session IN {:sessions}
			GROUP BY session`, map[string]any{"site": siteID, "sessions": sessions, "lo": lo, "hi": hi}, func(r *chEntryDimsRow) error {
			results[i][r.Session] = []string{r.Device, r.Browser, r.Country, collect.Source(r.Ref), r.Entry}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	dims := map[string][]string{}
	for _, m := range results {
		for k, v := range m {
			dims[k] = v
		}
	}
	return dims, nil
}

// chEntryDimsRow is a row of readEntryDims (the other columns of chSessDimsSQL are skipped).
type chEntryDimsRow struct {
	Session string `json:"session"`
	Ref     string `json:"s_ref"`
	Device  string `json:"s_device"`
	Browser string `json:"s_browser"`
	Country string `json:"s_country"`
	Entry   string `json:"entry"`
}
