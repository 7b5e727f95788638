package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
	"time"
)

// Funnel event days: the steps' events of one closed day of the site's calendar, by visitor, kept
// in memory. Stored funnel days (funnel_days.go) hold the attempts of days whose windows are over;
// the days still open (the last window's) and the windows after a range's partial first day need
// the events themselves, which are the same on every query once their day is over and lateAfter
// more has passed. So a query reads raw events only for the partial days at its ends and the day
// not closed yet (today), and the whole days in between come from here.
//
// They are kept in the store's funnel day cache (eventstore/funneldays) with the decoded stored days.

// stepEvents answers as funnelEventsBetween (the steps' events in [from, end), each visitor's
// sorted), reading raw events only for the partial days at the ends and the days not closed yet.
func (s *sqliteStore) stepEvents(q eventstore.FunnelQuery, from, end time.Time) (map[string][]funnelpath.Event, error) {
	firstDay := funneldays.CeilDay(from, q.Zone)
	daysEnd := funneldays.MinTime(funneldays.FloorDay(end, q.Zone), funneldays.FloorDay(s.clock().Add(-lateAfter), q.Zone))
	if !daysEnd.After(firstDay) {
		return s.funnelEventsBetween(q, from, end)
	}
	if err := s.handleLateFunnelEvents(q.SiteID); err != nil {
		return nil, err
	}
	var head, tail map[string][]funnelpath.Event
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
	unlock := funneldays.LockSite(site)
	defer unlock()
	return s.dropLateFunnelDays(site)
}

// funnelEventDays are the event days of [from, to) (day starts in the query's zone) in day order,
// reading the missing ones from raw events, a run of consecutive days at a time.
func (s *sqliteStore) funnelEventDays(q eventstore.FunnelQuery, from, to time.Time) ([]map[string][]funnelpath.Event, error) {
	funnel := funneldays.Key(q)
	keyOf := func(d time.Time) funneldays.CacheKey {
		return funneldays.CacheKey{Site: q.SiteID, Funnel: funnel, Day: funneldays.Label(d), Events: true}
	}
	cached := func(d time.Time) (map[string][]funnelpath.Event, bool) {
		v, ok := s.dayCache.Get(keyOf(d))
		day, _ := v.(map[string][]funnelpath.Event)
		return day, ok
	}
	var out []map[string][]funnelpath.Event
	for d := from; d.Before(to); {
		if day, ok := cached(d); ok {
			out = append(out, day)
			d = funneldays.NextDay(d)
			continue
		}
		end := funneldays.NextDay(d)
		for end.Before(to) {
			if _, ok := cached(end); ok {
				break
			}
			end = funneldays.NextDay(end)
		}
		gen := s.dayCache.Generation(q.SiteID)
		byVisitor, err := s.funnelEventsBetween(q, d, end)
		if err != nil {
			return nil, err
		}
		byDay := map[string]map[string][]funnelpath.Event{}
		for v, evs := range byVisitor {
			for len(evs) > 0 {
				day := funneldays.FloorDay(evs[0].At, q.Zone)
				label, next := funneldays.Label(day), funneldays.NextDay(day)
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
		for ; d.Before(end); d = funneldays.NextDay(d) {
			day := byDay[funneldays.Label(d)]
			if day == nil {
				day = map[string][]funnelpath.Event{}
			}
			n := 0
			for _, evs := range day {
				n += len(evs)
			}
			s.dayCache.Put(keyOf(d), day, n, gen)
			out = append(out, day)
		}
	}
	return out, nil
}
