// Package funneldays is what both event stores share of a funnel's closed days: the days'
// boundaries in a site's calendar, the key of a funnel's definition, the per-site lock, the split of
// a range into closed days (from a store's day cache) and open ones (from events), each day's kept
// attempts, and the in-memory day cache. No event reads: each store hands it the events it read.
package funneldays

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// LateAfter is how old an event must be when written to count as late.
const LateAfter = time.Hour

// ClosedBefore is the start of the first day (of the zone's calendar) whose entrants may still
// reach a step: a day is closed when its end is a window and LateAfter ago.
func ClosedBefore(now time.Time, window time.Duration, zone *time.Location) time.Time {
	return FloorDay(now.Add(-window-LateAfter), zone)
}

// FloorDay is the start of t's day in the zone (nil: UTC); NextDay the start of the day after.
func FloorDay(t time.Time, zone *time.Location) time.Time {
	if zone == nil {
		zone = time.UTC
	}
	y, m, d := t.In(zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, zone)
}

func NextDay(day time.Time) time.Time {
	y, m, d := day.Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, day.Location())
}

// CeilDay is the start of the first day that does not begin before t.
func CeilDay(t time.Time, zone *time.Location) time.Time {
	if d := FloorDay(t, zone); d.Equal(t) {
		return d
	} else {
		return NextDay(d)
	}
}

// Label names a day start by its own calendar date.
func Label(day time.Time) string { return day.Format(time.DateOnly) }

// MinTime is the earlier of two times.
func MinTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// stepRows names which rows a goal step reads; a change makes every funnel's key new, so
// days stored by an older binary are computed again (2: micro goals' completions count too).
const stepRows = 2

// Key names a funnel's definition: what its attempts depend on.
func Key(q eventstore.FunnelQuery) string {
	zone := "UTC"
	if q.Zone != nil {
		zone = q.Zone.String()
	}
	raw, _ := json.Marshal(struct {
		Steps  []eventstore.FunnelStep
		Window time.Duration
		Order  eventstore.FunnelOrder
		Zone   string
		Rows   int
	}{q.Steps, q.Window, q.Order, zone, stepRows})
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:16])
}

// siteLocks serializes the funnel days work of one site: dropping what a late event undid
// and storing new days must not interleave, or a day computed before the drop could be stored after it.
var siteLocks sync.Map

// LockSite takes a site's lock and returns its release.
func LockSite(site string) func() {
	m, _ := siteLocks.LoadOrStore(site, &sync.Mutex{})
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

// PathsFunc reads the kept attempts of the visitors who entered in [from, to).
type PathsFunc func(q eventstore.FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error)

// Split is each entrant's kept attempt, by visitor, for either store: whole closed days
// from the store's day cache (closed), the range's partial first day and the days still open from
// events (open).
func Split(q eventstore.FunnelQuery, now time.Time, open, closed PathsFunc) (map[string]funnelpath.Path, error) {
	parts, err := SplitParts(q, now, open, closed)
	if err != nil {
		return nil, err
	}
	return parts.All(), nil
}

// Attempts is each day of [from, to)'s kept attempts, by day label and visitor: a visitor
// enters on each day it hits the first step, with its best attempt from that day's first entry.
func Attempts(q eventstore.FunnelQuery, byVisitor map[string][]funnelpath.Event, from, to time.Time) map[string]map[string]funnelpath.Path {
	days := map[string]map[string]funnelpath.Path{}
	for d := from; d.Before(to); d = NextDay(d) {
		days[Label(d)] = map[string]funnelpath.Path{}
	}
	for v, evs := range byVisitor {
		entered := map[string]bool{}
		for _, e := range evs {
			if e.Steps&1 == 0 || e.At.Before(from) || !e.At.Before(to) {
				continue
			}
			day := FloorDay(e.At, from.Location())
			if label := Label(day); !entered[label] {
				entered[label] = true
				if p, ok := funnelpath.Best(evs, len(q.Steps), q.Order, q.Window, day, NextDay(day)); ok {
					days[label][v] = p
				}
			}
		}
	}
	return days
}

// IsKey is whether s has the form of a funnel definition's Key (32 lowercase hex digits).
func IsKey(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
