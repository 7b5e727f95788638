package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
	"sync"
	"time"
)

// Funnel days on ClickHouse: as on SQLite (funnel_days.go), the kept attempts of one closed day's
// entrants never change unless a late event arrives, so each is worked out once, stored in
// funnel_days (clickhouse_funnel_days_stored.go) and then read from memory (the day cache,
// eventstore/funneldays); a query reads events only for the range's partial first day and the
// days still open. Late events are seen through late_marks, written by a materialized view on
// events whatever process inserted them (clickhouse/derived.go): a mark this process has not
// handled yet drops the site's days.

// chLateMargin is how far back each look at late_marks reaches before the previous one: an insert
// whose view row was stamped before the look may become visible only after it.
const chLateMargin = 60 // seconds

// chLateSeen is one process's progress through a site's late marks.
type chLateSeen struct {
	after   uint32            // ClickHouse's clock at the previous look
	handled map[[2]uint64]int // marks handled, by (since, written): two inserts may leave equal marks
	last    uint32            // when the latest mark seen was written (ClickHouse's clock)
}

type chLateState struct {
	mu    sync.Mutex
	sites map[string]*chLateSeen
}

// closedFunnelPaths are the kept attempts of the entrants of the whole closed days in [from, to),
// from the day cache, working out the days it lacks a run of consecutive days at a time.
func (s *chStore) closedFunnelPaths(db *Client, q eventstore.FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error) {
	key := funneldays.Key(q)
	unlock := funneldays.LockSite("clickhouse:" + q.SiteID)
	if err := s.dropLateFunnelDays(q.SiteID); err != nil {
		unlock()
		return nil, err
	}
	gen := s.dayCache.Generation(q.SiteID) // a drop after this refuses the days worked out below
	basis := s.lateBasis(q.SiteID)         // the days worked out below read events after this look
	if db != s.db {
		// The warm-up (background priority) keeps the lock only to handle late marks: a reader
		// never waits behind its paused reads (it waits on its flight, which it promotes).
		unlock()
		unlock = func() {}
	}
	defer unlock()
	// The range's days merged are kept too: merging a month of days' maps cost more than reading them.
	whole := funneldays.CacheKey{Site: q.SiteID, Funnel: key, Day: funneldays.Label(from) + ".." + funneldays.Label(to)}
	if v, ok := s.dayCache.Get(whole); ok {
		return v.(map[string]funnelpath.Path), nil // read-only (funneldays.Parts)
	}
	// One computation of the range at a time (the warm-up's and readers': clickhouse_funnel_flights.go).
	v, _, err := s.flights.do("closed "+q.SiteID+" "+key+" "+whole.Day, db != s.db, func() (any, error) {
		return s.computeClosedFunnelPaths(db, q, key, from, to, gen, basis)
	})
	if err != nil {
		return nil, err
	}
	return v.(map[string]funnelpath.Path), nil // read-only, as the kept one
}

// computeClosedFunnelPaths is closedFunnelPaths' work when the range is not kept merged: the days
// from memory, else funnel_days, else worked out from events (each run of missing days at once).
func (s *chStore) computeClosedFunnelPaths(db *Client, q eventstore.FunnelQuery, key string, from, to time.Time, gen uint64, basis uint32) (map[string]funnelpath.Path, error) {
	cacheKey := func(d time.Time) funneldays.CacheKey {
		return funneldays.CacheKey{Site: q.SiteID, Funnel: key, Day: funneldays.Label(d)}
	}
	whole := funneldays.CacheKey{Site: q.SiteID, Funnel: key, Day: funneldays.Label(from) + ".." + funneldays.Label(to)}
	// The days not in memory are read from funnel_days first (stored by this or another process).
	stored := map[string]map[string]funnelpath.Path{}
	for d := from; d.Before(to); d = funneldays.NextDay(d) {
		if _, ok := s.dayCache.Get(cacheKey(d)); !ok {
			var err error
			if stored, err = s.storedFunnelDays(db, q, key, d, to); err != nil {
				return nil, err
			}
			break
		}
	}
	kept := func(d time.Time) (map[string]funnelpath.Path, bool) {
		if v, ok := s.dayCache.Get(cacheKey(d)); ok {
			return v.(map[string]funnelpath.Path), true
		}
		v, ok := stored[funneldays.Label(d)]
		if ok {
			s.dayCache.Put(cacheKey(d), v, len(v), gen)
		}
		return v, ok
	}
	paths := map[string]funnelpath.Path{}
	for d := from; d.Before(to); {
		if v, ok := kept(d); ok {
			funnelpath.Merge(paths, v)
			d = funneldays.NextDay(d)
			continue
		}
		end := funneldays.NextDay(d)
		for end.Before(to) {
			if _, ok := kept(end); ok {
				break
			}
			end = funneldays.NextDay(end)
		}
		days, err := s.computeFunnelDays(db, q, d, end)
		if err != nil {
			return nil, err
		}
		for day := d; day.Before(end); day = funneldays.NextDay(day) {
			v := days[funneldays.Label(day)]
			s.dayCache.Put(cacheKey(day), v, len(v), gen)
			funnelpath.Merge(paths, v)
		}
		if err := s.storeFunnelDays(db, q, key, basis, days); err != nil {
			return nil, err
		}
		d = end
	}
	s.dayCache.Put(whole, paths, len(paths), gen)
	return paths, nil
}

