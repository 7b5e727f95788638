package analytics

import (
	"slices"
	"time"
)

// Funnels on ClickHouse: the funnel's step events (page views of the paths its patterns match,
// completions of its goals) read from raw events, then funnels.go's attempts, window and order,
// shared with SQLite.

// chFunnelChunk bounds one IN list of session keys.
const chFunnelChunk = 1000

func (s *chStore) funnelPaths(q FunnelQuery) (map[string]funnelPath, error) {
	end := q.To.Add(q.Window).Add(time.Millisecond)
	p := map[string]any{"site": q.SiteID, "from": q.From, "end": end, "fromSec": q.From.Unix() - 1, "endSec": end.Unix() + 1}
	pageMasks, goalMasks := map[string]uint16{}, map[string]uint16{}
	var goals []string
	hasPage := false
	for k, st := range q.Steps {
		if st.Goal != "" {
			goalMasks[st.Goal] |= 1 << k
			goals = append(goals, st.Goal)
		} else {
			hasPage = true
		}
	}
	var paths []string
	if hasPage {
		rows, err := s.query(`SELECT DISTINCT path FROM events WHERE site_id = {:site} AND type = 'pageview'
			AND ts >= toDateTime({:fromSec}) AND ts <= toDateTime({:endSec}) AND at >= {:from} AND at < {:end}`, p)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			path := r.Str("path")
			for k, st := range q.Steps {
				if st.Goal == "" && URLPatternMatches(st.Page, path) {
					pageMasks[path] |= 1 << k
				}
			}
			if pageMasks[path] != 0 {
				paths = append(paths, path)
			}
		}
	}
	p["paths"], p["goals"] = paths, goals
	rows, err := s.query(`SELECT visitor, session, at, type, path, goal FROM events WHERE site_id = {:site}
		AND ts >= toDateTime({:fromSec}) AND ts <= toDateTime({:endSec}) AND at >= {:from} AND at < {:end}
		AND ((type = 'pageview' AND path IN {:paths}) OR (type IN ('conversion', 'micro_conversion') AND goal IN {:goals}))`, p)
	if err != nil {
		return nil, err
	}
	byVisitor := map[string][]funnelEvent{}
	for _, r := range rows {
		mask := goalMasks[r.Str("goal")]
		if r.Str("type") == "pageview" {
			mask = pageMasks[r.Str("path")]
		}
		if mask != 0 {
			v := r.Str("visitor")
			byVisitor[v] = append(byVisitor[v], funnelEvent{at: time.UnixMilli(int64(r.Num("at"))).UTC(), steps: mask, session: r.Str("session")})
		}
	}
	out := map[string]funnelPath{}
	for v, evs := range byVisitor {
		if fp, ok := bestFunnelPath(sortFunnelEvents(evs), len(q.Steps), q.Order, q.Window, q.From, q.To); ok {
			out[v] = fp
		}
	}
	return out, nil
}

// sessionRows reads per session of a list, in chunks, the rows of sql (with {:sessions}).
func (s *chStore) sessionRows(siteID string, sessions []string, sql string, each func(r map[string]any)) error {
	for i := 0; i < len(sessions); i += chFunnelChunk {
		rows, err := s.query(sql, map[string]any{"site": siteID, "sessions": sessions[i:min(len(sessions), i+chFunnelChunk)]})
		if err != nil {
			return err
		}
		for _, r := range rows {
			each(r)
		}
	}
	return nil
}

func (s *chStore) FunnelResults(q FunnelQuery) (FunnelFigures, error) {
	paths, err := s.funnelPaths(q)
	if err != nil {
		return FunnelFigures{}, err
	}
	t := newFunnelTally(len(q.Steps))
	for _, fp := range paths {
		t.add(fp)
	}
	f := t.figures()
	if q.Breakdown == "" {
		return f, nil
	}
	dim := slices.Index(FunnelBreakdowns, q.Breakdown)
	dims, err := s.entryDims(q.SiteID, paths)
	if err != nil {
		return FunnelFigures{}, err
	}
	f.Breakdown = breakdownRows(paths, func(fp funnelPath) string { return dimOrUnknown(dims[fp.sessions[0]], dim) }, len(q.Steps))
	return f, nil
}

func (s *chStore) FunnelDropOff(q FunnelQuery, step int) (FunnelDropOffFigures, error) {
	return funnelDropOff(q, step, s.funnelPaths, s.sessionPageViews)
}

// sessionPageViews are the sessions' page views, by session.
func (s *chStore) sessionPageViews(siteID string, sessions []string) (map[string][]pageView, error) {
	views := map[string][]pageView{}
	err := s.sessionRows(siteID, sessions, `SELECT session, path, at FROM events WHERE site_id = {:site}
		AND session IN {:sessions} AND type = 'pageview'`, func(r map[string]any) {
		session, _ := r["session"].(string)
		path, _ := r["path"].(string)
		at, _ := r["at"].(float64)
		views[session] = append(views[session], pageView{path: path, at: time.UnixMilli(int64(at)).UTC()})
	})
	return views, err
}
