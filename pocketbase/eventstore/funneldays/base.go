package funneldays

import (
	"cmp"
	"slices"
	"strings"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// The open days' attempts are mostly those of their kept prefix (OpenAttemptsOf), the same on
// every request of the hour: their changes over the closed part, and the closed figures adjusted
// for them (the base), are worked out once per prefix and kept, so a request looks at the visitors
// worked out again (the last hour's) only. At 50M events Parts.Changes over every open visitor was
// a quarter of a drop-off's CPU, and the figures and breakdown went over those changes again.

// Kept is what a request adjusts: kept figures (the base's, or the closed part's) and the changes
// over them.
type Kept struct {
	Figures *ClosedFigures
	Changes []Change
	// Prefix are the base's changes over the closed part and Base names the base ("" when Figures
	// are the closed part's): a breakdown adjusts its closed tally for Prefix first (BaseTally).
	Prefix []Change
	Base   string
}

// keptBase is a base in the day cache, one per funnel and closed range: a new prefix replaces it.
type keptBase struct {
	name    string
	prefix  []Change
	figures *ClosedFigures
}

// KeptFigures are p's kept figures and changes: over the base when p has kept prefixes and every
// redone visitor's attempt is at least its base attempt (later events only extend attempts), else
// over the closed part with every open visitor's changes (Parts.Changes).
func KeptFigures(c *Cache, q eventstore.FunnelQuery, p Parts, gen uint64) Kept {
	closed := KeptClosedFigures(c, q, p, gen)
	if len(p.prefixes) == 0 {
		return Kept{Figures: closed, Changes: p.Changes()}
	}
	recent, ok := p.recentChanges()
	if !ok {
		return Kept{Figures: closed, Changes: p.Changes()}
	}
	name := p.baseName()
	key := baseKey(q, p, "figures")
	if v, ok := c.Get(key); ok && v.(*keptBase).name == name {
		b := v.(*keptBase)
		return Kept{Figures: b.figures, Changes: recent, Prefix: b.prefix, Base: name}
	}
	prefix := p.prefixChanges()
	b := &keptBase{name: name, prefix: prefix, figures: closed.With(prefix)}
	c.Put(key, b, len(prefix)+closed.Items(), gen)
	return Kept{Figures: b.figures, Changes: recent, Prefix: prefix, Base: name}
}

// baseKey names a funnel's kept base (of figures or a breakdown's tally) for p's closed range.
func baseKey(q eventstore.FunnelQuery, p Parts, what string) CacheKey {
	return CacheKey{Site: q.SiteID, Funnel: Key(q), Day: "base " + what + " " + Label(p.ClosedFrom) + ".." + Label(p.ClosedTo)}
}

// baseName names p's base: its closed range and kept prefixes.
func (p Parts) baseName() string {
	names := []string{Label(p.ClosedFrom) + ".." + Label(p.ClosedTo)}
	for _, a := range p.prefixes {
		names = append(names, a.KeptAt)
	}
	return strings.Join(names, " | ")
}

// basePath is a visitor's attempt in the base: the better of its closed and kept prefix attempts.
func (p Parts) basePath(v string) (funnelpath.Path, bool) {
	best, ok := p.Closed[v]
	for _, a := range p.prefixes {
		if kp, in := a.Kept[v]; in && (!ok || kp.Better(best)) {
			best, ok = kp, true
		}
	}
	return best, ok
}

// prefixChanges are the kept prefixes' attempts that replace the closed part's (entries of the
// prefixes never tie: they begin in different days).
func (p Parts) prefixChanges() []Change {
	var out []Change
	for _, a := range p.prefixes {
		for v, kp := range a.Kept {
			if c, ok := p.changeOver(v, kp); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// recentChanges are the redone visitors' attempts where they replace the base's; ok is false when
// one is worse than its base attempt, or gone (the base would then count what no longer is).
func (p Parts) recentChanges() ([]Change, bool) {
	out := make([]Change, 0, len(p.redone))
	seen := make(map[string]bool, len(p.redone))
	for _, v := range p.redone {
		if seen[v] {
			continue
		}
		seen[v] = true
		was, had := p.basePath(v)
		now, has := p.Path(v)
		switch {
		case !has:
			if had {
				return nil, false
			}
		case !had:
			out = append(out, Change{Visitor: v, Now: now})
		case now.Better(was):
			out = append(out, Change{Visitor: v, Was: &was, Now: now})
		case was.Better(now):
			return nil, false
		}
	}
	return out, true
}

// With are the figures with changes made (each Was one of c's attempts): kept as a base's.
func (c *ClosedFigures) With(changes []Change) *ClosedFigures {
	out := &ClosedFigures{n: c.n, users: slices.Clone(c.users), seconds: make([][]float64, c.n), stopped: make([][]string, c.n)}
	added, removed := make([][]float64, c.n), make([][]float64, c.n)
	joined, left := make([][]string, c.n), make([][]string, c.n)
	var addedTotal, removedTotal []float64
	count := func(v string, p funnelpath.Path, sign float64, seconds [][]float64, total *[]float64, stopped [][]string) {
		for k := 0; k < p.Reached; k++ {
			out.users[k] += sign
		}
		eachStepSeconds(p, func(k int, s float64) { seconds[k] = append(seconds[k], s) })
		if p.Reached == c.n {
			*total = append(*total, totalSeconds(p, c.n))
		}
		stopped[p.Reached-1] = append(stopped[p.Reached-1], v)
	}
	entrants := c.items
	for _, ch := range changes {
		if ch.Was != nil {
			count(ch.Visitor, *ch.Was, -1, removed, &removedTotal, left)
			entrants--
		}
		count(ch.Visitor, ch.Now, 1, added, &addedTotal, joined)
		entrants++
	}
	for k := range out.seconds {
		out.seconds[k] = mergeSorted(c.seconds[k], added[k], removed[k])
		out.stopped[k] = mergeSorted(c.stopped[k], joined[k], left[k])
	}
	out.total = mergeSorted(c.total, addedTotal, removedTotal)
	out.items = entrants
	return out
}

// mergeSorted is sorted base with added's values put in and removed's (each one of base's) taken
// out: a new list, in one pass over base.
func mergeSorted[T cmp.Ordered](base, added, removed []T) []T {
	added, removed = slices.Clone(added), slices.Clone(removed)
	slices.Sort(added)
	slices.Sort(removed)
	out := make([]T, 0, len(base)+len(added)-len(removed))
	j := 0
	for _, x := range base {
		if j < len(removed) && removed[j] == x {
			j++
			continue
		}
		for len(added) > 0 && added[0] < x {
			out = append(out, added[0])
			added = added[1:]
		}
		out = append(out, x)
	}
	return append(out, added...)
}

// BaseTally is a breakdown's closed tally adjusted for the base's prefix changes (k.Prefix), kept
// per breakdown when keep says every value it was given was final; valueOf is called on the
// prefix's attempts only when it is not kept.
func BaseTally(c *Cache, q eventstore.FunnelQuery, p Parts, k Kept, breakdown string, closed funnelpath.ValueTally, gen uint64,
	values func(paths []funnelpath.Path) (valueOf func(funnelpath.Path) string, keep bool, err error)) (funnelpath.ValueTally, error) {
	if k.Base == "" {
		return closed, nil
	}
	key := baseKey(q, p, "tally "+breakdown)
	if v, ok := c.Get(key); ok && v.(*keptTally).name == k.Base {
		return v.(*keptTally).tally, nil
	}
	need := make([]funnelpath.Path, 0, 2*len(k.Prefix))
	for _, ch := range k.Prefix {
		if ch.Was != nil {
			need = append(need, *ch.Was)
		}
		need = append(need, ch.Now)
	}
	valueOf, keep, err := values(need)
	if err != nil {
		return nil, err
	}
	t := closed.Clone()
	for _, ch := range k.Prefix {
		if ch.Was != nil {
			t.Add(valueOf(*ch.Was), *ch.Was, len(q.Steps), -1)
		}
		t.Add(valueOf(ch.Now), ch.Now, len(q.Steps), 1)
	}
	if keep {
		c.Put(key, &keptTally{name: k.Base, tally: t}, len(t), gen)
	}
	return t, nil
}

// HasBaseTally reports whether the breakdown's base tally of k is kept (or k has no base).
func HasBaseTally(c *Cache, q eventstore.FunnelQuery, p Parts, k Kept, breakdown string) bool {
	if k.Base == "" {
		return true
	}
	v, ok := c.Get(baseKey(q, p, "tally "+breakdown))
	return ok && v.(*keptTally).name == k.Base
}

// keptTally is a breakdown's base tally in the day cache (read-only).
type keptTally struct {
	name  string
	tally funnelpath.ValueTally
}
