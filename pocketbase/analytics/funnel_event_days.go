package analytics

import (
	"sync"
	"time"
)

// Funnel event days: the steps' events of one closed day of the site's calendar, by visitor, kept
// in memory. Stored funnel days (funnel_days.go) hold the attempts of days whose windows are over;
// the days still open (the last window's) and the windows after a range's partial first day need
// the events themselves, which are the same on every query once their day is over and lateAfter
// more has passed. So a query reads raw events only for the partial days at its ends and the day
// not closed yet (today), and the whole days in between come from here.
//
// A late event (funnel_late.go) drops the site's event days when the next funnel query handles its
// mark, and retention drops them with the events; the cache is bounded by the events it holds and
// forgets the days used least recently.

// maxCachedFunnelEvents bounds the events held (about 50 bytes each): a 5,000,000-event site's
// open days and a range's partial first day take some 150,000.
const maxCachedFunnelEvents = 1_000_000

type funnelEventDayKey struct{ site, funnel, day string }

type funnelEventDay struct {
	byVisitor map[string][]funnelEvent // each visitor's events, sorted (sortFunnelEvents)
	events    int
	used      uint64
}

type funnelEventCache struct {
	mu    sync.Mutex
	days  map[funnelEventDayKey]*funnelEventDay
	gen   map[string]uint64 // per site: bumped when its days are dropped
	held  int
	clock uint64
}

func newFunnelEventCache() *funnelEventCache {
	return &funnelEventCache{days: map[funnelEventDayKey]*funnelEventDay{}, gen: map[string]uint64{}}
}

// generation is the site's count of drops: a day read from raw events is kept only when no drop
// happened since the read began (it could hold events the drop meant to undo).
func (c *funnelEventCache) generation(site string) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen[site]
}

func (c *funnelEventCache) get(k funnelEventDayKey) (map[string][]funnelEvent, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.days[k]
	if !ok {
		return nil, false
	}
	c.clock++
	d.used = c.clock
	return d.byVisitor, true
}

func (c *funnelEventCache) put(k funnelEventDayKey, byVisitor map[string][]funnelEvent, gen uint64) {
	n := 0
	for _, evs := range byVisitor {
		n += len(evs)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen[k.site] != gen {
		return
	}
	if old, ok := c.days[k]; ok {
		c.held -= old.events
	}
	c.clock++
	c.days[k] = &funnelEventDay{byVisitor: byVisitor, events: n, used: c.clock}
	c.held += n
	for c.held > maxCachedFunnelEvents && len(c.days) > 1 {
		var oldest funnelEventDayKey
		var at uint64
		for key, d := range c.days {
			if at == 0 || d.used < at {
				oldest, at = key, d.used
			}
		}
		c.held -= c.days[oldest].events
		delete(c.days, oldest)
	}
}

// drop forgets every event day of a site.
func (c *funnelEventCache) drop(site string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen[site]++
	for k, d := range c.days {
		if k.site == site {
			c.held -= d.events
			delete(c.days, k)
		}
	}
}

// stepEvents answers as funnelEventsBetween (the steps' events in [from, end), each visitor's
// sorted), reading raw events only for the partial days at the ends and the days not closed yet.
func (s *sqliteStore) stepEvents(q FunnelQuery, from, end time.Time) (map[string][]funnelEvent, error) {
	firstDay := ceilDay(from, q.Zone)
	daysEnd := minTime(floorDay(end, q.Zone), floorDay(s.clock().Add(-lateAfter), q.Zone))
	if !daysEnd.After(firstDay) {
		return s.funnelEventsBetween(q, from, end)
	}
	if err := s.handleLateFunnelEvents(q.SiteID); err != nil {
		return nil, err
	}
	var head, tail map[string][]funnelEvent
	var tailErr error
	done := make(chan struct{})
	go func() { // the ends side by side (two connections)
		defer close(done)
		tail, tailErr = s.funnelEventsBetween(q, daysEnd, end)
	}()
	head, err := s.funnelEventsBetween(q, from, firstDay)
	<-done
	if err != nil {
		return nil, err
	}
	if tailErr != nil {
		return nil, tailErr
	}
	days, err := s.funnelEventDays(q, firstDay, daysEnd)
	if err != nil {
		return nil, err
	}
	// The pieces are in time order and each visitor's events in each are sorted: appended, they
	// are sorted (appending to a nil slice copies, so the cached days are never written).
	out := head
	for _, day := range days {
		for v, evs := range day {
			out[v] = append(out[v], evs...)
		}
	}
	for v, evs := range tail {
		out[v] = append(out[v], evs...)
	}
	return out, nil
}

// handleLateFunnelEvents drops the site's stored funnel days and event days a late event may
// have changed (funnel_late.go), before the query reads them.
func (s *sqliteStore) handleLateFunnelEvents(site string) error {
	unlock := lockFunnelSite(site)
	defer unlock()
	return s.dropLateFunnelDays(site)
}

// funnelEventDays are the event days of [from, to) (day starts in the query's zone) in day order,
// reading the missing ones from raw events, a run of consecutive days at a time.
func (s *sqliteStore) funnelEventDays(q FunnelQuery, from, to time.Time) ([]map[string][]funnelEvent, error) {
	funnel := funnelKey(q)
	keyOf := func(d time.Time) funnelEventDayKey { return funnelEventDayKey{site: q.SiteID, funnel: funnel, day: dayLabel(d)} }
	var out []map[string][]funnelEvent
	for d := from; d.Before(to); {
		if day, ok := s.eventDays.get(keyOf(d)); ok {
			out = append(out, day)
			d = nextDay(d)
			continue
		}
		end := nextDay(d)
		for end.Before(to) {
			if _, ok := s.eventDays.get(keyOf(end)); ok {
				break
			}
			end = nextDay(end)
		}
		gen := s.eventDays.generation(q.SiteID)
		byVisitor, err := s.funnelEventsBetween(q, d, end)
		if err != nil {
			return nil, err
		}
		byDay := map[string]map[string][]funnelEvent{}
		for v, evs := range byVisitor {
			for len(evs) > 0 {
				day := floorDay(evs[0].at, q.Zone)
				label, next := dayLabel(day), nextDay(day)
				n := 1
				for n < len(evs) && evs[n].at.Before(next) {
					n++
				}
				if byDay[label] == nil {
					byDay[label] = map[string][]funnelEvent{}
				}
				byDay[label][v] = evs[:n:n]
				evs = evs[n:]
			}
		}
		for ; d.Before(end); d = nextDay(d) {
			day := byDay[dayLabel(d)]
			if day == nil {
				day = map[string][]funnelEvent{}
			}
			s.eventDays.put(keyOf(d), day, gen)
			out = append(out, day)
		}
	}
	return out, nil
}
