package analytics

import (
	"sort"
	"time"
)

// Funnels: how a visitor moves through a site's ordered steps, computed from raw events.
//
// A step is a page view of a URL pattern (urlpattern.go, the rules' and goals' syntax) or a
// conversion of one of the site's goals (events.goal, matched at ingest by goals.go). A visitor
// enters with a step-1 event inside the queried range; that event's time starts the conversion
// window, and every later step counts only when it happens within the window. A visitor counts
// once per step however often they repeat it. Of a visitor's step-1 events in the range, the one
// whose attempt reaches the furthest step is kept (the earliest of equals), so a visitor is one
// entrant whatever their number of visits.
//
// The order decides what "the next step" means:
//   - ordered: each step happens after the previous one; other pages (funnel steps included)
//     may come between.
//   - strict: the visitor's next funnel event (an event of any of the funnel's steps) after a
//     step must be the next step; a repeat of the current step is allowed, any other step ends
//     the attempt. Events of no step never break it.
//   - any: step 1 enters; steps 2..k count when each of them happened within the window after
//     entry, in any order. The time a step is reached is then the time the visitor had done
//     all of steps 1..k.

// MaxFunnelSteps bounds a funnel (a step set is a bit mask of this width).
const MaxFunnelSteps = 10

// Funnel breakdowns: the entry session's property a funnel's entrants are grouped by.
const (
	BreakdownDevice  = "device"
	BreakdownBrowser = "browser"
	BreakdownCountry = "country"
	BreakdownSource  = "source"
	BreakdownLanding = "landing"
)

// FunnelBreakdowns lists the breakdowns a query may ask for.
var FunnelBreakdowns = []string{BreakdownDevice, BreakdownBrowser, BreakdownCountry, BreakdownSource, BreakdownLanding}

// MaxBreakdownValues bounds the breakdown's rows: the values with most entrants.
const MaxBreakdownValues = 20

// MaxDropOffSessions bounds the sessions (and the next-page lookups) of a drop-off.
const MaxDropOffSessions = 200

// funnelEvent is one of a visitor's events of at least one step (steps: bit k for step k).
type funnelEvent struct {
	at      time.Time
	steps   uint16
	session string
}

// funnelPath is a visitor's kept attempt: how many steps it reached, and when and in which
// session each of them was reached.
type funnelPath struct {
	reached  int
	times    []time.Time
	sessions []string
	// dims are the entry session's breakdown values in FunnelBreakdowns' order, when known
	// (attempts of closed days keep them; attempts read from raw events look them up).
	dims []string
}

// better reports whether attempt a is kept over b: it reaches further, or as far and earlier.
func (a funnelPath) better(b funnelPath) bool {
	if a.reached != b.reached {
		return a.reached > b.reached
	}
	return a.times[0].Before(b.times[0])
}

// mergeFunnelPaths keeps, per visitor, the better of the attempts of both maps (into dst).
func mergeFunnelPaths(dst, src map[string]funnelPath) {
	for v, p := range src {
		if q, ok := dst[v]; !ok || p.better(q) {
			dst[v] = p
		}
	}
}

// sortFunnelEvents orders a visitor's events by time and merges the rows of one action (a page
// view and the goal it converted share the time and session), so one action counts as one event.
func sortFunnelEvents(evs []funnelEvent) []funnelEvent {
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].at.Before(evs[j].at) })
	out := evs[:0]
	for _, e := range evs {
		if n := len(out); n > 0 && out[n-1].at.Equal(e.at) && out[n-1].session == e.session {
			out[n-1].steps |= e.steps
			continue
		}
		out = append(out, e)
	}
	return out
}

// bestFunnelPath is the visitor's furthest-reaching attempt among the step-1 events in
// [from, to); ok is false when they did not enter. evs must be sorted (sortFunnelEvents).
func bestFunnelPath(evs []funnelEvent, n int, order FunnelOrder, window time.Duration, from, to time.Time) (best funnelPath, ok bool) {
	for i, e := range evs {
		if e.steps&1 == 0 || e.at.Before(from) || !e.at.Before(to) {
			continue
		}
		p := funnelAttempt(evs, i, n, order, window)
		if !ok || p.reached > best.reached {
			best, ok = p, true
		}
		if best.reached == n {
			break
		}
	}
	return best, ok
}

