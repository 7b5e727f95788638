// Package funnelpath is how a visitor moves through a funnel's steps, worked out from their events
// the same way by every event store: the attempt each entrant keeps, the tally of steps and times,
// the breakdown rows and the drop-off's next pages. It reads nothing: each store hands it the
// events (or stored attempts) it read.
package funnelpath

import (
	"sort"
	"time"

	"cro/pocketbase/eventstore"
)

// Funnels: how a visitor moves through a site's ordered steps, computed from raw events.
//
// A step is a page view of a URL pattern (eventstore/urlpattern, the rules' and goals' syntax) or a
// conversion of one of the site's goals (events.goal, matched at ingest by eventstore/goalmatch). A visitor
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

// MaxSteps bounds a funnel (a step set is a bit mask of this width).
const MaxSteps = 10

// Funnel breakdowns: the entry session's property a funnel's entrants are grouped by.
const (
	BreakdownDevice  = "device"
	BreakdownBrowser = "browser"
	BreakdownCountry = "country"
	BreakdownSource  = "source"
	BreakdownLanding = "landing"
)

// Breakdowns lists the breakdowns a query may ask for.
var Breakdowns = []string{BreakdownDevice, BreakdownBrowser, BreakdownCountry, BreakdownSource, BreakdownLanding}

// MaxBreakdownValues bounds the breakdown's rows: the values with most entrants.
const MaxBreakdownValues = 20

// MaxDropOffSessions bounds the sessions (and the next-page lookups) of a drop-off.
const MaxDropOffSessions = 200

// Event is one of a visitor's events of at least one step (steps: bit k for step k).
type Event struct {
	At      time.Time
	Steps   uint16
	Session string
}

// Path is a visitor's kept attempt: how many steps it reached, and when and in which
// session each of them was reached.
type Path struct {
	Reached  int
	Times    []time.Time
	Sessions []string
	// dims are the entry session's breakdown values in Breakdowns' order, when known
	// (attempts of closed days keep them; attempts read from raw events look them up).
	Dims []string
}

// Better reports whether attempt a is kept over b: it reaches further, or as far and earlier.
func (a Path) Better(b Path) bool {
	if a.Reached != b.Reached {
		return a.Reached > b.Reached
	}
	return a.Times[0].Before(b.Times[0])
}

// Merge keeps, per visitor, the better of the attempts of both maps (into dst).
func Merge(dst, src map[string]Path) {
	for v, p := range src {
		if q, ok := dst[v]; !ok || p.Better(q) {
			dst[v] = p
		}
	}
}

// SortEvents orders a visitor's events by time and merges the rows of one action (a page
// view and the goal it converted share the time and session), so one action counts as one event.
func SortEvents(evs []Event) []Event {
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].At.Before(evs[j].At) })
	out := evs[:0]
	for _, e := range evs {
		if n := len(out); n > 0 && out[n-1].At.Equal(e.At) && out[n-1].Session == e.Session {
			out[n-1].Steps |= e.Steps
			continue
		}
		out = append(out, e)
	}
	return out
}

// Best is the visitor's furthest-reaching attempt among the step-1 events in
// [from, to); ok is false when they did not enter. evs must be sorted (SortEvents).
func Best(evs []Event, n int, order eventstore.FunnelOrder, window time.Duration, from, to time.Time) (best Path, ok bool) {
	for i, e := range evs {
		if e.Steps&1 == 0 || e.At.Before(from) || !e.At.Before(to) {
			continue
		}
		p := attempt(evs, i, n, order, window)
		if !ok || p.Reached > best.Reached {
			best, ok = p, true
		}
		if best.Reached == n {
			break
		}
	}
	return best, ok
}

