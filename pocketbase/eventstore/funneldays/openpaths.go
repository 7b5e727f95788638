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

// OpenAttempts are the kept attempts of an open range (OpenAttemptsOf) and how they were worked
// out: the kept prefix's (Kept, read-only, named KeptAt) with the attempts of the visitors with
// later events (Redone) worked out again. Without a prefix (Kept nil), every visitor was redone.
type OpenAttempts struct {
	Paths  map[string]funnelpath.Path // every entrant's (the caller's own map)
	Kept   map[string]funnelpath.Path
	KeptAt string
	Redone []string
}

// OpenPaths is the kept attempt of each visitor who entered in [from, to), from the step events of
// [from, end) (end: to plus the window); read reads raw events. The caller has handled the site's
// late events first.
func OpenPaths(c *Cache, q eventstore.FunnelQuery, from, to, end, now time.Time, read EventReader) (map[string]funnelpath.Path, error) {
	a, err := OpenAttemptsOf(c, q, from, to, end, now, read)
	return a.Paths, err
}

// OpenAttemptsOf is OpenPaths with what it kept and what it worked out again.
func OpenAttemptsOf(c *Cache, q eventstore.FunnelQuery, from, to, end, now time.Time, read EventReader) (OpenAttempts, error) {
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
			return OpenAttempts{}, err
		}
		return OpenAttempts{Paths: best(byVisitor)}, nil
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
			return OpenAttempts{}, err
		}
		kept = &openDays{events: events, paths: best(events)}
		c.Put(keyAt(cut), kept, len(events)+len(kept.paths), gen)
		c.Forget(keyAt(cut.Add(-time.Hour)))
	}
	rest, err := read(q, cut, end)
	if err != nil {
		return OpenAttempts{}, err
	}
	out := maps.Clone(kept.paths)
	redone := make([]string, 0, len(rest))
	for v, more := range rest {
		redone = append(redone, v)
		old := kept.events[v]
		all := append(old[:len(old):len(old)], more...) // copies: the kept events are never written
		if p, ok := funnelpath.Best(all, len(q.Steps), q.Order, q.Window, from, to); ok {
			out[v] = p
		} else {
			delete(out, v)
		}
	}
	return OpenAttempts{Paths: out, Kept: kept.paths, KeptAt: keyAt(cut).Day, Redone: redone}, nil
}
