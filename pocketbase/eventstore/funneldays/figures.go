package funneldays

import (
	"slices"
	"sort"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// A funnel's figures and drop-offs, incrementally, as its breakdown (AdjustedRows): what they
// need of the closed part (the users per step, each step's seconds and the totals, sorted, and the
// visitors who stopped at each step, sorted) is worked out once per closed range and kept in the
// day cache; a request adjusts it for the open part's changes only. Merging the closed part's
// attempts into a fresh map and tallying them on every request cost a request time in proportion
// to the whole range's entrants (at 50M events, most of a 30-day funnel's 0.2 to 0.9 s).

// ClosedFigures is a funnel's closed part, tallied (read-only once built).
type ClosedFigures struct {
	n       int
	users   []float64
	seconds [][]float64 // per step, each entrant's seconds from the previous step, sorted
	total   []float64   // seconds from step 1 to the last, of those who finished, sorted
	stopped [][]string  // per step, the visitors whose attempt reached it and no further, sorted
	items   int
}

// NewClosedFigures tallies the closed part's attempts of an n-step funnel.
func NewClosedFigures(closed map[string]funnelpath.Path, n int) *ClosedFigures {
	c := &ClosedFigures{n: n, users: make([]float64, n), seconds: make([][]float64, n), stopped: make([][]string, n)}
	for v, p := range closed {
		eachStepSeconds(p, func(k int, s float64) { c.seconds[k] = append(c.seconds[k], s) })
		for k := 0; k < p.Reached; k++ {
			c.users[k]++
		}
		if p.Reached == n {
			c.total = append(c.total, totalSeconds(p, n))
		}
		c.stopped[p.Reached-1] = append(c.stopped[p.Reached-1], v)
	}
	for k := range c.seconds {
		sort.Float64s(c.seconds[k])
		sort.Strings(c.stopped[k])
	}
	sort.Float64s(c.total)
	c.items = len(closed)
	return c
}

// Items is the figures' size as the day cache counts it (one per closed entrant).
func (c *ClosedFigures) Items() int { return c.items }

// ClosedFiguresKey names a funnel's closed figures in the day cache: dropped with the site's days.
func ClosedFiguresKey(q eventstore.FunnelQuery, p Parts) CacheKey {
	return CacheKey{Site: q.SiteID, Funnel: Key(q), Day: "figures " + Label(p.ClosedFrom) + ".." + Label(p.ClosedTo)}
}

// Figures are the funnel's figures over every entrant: the closed part's, adjusted for changes
// (Parts.Changes). They equal funnelpath.Tally's over Parts.All.
func (c *ClosedFigures) Figures(changes []Change) eventstore.FunnelFigures {
	users := slices.Clone(c.users)
	added, removed := make([][]float64, c.n), make([][]float64, c.n)
	var addedTotal, removedTotal []float64
	count := func(p funnelpath.Path, sign float64, seconds [][]float64, total *[]float64) {
		for k := 0; k < p.Reached; k++ {
			users[k] += sign
		}
		eachStepSeconds(p, func(k int, s float64) { seconds[k] = append(seconds[k], s) })
		if p.Reached == c.n {
			*total = append(*total, totalSeconds(p, c.n))
		}
	}
	for _, ch := range changes {
		if ch.Was != nil {
			count(*ch.Was, -1, removed, &removedTotal)
		}
		count(ch.Now, 1, added, &addedTotal)
	}
	f := eventstore.FunnelFigures{Steps: make([]eventstore.FunnelStepFigures, c.n), Breakdown: []eventstore.FunnelBreakdownFigures{},
		MedianTotalSeconds: adjustedMedian(c.total, addedTotal, removedTotal)}
	for k := range f.Steps {
		f.Steps[k] = eventstore.FunnelStepFigures{Users: users[k], MedianSeconds: adjustedMedian(c.seconds[k], added[k], removed[k])}
	}
	return f
}

// Stopped is, of every entrant, how many reached the step (0-based) and no further, and the
// first limit of them by visitor: the closed part's, adjusted for changes.
func (c *ClosedFigures) Stopped(changes []Change, step, limit int) (int, []string) {
	if step < 0 || step >= c.n {
		return 0, nil
	}
	changed := map[string]bool{} // closed attempts replaced: out of the closed list
	var joined []string
	taken := 0
	for _, ch := range changes {
		if ch.Was != nil {
			changed[ch.Visitor] = true
			if ch.Was.Reached == step+1 {
				taken++
			}
		}
		if ch.Now.Reached == step+1 {
			joined = append(joined, ch.Visitor)
		}
	}
	sort.Strings(joined)
	closed := c.stopped[step]
	out := make([]string, 0, min(limit, len(closed)+len(joined)))
	i, j := 0, 0
	for len(out) < limit && (i < len(closed) || j < len(joined)) {
		if i < len(closed) && changed[closed[i]] {
			i++
			continue
		}
		if j >= len(joined) || (i < len(closed) && closed[i] < joined[j]) {
			out = append(out, closed[i])
			i++
		} else {
			out = append(out, joined[j])
			j++
		}
	}
	return len(closed) - taken + len(joined), out
}

// eachStepSeconds hands over an attempt's seconds from each reached step's previous one (steps from 1).
func eachStepSeconds(p funnelpath.Path, each func(k int, s float64)) {
	for k := 1; k < p.Reached; k++ {
		each(k, p.Times[k].Sub(p.Times[k-1]).Seconds())
	}
}

func totalSeconds(p funnelpath.Path, n int) float64 { return p.Times[n-1].Sub(p.Times[0]).Seconds() }

// adjustedMedian is funnelpath.Median of base (sorted) with added's values put in and removed's
// (each one of base's) taken out, found by order statistics, not by sorting the whole list.
func adjustedMedian(base, added, removed []float64) float64 {
	added, removed = slices.Clone(added), slices.Clone(removed)
	sort.Float64s(added)
	sort.Float64s(removed)
	n := len(base) + len(added) - len(removed)
	if n <= 0 {
		return 0
	}
	atMost := func(x float64) int { return upper(base, x) + upper(added, x) - upper(removed, x) }
	// kth is the i-th smallest value (from 0): the smallest of base's and added's values with more
	// than i values at most it.
	kth := func(i int) float64 {
		b := sort.Search(len(base), func(j int) bool { return atMost(base[j]) > i })
		a := sort.Search(len(added), func(j int) bool { return atMost(added[j]) > i })
		switch {
		case b == len(base):
			return added[a]
		case a == len(added):
			return base[b]
		default:
			return min(base[b], added[a])
		}
	}
	if n%2 == 1 {
		return kth(n / 2)
	}
	return (kth(n/2-1) + kth(n/2)) / 2
}

// upper is how many of a sorted list's values are at most x.
func upper(sorted []float64, x float64) int {
	return sort.Search(len(sorted), func(i int) bool { return sorted[i] > x })
}

// KeptClosedFigures are the closed part's figures from the day cache, else tallied and kept
// (refused by the cache when the site's days were dropped since gen).
func KeptClosedFigures(c *Cache, q eventstore.FunnelQuery, p Parts, gen uint64) *ClosedFigures {
	key := ClosedFiguresKey(q, p)
	if v, ok := c.Get(key); ok {
		return v.(*ClosedFigures)
	}
	f := NewClosedFigures(p.Closed, len(q.Steps))
	c.Put(key, f, f.Items(), gen)
	return f
}

// DropOff is both stores' FunnelDropOff over a range's parts (read by parts, with the site's
// generation before the read): the count and sample of the visitors who stopped at the step come
// from the kept closed figures adjusted for the open part (funnelpath.DropOffOf does the rest).
func DropOff(c *Cache, q eventstore.FunnelQuery, step int, parts func() (Parts, uint64, error),
	viewsOf func(siteID string, sessions []string) (map[string][]funnelpath.PageView, error)) (eventstore.FunnelDropOffFigures, error) {
	if step < 0 || step >= len(q.Steps)-1 {
		return funnelpath.DropOffOf(q, step, 0, nil, nil, viewsOf)
	}
	p, gen, err := parts()
	if err != nil {
		return eventstore.FunnelDropOffFigures{}, err
	}
	k := KeptFigures(c, q, p, gen)
	count, sample := k.Figures.Stopped(k.Changes, step, funnelpath.MaxDropOffSessions)
	return funnelpath.DropOffOf(q, step, count, sample, func(v string) funnelpath.Path {
		path, _ := p.Path(v)
		return path
	}, viewsOf)
}
