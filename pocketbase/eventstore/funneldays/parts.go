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
	// prefixes are the open part's kept prefixes and redone the visitors worked out again after
	// them (OpenAttempts; base.go): none when the open part came as plain maps (SplitParts).
	prefixes []OpenAttempts
	redone   []string
}

// OpenFunc reads the open attempts of [from, to) (OpenAttemptsOf).
type OpenFunc func(q eventstore.FunnelQuery, from, to time.Time) (OpenAttempts, error)

// SplitParts reads a range's parts: closed reads the whole closed days, open the rest (a map of
// the caller's own each time: they are merged).
func SplitParts(q eventstore.FunnelQuery, now time.Time, open, closed PathsFunc) (Parts, error) {
	p, err := SplitOpenParts(q, now, func(q eventstore.FunnelQuery, from, to time.Time) (OpenAttempts, error) {
		paths, err := open(q, from, to)
		return OpenAttempts{Paths: paths}, err
	}, closed)
	p.prefixes, p.redone = nil, nil
	return p, err
}

// SplitOpenParts is SplitParts with the open part's kept prefixes noted, so that KeptFigures
// adjusts kept figures for the visitors worked out again only.
func SplitOpenParts(q eventstore.FunnelQuery, now time.Time, open OpenFunc, closed PathsFunc) (Parts, error) {
	firstDay := CeilDay(q.From, q.Zone)
	closedEnd := MinTime(FloorDay(q.To, q.Zone), ClosedBefore(now, q.Window, q.Zone))
	if !closedEnd.After(firstDay) {
		a, err := open(q, q.From, q.To)
		p := Parts{Closed: map[string]funnelpath.Path{}, Open: a.Paths, ClosedFrom: firstDay, ClosedTo: firstDay}
		p.note(a)
		return p, err
	}
	first, err := open(q, q.From, firstDay)
	if err != nil {
		return Parts{}, err
	}
	kept, err := closed(q, firstDay, closedEnd)
	if err != nil {
		return Parts{}, err
	}
	last, err := open(q, closedEnd, q.To)
	if err != nil {
		return Parts{}, err
	}
	// Both maps are the request's own: the smaller is merged into the larger (most ranges start at a
	// midnight, with no partial first day: copying the open days' paths was a tenth of a warm
	// breakdown's CPU at 5M). Their entries never tie (their attempts begin in different days).
	paths, late := first.Paths, last.Paths
	if len(paths) < len(late) {
		paths, late = late, paths
	}
	funnelpath.Merge(paths, late)
	p := Parts{Closed: kept, Open: paths, ClosedFrom: firstDay, ClosedTo: closedEnd}
	p.note(first)
	p.note(last)
	return p, nil
}

// note adds an open range's kept prefix and redone visitors (all of its entrants without a prefix).
func (p *Parts) note(a OpenAttempts) {
	if a.Kept == nil {
		for v := range a.Paths {
			p.redone = append(p.redone, v)
		}
		return
	}
	p.prefixes = append(p.prefixes, OpenAttempts{Kept: a.Kept, KeptAt: a.KeptAt})
	p.redone = append(p.redone, a.Redone...)
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

// Path is a visitor's kept attempt over both parts (as All's, without merging them).
func (p Parts) Path(v string) (funnelpath.Path, bool) {
	cp, closed := p.Closed[v]
	if op, open := p.Open[v]; open && (!closed || op.Better(cp)) {
		return op, true
	}
	return cp, closed
}

// Change is an open-part visitor's kept attempt (Now) where it is not the closed part's: Was is
// the closed part's attempt it replaces, if any.
type Change struct {
	Visitor string
	Was     *funnelpath.Path
	Now     funnelpath.Path
}

// Changes are the open part's visitors whose kept attempt is the open one; the other entrants'
// attempts are the closed part's.
func (p Parts) Changes() []Change {
	out := make([]Change, 0, len(p.Open))
	for v, op := range p.Open {
		if c, ok := p.changeOver(v, op); ok {
			out = append(out, c)
		}
	}
	return out
}

// changeOver is the change of visitor v's attempt now over the closed part's: none when the
// closed one is kept.
func (p Parts) changeOver(v string, now funnelpath.Path) (Change, bool) {
	cp, ok := p.Closed[v]
	switch {
	case !ok:
		return Change{Visitor: v, Now: now}, true
	case now.Better(cp):
		return Change{Visitor: v, Was: &cp, Now: now}, true
	}
	return Change{}, false
}

// ClosedTallyKey names the breakdown tally of a funnel's closed part (one per breakdown) in the
// day cache: dropped with the site's days.
func ClosedTallyKey(q eventstore.FunnelQuery, p Parts, breakdown string) CacheKey {
	return CacheKey{Site: q.SiteID, Funnel: Key(q), Day: "tally " + breakdown + " " + Label(p.ClosedFrom) + ".." + Label(p.ClosedTo)}
}

// AdjustedRows are the breakdown rows of all of a range's entrants from its closed part's tally
// and its changes (Parts.Changes): only the open part's visitors are looked at (their attempts
// counted, the closed attempts they replace taken back out), so a request's work follows the open
// days, not every entrant.
func AdjustedRows(closed funnelpath.ValueTally, changes []Change, valueOf func(funnelpath.Path) string, n int) []eventstore.FunnelBreakdownFigures {
	t := closed.Clone()
	for _, c := range changes {
		if c.Was != nil {
			t.Add(valueOf(*c.Was), *c.Was, n, -1)
		}
		t.Add(valueOf(c.Now), c.Now, n, 1)
	}
	return t.Rows()
}