// computeFunnelDays works out the kept attempts of each day of [from, to) from events, by day.
func (s *chStore) computeFunnelDays(db *Client, q eventstore.FunnelQuery, from, to time.Time) (map[string]map[string]funnelpath.Path, error) {
	byVisitor, err := s.funnelEvents(db, q, from, to)
	if err != nil {
		return nil, err
	}
	return funneldays.Attempts(q, byVisitor, from, to), nil
}

// dropLateFunnelDays drops the site's days when late_marks holds a mark this process has not
// handled (the caller holds the site's funnel lock).
func (s *chStore) dropLateFunnelDays(site string) error {
	s.late.mu.Lock()
	seen := s.late.sites[site]
	s.late.mu.Unlock()
	after := uint32(time.Now().Unix()) - chLateMargin // a first look only notes the marks it sees
	if seen != nil {
		after = seen.after - min(seen.after, chLateMargin)
	}
	// materialize(now()): 18.16 checks a UNION's constants against those it planned with, and
	// fails a read that crossed a second boundary (TestClickHouseLateMarksReadAcrossASecond).
	rows, err := s.query(`SELECT since, toUInt32(written) AS w, toUInt32(materialize(now())) AS now FROM late_marks
		WHERE site_id = {:site} AND written >= toDateTime({:after})
		UNION ALL SELECT 0 AS since, 0 AS w, toUInt32(materialize(now())) AS now`, map[string]any{"site": site, "after": int64(after)})
	if err != nil {
		return err
	}
	next := &chLateSeen{handled: map[[2]uint64]int{}}
	if seen != nil {
		next.last = seen.last
	}
	drop := false
	for _, r := range rows {
		next.after = max(next.after, uint32(r.Num("now")))
		if r.Num("w") == 0 {
			continue
		}
		next.last = max(next.last, uint32(r.Num("w")))
		mark := [2]uint64{uint64(r.Num("since")), uint64(r.Num("w"))}
		next.handled[mark]++
		if seen != nil && next.handled[mark] > seen.handled[mark] {
			drop = true
		}
	}
	if drop {
		s.dayCache.Drop(site)
	}
	s.late.mu.Lock()
	s.late.sites[site] = next
	s.late.mu.Unlock()
	return nil
}

// lateQuiet says the site's last look at late_marks (dropLateFunnelDays) found no mark written
// within chLateQuiet seconds before it: the insert behind the latest mark has had the time to run
// its other views (sessions among the last) too.
func (s *chStore) lateQuiet(site string) bool {
	s.late.mu.Lock()
	defer s.late.mu.Unlock()
	seen := s.late.sites[site]
	return seen != nil && seen.after >= seen.last+chLateQuiet
}

// chLateQuiet is how long ago (seconds) the latest late mark must have been written for lateQuiet.
var chLateQuiet uint32 = chLateMargin

// FunnelDaysInMemory says much of what a funnel read keeps lives in this process only (the open
// days' events, the closed part's figures and tallies; the closed days are read back from
// funnel_days), so the funnels package computes each funnel's default view in the background after start.
func (s *chStore) FunnelDaysInMemory() bool { return true }
