package funneldays

import (
	"maps"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// The days whose windows are still open change with every new event, but only for the visitors
// who send one: the kept attempts worked out from the final events (StepEvents up to the last
// whole hour an hour ago) are kept with those events, and a query works out again only the
// attempts of the visitors with events after that hour, from raw events.

// openDays is the final part of a range's open days: its events, by visitor, and the attempts
// they give.
type openDays struct {
	events map[string][]funnelpath.Event
	paths  map[string]funnelpath.Path
}

// OpenPaths is the kept attempt of each visitor who entered in [from, to), from the step events of
// [from, end) (end: to plus the window); read reads raw events. The caller has handled the site's
// late events first.
func OpenPaths(c *Cache, q eventstore.FunnelQuery, from, to, end, now time.Time, read EventReader) (map[string]funnelpath.Path, error) {
	best := func(byVisitor map[string][]funnelpath.Event) map[string]funnelpath.Path {
		out := map[string]funnelpath.Path{}
		for v, evs := range byVisitor {
			if p, ok := funnelpath.Best(evs, len(q.Steps), q.Order, q.Window, from, to); ok {
				out[v] = p
			}
		}
		return out
	}
	cut := MinTime(now.Add(-LateAfter).Truncate(time.Hour), end)
	if !cut.After(from) {
		byVisitor, err := read(q, from, end)
		if err != nil {
			return nil, err
		}
		return best(byVisitor), nil
	}
	keyAt := func(cut time.Time) CacheKey {
		return CacheKey{Site: q.SiteID, Funnel: Key(q), Events: true,
			Day: "open " + from.UTC().Format(time.RFC3339Nano) + " " + to.UTC().Format(time.RFC3339Nano) + " " + end.UTC().Format(time.RFC3339Nano) + " " + cut.UTC().Format(time.RFC3339Nano)}
	}
	var kept *openDays
	if v, ok := c.Get(keyAt(cut)); ok {
		kept = v.(*openDays)
	} else {
		gen := c.Generation(q.SiteID)
		events, err := StepEvents(c, q, from, cut, now, read)
		if err != nil {
			return nil, err
		}
		kept = &openDays{events: events, paths: best(events)}
		c.Put(keyAt(cut), kept, len(events)+len(kept.paths), gen)
		c.Forget(keyAt(cut.Add(-time.Hour)))
	}
	rest, err := read(q, cut, end)
	if err != nil {
		return nil, err
	}
	out := maps.Clone(kept.paths)
	for v, more := range rest {
		old := kept.events[v]
		all := append(old[:len(old):len(old)], more...) // copies: the kept events are never written
		if p, ok := funnelpath.Best(all, len(q.Steps), q.Order, q.Window, from, to); ok {
			out[v] = p
		} else {
			delete(out, v)
		}
	}
	return out, nil
}
