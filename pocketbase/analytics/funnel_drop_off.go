package analytics

import "sort"

// funnelDropOff is both stores' FunnelDropOff: of the visitors who reached a step and no further,
// a sorted sample of their sessions at that step and the page each went to next. pathsOf and
// viewsOf are the store's own reads (funnel paths; the sessions' page views).
func funnelDropOff(q FunnelQuery, step int, pathsOf func(FunnelQuery) (map[string]funnelPath, error),
	viewsOf func(siteID string, sessions []string) (map[string][]pageView, error)) (FunnelDropOffFigures, error) {
	out := FunnelDropOffFigures{NextPages: []FunnelNextPage{}, Sessions: []string{}}
	if step < 0 || step >= len(q.Steps)-1 {
		return out, nil
	}
	paths, err := pathsOf(q)
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
	views, err := viewsOf(q.SiteID, out.Sessions)
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
