package analytics

import (
	"sort"
	"time"

	"github.com/pocketbase/dbx"
)

// Funnels over SQLite read only the rows of the funnel's steps: page views of the paths the
// steps' patterns cover (the paths come from the page rollups, matched in Go with the one URL
// pattern matcher, then read through the partial covering index on page views by path and time)
// and conversions of the steps' goals (the partial covering index on conversions by goal). Everything else (a visitor's attempts, the window, the
// order) is funnels.go, shared by every implementation.

// funnelChunk bounds the values of one IN list (SQLite's variable limit is far above it).
const funnelChunk = 400

const dbTimeLayout = "2006-01-02 15:04:05.000Z"

func (s *sqliteStore) FunnelResults(q FunnelQuery) (FunnelFigures, error) {
	paths, err := s.funnelPaths(q)
	if err != nil {
		return FunnelFigures{}, err
	}
	t := newFunnelTally(len(q.Steps))
	for _, p := range paths {
		t.add(p)
	}
	f := t.figures()
	if q.Breakdown != "" {
		sessions := make([]string, 0, len(paths))
		for _, p := range paths {
			sessions = append(sessions, p.sessions[0])
		}
		values, err := s.sessionValues(q.SiteID, sessions, q.Breakdown)
		if err != nil {
			return FunnelFigures{}, err
		}
		f.Breakdown = breakdownRows(paths, func(session string) string { return values[session] }, len(q.Steps))
	}
	return f, nil
}

func (s *sqliteStore) FunnelDropOff(q FunnelQuery, step int) (FunnelDropOffFigures, error) {
	out := FunnelDropOffFigures{NextPages: []FunnelNextPage{}, Sessions: []string{}}
	if step < 0 || step >= len(q.Steps)-1 {
		return out, nil
	}
	paths, err := s.funnelPaths(q)
	if err != nil {
		return out, err
	}
	var stopped []string
	for v, p := range paths {
		if p.reached == step+1 {
			stopped = append(stopped, v)
		}
	}
	sort.Strings(stopped) // the same sample on every call
	out.Visitors = float64(len(stopped))
	stopped = stopped[:min(len(stopped), MaxDropOffSessions)]
	seen := map[string]bool{}
	for _, v := range stopped {
		if session := paths[v].sessions[step]; !seen[session] {
			seen[session] = true
			out.Sessions = append(out.Sessions, session)
		}
	}
	views, err := s.sessionPageViews(q.SiteID, out.Sessions)
	if err != nil {
		return out, err
	}
	next := map[string]float64{}
	for _, v := range stopped {
		p := paths[v]
		next[nextPageView(views[p.sessions[step]], p.times[step])]++
	}
	for path, n := range next {
		out.NextPages = append(out.NextPages, FunnelNextPage{Path: path, Visitors: n})
	}
	sort.Slice(out.NextPages, func(i, j int) bool {
		a, b := out.NextPages[i], out.NextPages[j]
		if a.Visitors != b.Visitors {
			return a.Visitors > b.Visitors
		}
		return a.Path < b.Path
	})
	return out, nil
}

type pageView struct {
	path string
	at   time.Time
}

