package clickhouse

import (
	"sort"
	"time"

	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore/funnelpath"
)

// entryDims are the breakdown values (funnelpath.Breakdowns' order) of the funnel paths' entry sessions,
// from the sessions rollup. Entries are read in time order, a chunk at a time, each chunk only
// from the days around its entries (two days either way: zones, and sessions begun the day before),
// so a chunk reads a few days' sessions, not the site's.
func (s *chStore) entryDims(siteID string, paths map[string]funnelpath.Path) (map[string][]string, error) {
	type entry struct {
		session string
		at      time.Time
	}
	var entries []entry
	for _, fp := range paths {
		entries = append(entries, entry{fp.Sessions[0], fp.Times[0]})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].at.Before(entries[j].at) })
	dims := map[string][]string{}
	const day = "2006-01-02"
	for i := 0; i < len(entries); i += chFunnelChunk {
		chunk := entries[i:min(len(entries), i+chFunnelChunk)]
		sessions := make([]string, len(chunk))
		for k, e := range chunk {
			sessions[k] = e.session
		}
		rows, err := s.query(`SELECT session, `+chSessDimsSQL+`, argMinIfMerge(entry) AS entry
			FROM sessions WHERE site_id = {:site} AND day >= toDate({:lo}) AND day <= toDate({:hi}) AND session IN {:sessions}
			GROUP BY session`, map[string]any{"site": siteID, "sessions": sessions,
			"lo": chunk[0].at.UTC().AddDate(0, 0, -2).Format(day), "hi": chunk[len(chunk)-1].at.UTC().AddDate(0, 0, 2).Format(day)})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			dims[r.Str("session")] = []string{r.Str("s_device"), r.Str("s_browser"), r.Str("s_country"), collect.Source(r.Str("s_ref")), r.Str("entry")}
		}
	}
	return dims, nil
}
