package funneldays

import (
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// Event days, shared by both stores: the steps' events of one whole day of the query's calendar, by
// visitor, kept in the day cache. A day's events are final once the day and LateAfter more are over
// (a later one is a late event, whose mark drops the site's days), so a query that needs the events
// of the days still open (the last window's entrants, the window after a range's partial first day)
// reads raw events only for the partial days at its ends and the days not closed yet (today).

// EventReader reads every visitor's step events in [from, end), each visitor's sorted.
type EventReader func(q eventstore.FunnelQuery, from, end time.Time) (map[string][]funnelpath.Event, error)

// StepEvents answers as read(q, from, end), the whole closed days in between from the cache and
// the rest of the range up to an hour ago (whole hours) from the cache's prefixes (tailPrefix),
// so that raw events are read for at most the last two hours. The caller has handled the site's
// late events first.
func StepEvents(c *Cache, q eventstore.FunnelQuery, from, end, now time.Time, read EventReader) (map[string][]funnelpath.Event, error) {
	firstDay := CeilDay(from, q.Zone)
	daysEnd := MinTime(FloorDay(end, q.Zone), FloorDay(now.Add(-LateAfter), q.Zone))
	if !daysEnd.After(firstDay) {
		daysEnd = from
	}
	var tail map[string][]funnelpath.Event
	var tailErr error
	done := make(chan struct{})
	go func() { // the ends side by side
		defer close(done)
		tail, tailErr = finalTail(c, q, daysEnd, end, now, read)
	}()
	head := map[string][]funnelpath.Event{}
	var err error
	if daysEnd.After(from) {
		head, err = read(q, from, firstDay)
	}
	<-done
	if err != nil {
		return nil, err
	}
	if tailErr != nil {
		return nil, tailErr
	}
	var days []map[string][]funnelpath.Event
	if daysEnd.After(firstDay) {
		if days, err = EventDays(c, q, firstDay, daysEnd, read); err != nil {
			return nil, err
		}
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

// finalTail is read(q, from, end) with the part up to the last whole hour an hour ago (final
// then: a later event is late) from the cache's prefix of from's day.
func finalTail(c *Cache, q eventstore.FunnelQuery, from, end, now time.Time, read EventReader) (map[string][]funnelpath.Event, error) {
	cut := MinTime(now.Add(-LateAfter).Truncate(time.Hour), end)
	if !cut.After(from) {
		return read(q, from, end)
	}
	prefix, err := tailPrefix(c, q, from, cut, read)
	if err != nil {
		return nil, err
	}
	rest, err := read(q, cut, end)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]funnelpath.Event, len(prefix)+len(rest))
	for v, evs := range prefix {
		out[v] = evs[:len(evs):len(evs)] // appending copies: the cached slice is never written
	}
	for v, evs := range rest {
		out[v] = append(out[v], evs...)
	}
	return out, nil
}

// tailPrefix is every visitor's step events of [from, cut) (cut at most an hour ago), kept in the
// cache by its ends; a missing one is the prefix an hour shorter, when kept, and that hour's events.
func tailPrefix(c *Cache, q eventstore.FunnelQuery, from, cut time.Time, read EventReader) (map[string][]funnelpath.Event, error) {
	funnel := Key(q)
	keyOf := func(t time.Time) CacheKey {
		return CacheKey{Site: q.SiteID, Funnel: funnel, Day: Label(from) + "+" + t.UTC().Format(time.RFC3339Nano), Events: true}
	}
	if v, ok := c.Get(keyOf(cut)); ok {
		return v.(map[string][]funnelpath.Event), nil
	}
	gen := c.Generation(q.SiteID)
	start, base := from, map[string][]funnelpath.Event(nil)
	if prev := cut.Add(-time.Hour); prev.After(from) {
		if v, ok := c.Get(keyOf(prev)); ok {
			start, base = prev, v.(map[string][]funnelpath.Event)
		}
	}
	more, err := read(q, start, cut)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]funnelpath.Event, len(base)+len(more))
	n := 0
	for v, evs := range base {
		out[v] = evs[:len(evs):len(evs)]
		n += len(evs)
	}
	for v, evs := range more {
		all := append(out[v], evs...)
		out[v] = all[:len(all):len(all)]
		n += len(evs)
	}
	c.Put(keyOf(cut), out, n, gen)
	if base != nil {
		c.Forget(keyOf(start))
	}
	return out, nil
}