// sessionPageViews are the sessions' page views, by session, through the (site_id, session) index.
func (s *sqliteStore) sessionPageViews(siteID string, sessions []string) (map[string][]pageView, error) {
	out := map[string][]pageView{}
	for i := 0; i < len(sessions); i += funnelChunk {
		keys := make([]any, 0, funnelChunk)
		for _, k := range sessions[i:min(len(sessions), i+funnelChunk)] {
			keys = append(keys, k)
		}
		rows, err := sessionEventsQuery(s.app.DB(), siteID, keys).Rows()
		if err != nil {
			return nil, err
		}
		var session, kind, path, ts string
		for rows.Next() {
			if err := rows.Scan(&session, &kind, &path, &ts); err != nil {
				rows.Close()
				return nil, err
			}
			if at, err := time.Parse(dbTimeLayout, ts); err == nil && kind == "pageview" {
				out[session] = append(out[session], pageView{path: path, at: at})
			}
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sessionEventsQuery reads the sessions' events by the (site_id, session) index. The event type is
// checked in Go: a type in the query would let SQLite pick the page views' partial index by path
// and read every page view of the site.
func sessionEventsQuery(db dbx.Builder, siteID string, sessions []any) *dbx.Query {
	return db.Select("session", "type", "path", "ts").From("events").
		Where(dbx.And(dbx.HashExp{"site_id": siteID}, dbx.In("session", sessions...))).Build()
}

// nextPageView is the path of the first page view after a time ("" when there was none).
func nextPageView(views []pageView, after time.Time) string {
	next := pageView{}
	for _, v := range views {
		if v.at.After(after) && (next.path == "" || v.at.Before(next.at)) {
			next = v
		}
	}
	return next.path
}

// funnelPaths is each entrant's kept attempt, by visitor.
func (s *sqliteStore) funnelPaths(q FunnelQuery) (map[string]funnelPath, error) {
	n := len(q.Steps)
	last := q.To.Add(q.Window)
	byVisitor := map[string][]funnelEvent{}
	add := func(visitor, session, ts string, mask uint16) {
		at, err := time.Parse(dbTimeLayout, ts)
		if err != nil || mask == 0 {
			return
		}
		byVisitor[visitor] = append(byVisitor[visitor], funnelEvent{at: at, steps: mask, session: session})
	}

	pageMasks, err := s.funnelPageMasks(q, last)
	if err != nil {
		return nil, err
	}
	goalMasks := map[string]uint16{}
	for k, st := range q.Steps {
		if st.Goal != "" {
			goalMasks[st.Goal] |= 1 << k
		}
	}
	read := func(kind string, column string, masks map[string]uint16) error {
		keys := make([]any, 0, len(masks))
		for key := range masks {
			keys = append(keys, key)
		}
		for i := 0; i < len(keys); i += funnelChunk {
			rows, err := funnelRowsQuery(s.app.DB(), q.SiteID, kind, column, keys[i:min(len(keys), i+funnelChunk)], q.From, last).Rows()
			if err != nil {
				return err
			}
			var visitor, session, ts, key string
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
	if err := read("conversion", "goal", goalMasks); err != nil {
		return nil, err
	}

	paths := map[string]funnelPath{}
	for v, evs := range byVisitor {
		if p, ok := bestFunnelPath(sortFunnelEvents(evs), n, q.Order, q.Window, q.From, q.To); ok {
			paths[v] = p
		}
	}
	return paths, nil
}

// funnelRowsQuery reads the events of one kind whose column (path or goal) is one of keys, in a
// time range, from one partial covering index alone: idx_events_site_pageview_path_ts for page views,
// idx_events_site_conversion_goal_ts for conversions.
func funnelRowsQuery(db dbx.Builder, siteID, kind, column string, keys []any, from, to time.Time) *dbx.Query {
	return db.Select("visitor", "session", "ts", column).From("events").Where(dbx.And(
		dbx.HashExp{"site_id": siteID, "type": kind},
		dbx.In(column, keys...),
		dbx.Between("ts", dbTime(from), dbTime(to)),
	)).Build()
}

// funnelPageMasks maps each path viewed in the range (by the page rollups) to the page steps
// whose pattern covers it.
func (s *sqliteStore) funnelPageMasks(q FunnelQuery, last time.Time) (map[string]uint16, error) {
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
		Bind(dbx.Params{"site": q.SiteID, "from": dayOf(q.From), "to": dayOf(last)}).Column(&viewed)
	if err != nil {
		return nil, err
	}
	for _, path := range viewed {
		for k, st := range q.Steps {
			if st.Goal == "" && URLPatternMatches(st.Page, path) {
				masks[path] |= 1 << k
			}
		}
	}
	return masks, nil
}

// sessionValues is each session's value of a breakdown, from the sessions table.
func (s *sqliteStore) sessionValues(siteID string, sessions []string, breakdown string) (map[string]string, error) {
	out := map[string]string{}
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
			out[key] = sessionValue(breakdown, device, browser, country, referrer, entry)
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sessionValue names a session's breakdown value as the Analytics screen's dimensions do.
func sessionValue(breakdown, device, browser, country, referrer, entry string) string {
	v := ""
	switch breakdown {
	case BreakdownDevice:
		v = device
	case BreakdownBrowser:
		v = browser
	case BreakdownCountry:
		v = country
	case BreakdownSource:
		v = Source(referrer)
	case BreakdownLanding:
		v = entry
	}
	if v == "" {
		return "Unknown"
	}
	return v
}
