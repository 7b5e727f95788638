package sqlite

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
	"cro/pocketbase/eventstore/urlpattern"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
)

// Funnels over SQLite read only the rows of the funnel's steps: page views of the paths the
// steps' patterns cover (the paths come from the page rollups, matched in Go with the one URL
// pattern matcher, then read through the partial covering index on page views by path and time)
// and completions of the steps' goals: conversions and micro goals' completions (a partial covering
// index by goal for each). Everything else (a visitor's attempts, the window, the order) is
// funnels.go, shared by every implementation.

// funnelChunk bounds the values of one IN list (SQLite's variable limit is far above it).
const funnelChunk = 400

const dbTimeLayout = "2006-01-02 15:04:05.000Z"

func (s *sqliteStore) FunnelResults(q eventstore.FunnelQuery) (eventstore.FunnelFigures, error) {
	gen := s.dayCache.Generation(q.SiteID) // the closed tally is refused after a drop
	parts, err := funneldays.SplitParts(q, s.clock(), s.eventFunnelPaths, s.closedFunnelPaths)
	if err != nil {
		return eventstore.FunnelFigures{}, err
	}
	changes := parts.Changes() // once for the figures and the breakdown
	f := funneldays.KeptClosedFigures(s.dayCache, q, parts, gen).Figures(changes)
	if q.Breakdown != "" {
		if f.Breakdown, err = s.breakdownRows(q, parts, changes, gen); err != nil {
			return eventstore.FunnelFigures{}, err
		}
	}
	return f, nil
}

// breakdownRows are the breakdown rows of q's parts: the closed part's tally (its attempts keep
// their entry sessions' values) kept in the day cache, adjusted for the open part's visitors, whose
// values are looked up (funneldays.AdjustedRows).
func (s *sqliteStore) breakdownRows(q eventstore.FunnelQuery, parts funneldays.Parts, changes []funneldays.Change, gen uint64) ([]eventstore.FunnelBreakdownFigures, error) {
	dim := slices.Index(funnelpath.Breakdowns, q.Breakdown)
	key := funneldays.ClosedTallyKey(q, parts, q.Breakdown)
	var closed funnelpath.ValueTally
	if v, ok := s.dayCache.Get(key); ok {
		closed = v.(funnelpath.ValueTally)
	} else {
		closed = funnelpath.TallyByValue(parts.Closed, func(p funnelpath.Path) string { return funnelpath.DimOrUnknown(p.Dims, dim) }, len(q.Steps))
		s.dayCache.Put(key, closed, len(closed), gen)
	}
	var unknown []string // entry sessions of attempts read from raw events
	for _, c := range changes {
		if c.Now.Dims == nil {
			unknown = append(unknown, c.Now.Sessions[0])
		}
	}
	values, err := s.sessionDims(q.SiteID, unknown)
	if err != nil {
		return nil, err
	}
	return funneldays.AdjustedRows(closed, changes, func(p funnelpath.Path) string {
		if p.Dims != nil {
			return funnelpath.DimOrUnknown(p.Dims, dim)
		}
		return funnelpath.DimOrUnknown(values[p.Sessions[0]], dim)
	}, len(q.Steps)), nil
}

func (s *sqliteStore) FunnelDropOff(q eventstore.FunnelQuery, step int) (eventstore.FunnelDropOffFigures, error) {
	return funneldays.DropOff(s.dayCache, q, step, func() (funneldays.Parts, uint64, error) {
		gen := s.dayCache.Generation(q.SiteID)
		parts, err := funneldays.SplitParts(q, s.clock(), s.eventFunnelPaths, s.closedFunnelPaths)
		return parts, gen, err
	}, s.sessionPageViews)
}

