package funneldays

import (
	"maps"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// Parts is a range's kept attempts in its two parts: the whole closed days' (the same on every
// query until a late event drops the site's days) and the rest, the range's partial first day and
// the days still open. A figure worked out over the closed part can be kept and only adjusted for
// the open part's visitors (ClosedTallyKey, AdjustedRows).
type Parts struct {
	// Closed is read-only: a store may hand over the map it keeps.
	Closed, Open map[string]funnelpath.Path
	// ClosedFrom and ClosedTo are the closed part's days (equal when there are none).
	ClosedFrom, ClosedTo time.Time
}

// SplitParts reads a range's parts: closed reads the whole closed days, open the rest.
func SplitParts(q eventstore.FunnelQuery, now time.Time, open, closed PathsFunc) (Parts, error) {
	firstDay := CeilDay(q.From, q.Zone)
	closedEnd := MinTime(FloorDay(q.To, q.Zone), ClosedBefore(now, q.Window, q.Zone))
	if !closedEnd.After(firstDay) {
		paths, err := open(q, q.From, q.To)
		return Parts{Closed: map[string]funnelpath.Path{}, Open: paths, ClosedFrom: firstDay, ClosedTo: firstDay}, err
	}
	paths, err := open(q, q.From, firstDay)
	if err != nil {
		return Parts{}, err
	}
	kept, err := closed(q, firstDay, closedEnd)
	if err != nil {
		return Parts{}, err
	}
	late, err := open(q, closedEnd, q.To)
	if err != nil {
		return Parts{}, err
	}
	funnelpath.Merge(paths, late)
	return Parts{Closed: kept, Open: paths, ClosedFrom: firstDay, ClosedTo: closedEnd}, nil
}

// All is each entrant's kept attempt (a map of its own).
func (p Parts) All() map[string]funnelpath.Path {
	out := maps.Clone(p.Closed)
	if out == nil {
		out = map[string]funnelpath.Path{}
	}
	funnelpath.Merge(out, p.Open)
	return out
}

// Changed calls each for the open part's visitors whose kept attempt is the open one: was is
// the closed part's attempt it replaces, if any. The other entrants' attempts are the closed part's.
func (p Parts) Changed(each func(was *funnelpath.Path, now funnelpath.Path)) {
	for v, op := range p.Open {
		cp, ok := p.Closed[v]
		switch {
		case !ok:
			each(nil, op)
		case op.Better(cp):
			each(&cp, op)
		}
	}
}

// ClosedTallyKey names the breakdown tally of a funnel's closed part (one per breakdown) in the
// day cache: dropped with the site's days.
func ClosedTallyKey(q eventstore.FunnelQuery, p Parts, breakdown string) CacheKey {
	return CacheKey{Site: q.SiteID, Funnel: Key(q), Day: "tally " + breakdown + " " + Label(p.ClosedFrom) + ".." + Label(p.ClosedTo)}
}

// AdjustedRows are the breakdown rows of all of the parts' entrants from the closed part's tally:
// only the open part's visitors are looked at (their attempts counted, the closed attempts they
// replace taken back out), so a request's work follows the open days, not every entrant.
func AdjustedRows(closed funnelpath.ValueTally, p Parts, valueOf func(funnelpath.Path) string, n int) []eventstore.FunnelBreakdownFigures {
	t := closed.Clone()
	p.Changed(func(was *funnelpath.Path, now funnelpath.Path) {
		if was != nil {
			t.Add(valueOf(*was), *was, n, -1)
		}
		t.Add(valueOf(now), now, n, 1)
	})
	return t.Rows()
}