// attempt follows one entry (evs[start], a step-1 event) through the window.
func attempt(evs []Event, start, n int, order eventstore.FunnelOrder, window time.Duration) Path {
	t0 := evs[start].At
	end := t0.Add(window)
	p := Path{Reached: 1, Times: []time.Time{t0}, Sessions: []string{evs[start].Session}}
	reach := func(e Event, at time.Time) {
		p.Reached++
		p.Times = append(p.Times, at)
		p.Sessions = append(p.Sessions, e.Session)
	}
	if order == eventstore.FunnelAnyOrder {
		first := make([]int, n)
		for k := range first {
			first[k] = -1
		}
		first[0] = start
		for j := start + 1; j < len(evs) && !evs[j].At.After(end); j++ {
			for k := 1; k < n; k++ {
				if first[k] < 0 && evs[j].Steps&(1<<k) != 0 {
					first[k] = j
				}
			}
		}
		for k := 1; k < n && first[k] >= 0; k++ {
			e := evs[first[k]]
			at := e.At
			if last := p.Times[len(p.Times)-1]; last.After(at) {
				at = last // reached once all of steps 1..k are done
				e = evs[lastIndex(first[:k+1])]
			}
			reach(e, at)
		}
		return p
	}
	for _, e := range evs[start+1:] {
		if p.Reached == n || e.At.After(end) {
			break
		}
		next, current := uint16(1)<<p.Reached, uint16(1)<<(p.Reached-1)
		switch {
		case e.Steps&next != 0:
			reach(e, e.At)
		case order == eventstore.FunnelStrict && e.Steps&current == 0:
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

// Tally adds up visitors' kept attempts.
type Tally struct {
	n       int
	users   []float64
	seconds [][]float64 // per step, each visitor's seconds from the previous step
	total   []float64   // seconds from step 1 to the last, of those who finished
}

func NewTally(n int) *Tally {
	return &Tally{n: n, users: make([]float64, n), seconds: make([][]float64, n)}
}

func (t *Tally) Add(p Path) {
	for k := 0; k < p.Reached; k++ {
		t.users[k]++
		if k > 0 {
			t.seconds[k] = append(t.seconds[k], p.Times[k].Sub(p.Times[k-1]).Seconds())
		}
	}
	if p.Reached == t.n {
		t.total = append(t.total, p.Times[t.n-1].Sub(p.Times[0]).Seconds())
	}
}

func (t *Tally) Figures() eventstore.FunnelFigures {
	f := eventstore.FunnelFigures{Steps: make([]eventstore.FunnelStepFigures, t.n), MedianTotalSeconds: Median(t.total), Breakdown: []eventstore.FunnelBreakdownFigures{}}
	for k := range f.Steps {
		f.Steps[k] = eventstore.FunnelStepFigures{Users: t.users[k], MedianSeconds: Median(t.seconds[k])}
	}
	return f
}

// Median of a list (the mean of the two middle values for an even count), 0 for none.
func Median(v []float64) float64 {
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

// BreakdownRows groups the kept attempts by their entry session's value: most entrants first.
func BreakdownRows(paths map[string]Path, valueOf func(p Path) string, n int) []eventstore.FunnelBreakdownFigures {
	return TallyByValue(paths, valueOf, n).Rows()
}

// ValueTally is a breakdown's count of entrants per step, by their entry session's value.
type ValueTally map[string][]float64

// TallyByValue counts the kept attempts per step, by value.
func TallyByValue(paths map[string]Path, valueOf func(p Path) string, n int) ValueTally {
	t := ValueTally{}
	for _, p := range paths {
		t.Add(valueOf(p), p, n, 1)
	}
	return t
}

// Add counts an attempt under a value (sign 1), or takes it back out (sign -1): a value no entrant
// has any more is gone, as a fresh tally would not hold it.
func (t ValueTally) Add(value string, p Path, n int, sign float64) {
	users := t[value]
	if users == nil {
		users = make([]float64, n)
		t[value] = users
	}
	for k := 0; k < p.Reached; k++ {
		users[k] += sign
	}
	if users[0] == 0 {
		delete(t, value)
	}
}

// Clone copies the tally (its counts too).
func (t ValueTally) Clone() ValueTally {
	out := make(ValueTally, len(t))
	for v, users := range t {
		out[v] = append([]float64(nil), users...)
	}
	return out
}

// Rows are the tally's breakdown rows: most entrants first, at most MaxBreakdownValues.
func (t ValueTally) Rows() []eventstore.FunnelBreakdownFigures {
	rows := make([]eventstore.FunnelBreakdownFigures, 0, len(t))
	for v, users := range t {
		rows = append(rows, eventstore.FunnelBreakdownFigures{Value: v, Users: append([]float64(nil), users...)})
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

// DropOff is both stores' FunnelDropOff: of the visitors who reached a step and no further,
// a sorted sample of their sessions at that step and the page each went to next. pathsOf and
// viewsOf are the store's own reads (funnel paths; the sessions' page views).
func DropOff(q eventstore.FunnelQuery, step int, pathsOf func(eventstore.FunnelQuery) (map[string]Path, error),
	viewsOf func(siteID string, sessions []string) (map[string][]PageView, error)) (eventstore.FunnelDropOffFigures, error) {
	out := eventstore.FunnelDropOffFigures{NextPages: []eventstore.FunnelNextPage{}, Sessions: []string{}}
	if step < 0 || step >= len(q.Steps)-1 {
		return out, nil
	}
	paths, err := pathsOf(q)
	if err != nil {
		return out, err
	}
	var stopped []string
	for v, p := range paths {
		if p.Reached == step+1 {
			stopped = append(stopped, v)
		}
	}
	sort.Strings(stopped) // the same sample on every call
	return DropOffOf(q, step, len(stopped), stopped[:min(len(stopped), MaxDropOffSessions)],
		func(v string) Path { return paths[v] }, viewsOf)
}

// DropOffOf is a drop-off from its count of visitors who stopped at the step, the first
// MaxDropOffSessions of them by visitor (sorted) and their attempts (pathOf): a store that keeps
// the count and the list adjusted (eventstore/funneldays) looks up only the sample's attempts.
func DropOffOf(q eventstore.FunnelQuery, step, visitors int, stopped []string, pathOf func(visitor string) Path,
	viewsOf func(siteID string, sessions []string) (map[string][]PageView, error)) (eventstore.FunnelDropOffFigures, error) {
	out := eventstore.FunnelDropOffFigures{NextPages: []eventstore.FunnelNextPage{}, Sessions: []string{}}
	if step < 0 || step >= len(q.Steps)-1 {
		return out, nil
	}
	out.Visitors = float64(visitors)
	seen := map[string]bool{}
	for _, v := range stopped {
		if session := pathOf(v).Sessions[step]; !seen[session] {
			seen[session] = true
			out.Sessions = append(out.Sessions, session)
		}
	}
	views, err := viewsOf(q.SiteID, out.Sessions)
	if err != nil {
		return out, err
	}
	next := map[string]float64{}
	for _, v := range stopped {
		p := pathOf(v)
		next[NextPageView(views[p.Sessions[step]], p.Times[step])]++
	}
	for path, n := range next {
		out.NextPages = append(out.NextPages, eventstore.FunnelNextPage{Path: path, Visitors: n})
	}
	sort.Slice(out.NextPages, func(i, j int) bool {
		a, b := out.NextPages[i], out.NextPages[j]
		if a.Visitors != b.Visitors {
			return a.Visitors > b.Visitors
		}
		return a.Path < b.Path
	})
	return out, nil
}

// PageView is one of a session's page views, as a drop-off looks for the next page.
type PageView struct {
	Path string
	At   time.Time
}

// NextPageView is the path of the first page view after a time ("" when there was none).
func NextPageView(views []PageView, after time.Time) string {
	next := PageView{}
	for _, v := range views {
		if v.At.After(after) && (next.Path == "" || v.At.Before(next.At)) {
			next = v
		}
	}
	return next.Path
}

// DimOrUnknown is a session's value of one breakdown, named as the Analytics screen names a
// missing one.
func DimOrUnknown(dims []string, i int) string {
	if i < 0 || i >= len(dims) || dims[i] == "" {
		return "Unknown"
	}
	return dims[i]
}