// EventDayStore keeps closed event days outside the process (Cache.Stored). Load's basis is what
// days read from events after the call are saved with (a store's proof that no late event it has
// not seen was written into them).
type EventDayStore interface {
	LoadEventDays(q eventstore.FunnelQuery, from, to time.Time) (days map[string]map[string][]funnelpath.Event, basis uint32, err error)
	SaveEventDays(q eventstore.FunnelQuery, basis uint32, days map[string]map[string][]funnelpath.Event) error
}

// EventDays are the event days of [from, to) (day starts in the query's zone) in day order,
// reading the missing ones (from Cache.Stored, else with read, a run of consecutive days at a time).
func EventDays(c *Cache, q eventstore.FunnelQuery, from, to time.Time, read EventReader) ([]map[string][]funnelpath.Event, error) {
	funnel := Key(q)
	keyOf := func(d time.Time) CacheKey {
		return CacheKey{Site: q.SiteID, Funnel: funnel, Day: Label(d), Events: true}
	}
	var stored map[string]map[string][]funnelpath.Event
	var basis uint32
	storedGen := c.Generation(q.SiteID)
	if c.Stored != nil {
		for d := from; d.Before(to); d = NextDay(d) {
			if _, ok := c.Get(keyOf(d)); !ok {
				var err error
				if stored, basis, err = c.Stored.LoadEventDays(q, d, to); err != nil {
					return nil, err
				}
				break
			}
		}
	}
	cached := func(d time.Time) (map[string][]funnelpath.Event, bool) {
		if v, ok := c.Get(keyOf(d)); ok {
			return v.(map[string][]funnelpath.Event), true
		}
		day, ok := stored[Label(d)]
		if ok {
			c.Put(keyOf(d), day, dayEvents(day), storedGen)
		}
		return day, ok
	}
	var out []map[string][]funnelpath.Event
	for d := from; d.Before(to); {
		if day, ok := cached(d); ok {
			out = append(out, day)
			d = NextDay(d)
			continue
		}
		end := NextDay(d)
		for end.Before(to) {
			if _, ok := cached(end); ok {
				break
			}
			end = NextDay(end)
		}
		gen := c.Generation(q.SiteID)
		byVisitor, err := read(q, d, end)
		if err != nil {
			return nil, err
		}
		byDay := map[string]map[string][]funnelpath.Event{}
		for v, evs := range byVisitor {
			for len(evs) > 0 {
				day := FloorDay(evs[0].At, q.Zone)
				label, next := Label(day), NextDay(day)
				n := 1
				for n < len(evs) && evs[n].At.Before(next) {
					n++
				}
				if byDay[label] == nil {
					byDay[label] = map[string][]funnelpath.Event{}
				}
				byDay[label][v] = evs[:n:n]
				evs = evs[n:]
			}
		}
		read := map[string]map[string][]funnelpath.Event{}
		for ; d.Before(end); d = NextDay(d) {
			day := byDay[Label(d)]
			if day == nil {
				day = map[string][]funnelpath.Event{}
			}
			c.Put(keyOf(d), day, dayEvents(day), gen)
			out = append(out, day)
			read[Label(d)] = day
		}
		if c.Stored != nil {
			if err := c.Stored.SaveEventDays(q, basis, read); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// dayEvents counts a day's events (its size in the cache).
func dayEvents(day map[string][]funnelpath.Event) int {
	n := 0
	for _, evs := range day {
		n += len(evs)
	}
	return n
}