// sessionPageViews are the sessions' page views, by session, through the (session) index.
func (s *sqliteStore) sessionPageViews(siteID string, sessions []string) (map[string][]funnelpath.PageView, error) {
	out := map[string][]funnelpath.PageView{}
	for i := 0; i < len(sessions); i += funnelChunk {
		keys := make([]any, 0, funnelChunk)
		for _, k := range sessions[i:min(len(sessions), i+funnelChunk)] {
			keys = append(keys, k)
		}
		rows, err := sessionEventsQuery(s.app.DB(), siteID, keys).Rows()
		if err != nil {
			return nil, err
		}
		var session, kind, path string
		var ts int64
		for rows.Next() {
			if err := rows.Scan(&session, &kind, &path, &ts); err != nil {
				rows.Close()
				return nil, err
			}
			if kind == "pageview" {
				out[session] = append(out[session], funnelpath.PageView{Path: path, At: eventAt(ts)})
			}
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sessionEventsQuery reads the sessions' events by the (session) index, named: left alone, the
// planner may take the site's (site_id, ts) index and read every event of the site. The event type
// is checked in Go: a type in the query would let SQLite pick the page views' partial index by
// path and read every page view of the site.
func sessionEventsQuery(db dbx.Builder, siteID string, sessions []any) *dbx.Query {
	p := dbx.Params{"site": siteID}
	marks := make([]string, len(sessions))
	for i, k := range sessions {
		name := "s" + strconv.Itoa(i)
		p[name], marks[i] = k, "{:"+name+"}"
	}
	return db.NewQuery(`SELECT session, type, path, ts FROM events INDEXED BY idx_events_session
		WHERE site_id = {:site} AND session IN (` + strings.Join(marks, ", ") + `)`).Bind(p)
}

// funnelPaths is each entrant's kept attempt, by visitor (funnel_days_test.go): the attempts of whole closed days come
// from funnel_days (funnel_days.go), the rest from raw events.
func (s *sqliteStore) funnelPaths(q eventstore.FunnelQuery) (map[string]funnelpath.Path, error) {
	return funneldays.Split(q, s.clock(), s.eventFunnelPaths, s.closedFunnelPaths)
}

// rawFunnelPaths is the kept attempt of each visitor who entered in [from, to), from raw events
// alone (funnel_days_test.go's reference).
func (s *sqliteStore) rawFunnelPaths(q eventstore.FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error) {
	return s.funnelPathsOf(q, from, to, s.funnelEventsBetween)
}

// eventFunnelPaths is rawFunnelPaths with the events of whole closed days from the event days
// (funnel_event_days.go), and the attempts worked out from the final events (up to the last whole
// hour an hour ago) kept with them: only the visitors with later events are worked out again
// (funneldays.OpenPaths, as on ClickHouse).
func (s *sqliteStore) eventFunnelPaths(q eventstore.FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error) {
	if !to.After(from) {
		return map[string]funnelpath.Path{}, nil
	}
	if err := s.handleLateFunnelEvents(q.SiteID); err != nil {
		return nil, err
	}
	// Event times have ms precision: [from, end) is [from, to + window].
	return funneldays.OpenPaths(s.dayCache, q, from, to, to.Add(q.Window).Add(time.Millisecond), s.clock(), s.funnelEventsBetween)
}

type funnelEventReader func(q eventstore.FunnelQuery, from, end time.Time) (map[string][]funnelpath.Event, error)

// funnelPathsOf is the kept attempt of each visitor who entered in [from, to), from the events of
// [from, to + window] the reader answers.
func (s *sqliteStore) funnelPathsOf(q eventstore.FunnelQuery, from, to time.Time, read funnelEventReader) (map[string]funnelpath.Path, error) {
	paths := map[string]funnelpath.Path{}
	if !to.After(from) {
		return paths, nil
	}
	// Event times have ms precision: [from, end) is [from, to + window].
	byVisitor, err := read(q, from, to.Add(q.Window).Add(time.Millisecond))
	if err != nil {
		return nil, err
	}
	for v, evs := range byVisitor {
		if p, ok := funnelpath.Best(evs, len(q.Steps), q.Order, q.Window, from, to); ok {
			paths[v] = p
		}
	}
	return paths, nil
}

// funnelEventsBetween are the visitors' raw events of the funnel's steps in [from, end), each
// visitor's sorted. A long range is read as two halves side by side (two connections, two cores).
func (s *sqliteStore) funnelEventsBetween(q eventstore.FunnelQuery, from, end time.Time) (map[string][]funnelpath.Event, error) {
	if !end.After(from) {
		return map[string][]funnelpath.Event{}, nil
	}
	pageMasks, err := s.funnelPageMasks(q, from, end)
	if err != nil {
		return nil, err
	}
	goalMasks := map[string]uint16{}
	for k, st := range q.Steps {
		if st.Goal != "" {
			goalMasks[st.Goal] |= 1 << k
		}
	}
	mid := end // a short range is one read
	if end.Sub(from) >= 48*time.Hour {
		mid = from.Add(end.Sub(from) / 2).Truncate(time.Millisecond)
	}
	var second map[string][]funnelpath.Event
	var secondErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		second, secondErr = s.funnelEventsIn(q, pageMasks, goalMasks, mid, end)
	}()
	first, err := s.funnelEventsIn(q, pageMasks, goalMasks, from, mid)
	<-done
	if err != nil {
		return nil, err
	}
	if secondErr != nil {
		return nil, secondErr
	}
	for v, evs := range second {
		first[v] = append(first[v], evs...)
	}
	for v, evs := range first {
		first[v] = funnelpath.SortEvents(evs)
	}
	return first, nil
}

// funnelEventsIn reads the steps' events in [from, to), by visitor, unsorted.
func (s *sqliteStore) funnelEventsIn(q eventstore.FunnelQuery, pageMasks, goalMasks map[string]uint16, from, to time.Time) (map[string][]funnelpath.Event, error) {
	byVisitor := map[string][]funnelpath.Event{}
	sessions := map[string]string{} // one string per session, however many of its rows are read
	add := func(visitor, session string, ts int64, mask uint16) {
		if mask == 0 {
			return
		}
		at := eventAt(ts)
		if known, ok := sessions[session]; ok {
			session = known
		} else {
			sessions[session] = session
		}
		byVisitor[visitor] = append(byVisitor[visitor], funnelpath.Event{At: at, Steps: mask, Session: session})
	}
	read := func(kind string, column string, masks map[string]uint16) error {
		keys := make([]any, 0, len(masks))
		for key := range masks {
			keys = append(keys, key)
		}
		for i := 0; i < len(keys); i += funnelChunk {
			rows, err := funnelRowsQuery(s.app.DB(), q.SiteID, kind, column, keys[i:min(len(keys), i+funnelChunk)], from, to).Rows()
			if err != nil {
				return err
			}
			var visitor, session, key string
			var ts int64
			for rows.Next() {
				if err := rows.Scan(&visitor, &session, &ts, &key); err != nil {
					rows.Close()
					return err
				}
				add(visitor, session, ts, masks[key])
			}
			if err := rows.Close(); err != nil {
				return err
			}
		}
		return nil
	}
	if err := read("pageview", "path", pageMasks); err != nil {
		return nil, err
	}
	// A goal step is a conversion or, for a micro goal, a micro_conversion (a goal made micro or
	// not later keeps both kinds of rows).
	for _, kind := range []string{"conversion", "micro_conversion"} {
		if err := read(kind, "goal", goalMasks); err != nil {
			return nil, err
		}
	}
	return byVisitor, nil
}

// funnelRowsQuery reads the events of one kind whose column (path or goal) is one of keys, in
// [from, to), from one partial covering index alone: idx_events_site_pageview_path_ts for page views,
// idx_events_site_conversion_goal_ts for conversions, idx_events_site_micro_goal_ts for micro goals' completions.
func funnelRowsQuery(db dbx.Builder, siteID, kind, column string, keys []any, from, to time.Time) *dbx.Query {
	return db.Select("visitor", "session", "ts", column).From("events").Where(dbx.And(
		dbx.HashExp{"site_id": siteID, "type": kind},
		dbx.In(column, keys...),
		dbx.NewExp("ts >= {:from} AND ts < {:to}", dbx.Params{"from": eventTime(from), "to": eventTime(to)}),
	)).Build()
}

// funnelPageMasks maps each path viewed in [from, last] (by the page rollups) to the page steps
// whose pattern covers it. Rollups are on the site's local days: a day more on each side covers
// every zone.
func (s *sqliteStore) funnelPageMasks(q eventstore.FunnelQuery, from, last time.Time) (map[string]uint16, error) {
	masks := map[string]uint16{}
	hasPage := false
	for _, st := range q.Steps {
		hasPage = hasPage || st.Goal == ""
	}
	if !hasPage {
		return masks, nil
	}
	var viewed []string
	err := s.app.DB().NewQuery(`SELECT DISTINCT path FROM analytics_pages WHERE site_id = {:site} AND day >= {:from} AND day <= {:to}`).
		Bind(dbx.Params{"site": q.SiteID, "from": dayOf(from.AddDate(0, 0, -1)), "to": dayOf(last.AddDate(0, 0, 1))}).Column(&viewed)
	if err != nil {
		return nil, err
	}
	for _, path := range viewed {
		for k, st := range q.Steps {
			if st.Goal == "" && urlpattern.Matches(st.Page, path) {
				masks[path] |= 1 << k
			}
		}
	}
	return masks, nil
}

// sessionDims are each session's breakdown values (funnelpath.Breakdowns' order), from the sessions
// cache (funnel_session_dims.go) or the sessions table.
func (s *sqliteStore) sessionDims(siteID string, sessions []string) (map[string][]string, error) {
	known, missing, gen := s.sessionDimsCache.known(siteID, sessions)
	read, err := s.readSessionDims(siteID, missing)
	if err != nil {
		return nil, err
	}
	s.sessionDimsCache.put(siteID, read, gen)
	for k, d := range read {
		known[k] = d
	}
	return known, nil
}

// readSessionDims reads the sessions' breakdown values from the sessions table.
func (s *sqliteStore) readSessionDims(siteID string, sessions []string) (map[string][]string, error) {
	out := map[string][]string{}
	for i := 0; i < len(sessions); i += funnelChunk {
		keys := make([]any, 0, funnelChunk)
		for _, k := range sessions[i:min(len(sessions), i+funnelChunk)] {
			keys = append(keys, k)
		}
		rows, err := s.app.DB().Select("session_key", "device_type", "browser", "country", "referrer", "entry_path").From("sessions").
			Where(dbx.And(dbx.HashExp{"site_id": siteID}, dbx.In("session_key", keys...))).Rows()
		if err != nil {
			return nil, err
		}
		var key, device, browser, country, referrer, entry string
		for rows.Next() {
			if err := rows.Scan(&key, &device, &browser, &country, &referrer, &entry); err != nil {
				rows.Close()
				return nil, err
			}
			out[key] = []string{device, browser, country, collect.Source(referrer), entry}
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