// funnelAttempt follows one entry (evs[start], a step-1 event) through the window.
func funnelAttempt(evs []funnelEvent, start, n int, order FunnelOrder, window time.Duration) funnelPath {
	t0 := evs[start].at
	end := t0.Add(window)
	p := funnelPath{reached: 1, times: []time.Time{t0}, sessions: []string{evs[start].session}}
	reach := func(e funnelEvent, at time.Time) {
		p.reached++
		p.times = append(p.times, at)
		p.sessions = append(p.sessions, e.session)
	}
	if order == FunnelAnyOrder {
		first := make([]int, n)
		for k := range first {
			first[k] = -1
		}
		first[0] = start
		for j := start + 1; j < len(evs) && !evs[j].at.After(end); j++ {
			for k := 1; k < n; k++ {
				if first[k] < 0 && evs[j].steps&(1<<k) != 0 {
					first[k] = j
				}
			}
		}
		for k := 1; k < n && first[k] >= 0; k++ {
			e := evs[first[k]]
			at := e.at
			if last := p.times[len(p.times)-1]; last.After(at) {
				at = last // reached once all of steps 1..k are done
				e = evs[lastIndex(first[:k+1])]
			}
			reach(e, at)
		}
		return p
	}
	for _, e := range evs[start+1:] {
		if p.reached == n || e.at.After(end) {
			break
		}
		next, current := uint16(1)<<p.reached, uint16(1)<<(p.reached-1)
		switch {
		case e.steps&next != 0:
			reach(e, e.at)
		case order == FunnelStrict && e.steps&current == 0:
			return p // another step came between: the attempt ends here
		}
	}
	return p
}

// lastIndex is the largest index of a list of event indexes (the latest of those events).
func lastIndex(idx []int) int {
	m := idx[0]
	for _, i := range idx[1:] {
		m = max(m, i)
	}
	return m
}

// funnelTally adds up visitors' kept attempts.
type funnelTally struct {
	n       int
	users   []float64
	seconds [][]float64 // per step, each visitor's seconds from the previous step
	total   []float64   // seconds from step 1 to the last, of those who finished
}

func newFunnelTally(n int) *funnelTally {
	return &funnelTally{n: n, users: make([]float64, n), seconds: make([][]float64, n)}
}

func (t *funnelTally) add(p funnelPath) {
	for k := 0; k < p.reached; k++ {
		t.users[k]++
		if k > 0 {
			t.seconds[k] = append(t.seconds[k], p.times[k].Sub(p.times[k-1]).Seconds())
		}
	}
	if p.reached == t.n {
		t.total = append(t.total, p.times[t.n-1].Sub(p.times[0]).Seconds())
	}
}

func (t *funnelTally) figures() FunnelFigures {
	f := FunnelFigures{Steps: make([]FunnelStepFigures, t.n), MedianTotalSeconds: median(t.total), Breakdown: []FunnelBreakdownFigures{}}
	for k := range f.Steps {
		f.Steps[k] = FunnelStepFigures{Users: t.users[k], MedianSeconds: median(t.seconds[k])}
	}
	return f
}

// median of a list (the mean of the two middle values for an even count), 0 for none.
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// breakdownRows groups the kept attempts by their entry session's value: most entrants first.
func breakdownRows(paths map[string]funnelPath, valueOf func(p funnelPath) string, n int) []FunnelBreakdownFigures {
	byValue := map[string][]float64{}
	for _, p := range paths {
		v := valueOf(p)
		if byValue[v] == nil {
			byValue[v] = make([]float64, n)
		}
		for k := 0; k < p.reached; k++ {
			byValue[v][k]++
		}
	}
	rows := make([]FunnelBreakdownFigures, 0, len(byValue))
	for v, users := range byValue {
		rows = append(rows, FunnelBreakdownFigures{Value: v, Users: users})
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Users[0] != rows[j].Users[0] {
			return rows[i].Users[0] > rows[j].Users[0]
		}
		return rows[i].Value < rows[j].Value
	})
	if len(rows) > MaxBreakdownValues {
		rows = rows[:MaxBreakdownValues]
	}
	return rows
}
