package funnelpath

import (
	"cro/pocketbase/eventstore"
	"reflect"
	"testing"
	"time"
)

// The funnel semantics on hand-made event sequences: which step a visitor reaches and when.

var funnelT0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fe is an event of the given steps (1-based, as the funnel shows them) minutes after funnelT0.
func fe(minutes float64, steps ...int) Event {
	var mask uint16
	for _, s := range steps {
		mask |= 1 << (s - 1)
	}
	return Event{At: funnelT0.Add(time.Duration(minutes * float64(time.Minute))), Steps: mask, Session: "s"}
}

const week = 7 * 24 * time.Hour

func reach(t *testing.T, order eventstore.FunnelOrder, window time.Duration, evs ...Event) (int, []float64) {
	t.Helper()
	p, ok := Best(SortEvents(evs), 4, order, window, funnelT0.Add(-time.Hour), funnelT0.Add(24*time.Hour))
	if !ok {
		return 0, nil
	}
	var gaps []float64
	for k := 1; k < p.Reached; k++ {
		gaps = append(gaps, p.Times[k].Sub(p.Times[k-1]).Minutes())
	}
	return p.Reached, gaps
}

func TestFunnelOrdered(t *testing.T) {
	cases := []struct {
		name    string
		evs     []Event
		reached int
		gaps    []float64
	}{
		{"all four in order", []Event{fe(0, 1), fe(1, 2), fe(3, 3), fe(6, 4)}, 4, []float64{1, 2, 3}},
		{"a skipped step stops the funnel there", []Event{fe(0, 1), fe(1, 2), fe(3, 4)}, 2, []float64{1}},
		{"steps out of order count only in order", []Event{fe(0, 1), fe(1, 3), fe(2, 2), fe(4, 4)}, 2, []float64{2}},
		{"a step before entry does not count", []Event{fe(0, 2), fe(1, 1), fe(2, 3)}, 1, nil},
		{"repeats count once, the first after the previous step is kept", []Event{fe(0, 1), fe(1, 1), fe(2, 2), fe(3, 2), fe(5, 3)},
			3, []float64{2, 3}},
		{"other steps between are allowed", []Event{fe(0, 1), fe(1, 2), fe(2, 1), fe(3, 3)}, 3, []float64{1, 2}},
		{"one action counts for one step", []Event{fe(0, 1, 2)}, 1, nil},
		{"of equal attempts the earliest is kept", []Event{fe(0, 1), fe(60, 1), fe(61, 2), fe(62, 3)}, 3, []float64{61, 1}},
		{"no step 1: not an entrant", []Event{fe(0, 2), fe(1, 3)}, 0, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, gaps := reach(t, eventstore.FunnelOrdered, week, c.evs...)
			if got != c.reached || !reflect.DeepEqual(gaps, c.gaps) {
				t.Fatalf("reached %d with gaps %v, want %d with %v", got, gaps, c.reached, c.gaps)
			}
		})
	}
}

func TestFunnelWindow(t *testing.T) {
	day := 24 * 60.0
	// Step 3 eight days after step 1: outside a 7-day window, inside a 14-day one.
	evs := []Event{fe(0, 1), fe(day, 2), fe(8*day, 3)}
	if got, _ := reach(t, eventstore.FunnelOrdered, week, evs...); got != 2 {
		t.Fatalf("7-day window reached %d, want 2", got)
	}
	if got, _ := reach(t, eventstore.FunnelOrdered, 2*week, evs...); got != 3 {
		t.Fatalf("14-day window reached %d, want 3", got)
	}
	// The window runs from step 1, not from the previous step; its end is included.
	if got, _ := reach(t, eventstore.FunnelOrdered, week, fe(0, 1), fe(6*day, 2), fe(7*day, 3), fe(7*day+1, 4)); got != 3 {
		t.Fatalf("window from step 1 reached %d, want 3", got)
	}
	// A later entry starts its own window, and the furthest attempt is kept.
	if got, gaps := reach(t, eventstore.FunnelOrdered, week, fe(0, 1), fe(20*60, 1), fe(7.5*day, 2)); got != 2 || gaps[0] != 7.5*day-20*60 {
		t.Fatalf("later entry reached %d with gaps %v, want 2 from the second entry", got, gaps)
	}
}

func TestFunnelEntryRange(t *testing.T) {
	// Entries count only inside [from, to): one before and one after enter nobody.
	evs := SortEvents([]Event{fe(-120, 1), fe(1, 2)})
	if _, ok := Best(evs, 4, eventstore.FunnelOrdered, week, funnelT0.Add(-time.Hour), funnelT0.Add(time.Hour)); ok {
		t.Fatal("an entry before the range counted")
	}
	evs = SortEvents([]Event{fe(60, 1)})
	if _, ok := Best(evs, 4, eventstore.FunnelOrdered, week, funnelT0.Add(-time.Hour), funnelT0.Add(time.Hour)); ok {
		t.Fatal("an entry at the range's end counted")
	}
}

func TestFunnelStrict(t *testing.T) {
	cases := []struct {
		name    string
		evs     []Event
		reached int
	}{
		{"in order", []Event{fe(0, 1), fe(1, 2), fe(2, 3), fe(3, 4)}, 4},
		{"a repeat of the current step is allowed", []Event{fe(0, 1), fe(1, 1), fe(2, 2), fe(3, 2), fe(4, 3)}, 3},
		{"an earlier step between ends the attempt", []Event{fe(0, 1), fe(1, 2), fe(2, 1), fe(3, 3)}, 2},
		{"a later step first ends the attempt", []Event{fe(0, 1), fe(1, 3), fe(2, 2), fe(3, 3)}, 1},
		{"a later clean attempt is kept", []Event{fe(0, 1), fe(1, 3), fe(5, 1), fe(6, 2), fe(7, 3)}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got, _ := reach(t, eventstore.FunnelStrict, week, c.evs...); got != c.reached {
				t.Fatalf("reached %d, want %d", got, c.reached)
			}
			// The same sequence in ordered mode never reaches less.
			if got, _ := reach(t, eventstore.FunnelOrdered, week, c.evs...); got < c.reached {
				t.Fatalf("ordered reached %d, less than strict's %d", got, c.reached)
			}
		})
	}
}

func TestFunnelAnyOrder(t *testing.T) {
	got, gaps := reach(t, eventstore.FunnelAnyOrder, week, fe(0, 1), fe(1, 3), fe(2, 4), fe(5, 2))
	// Step 2 at 5 min completes steps 1-2, 1-3 and 1-4 at once.
	if got != 4 || !reflect.DeepEqual(gaps, []float64{5, 0, 0}) {
		t.Fatalf("reached %d with gaps %v, want 4 with [5 0 0]", got, gaps)
	}
	// Steps before entry do not count; a missing step 2 stops at 1 whatever else was done.
	if got, _ := reach(t, eventstore.FunnelAnyOrder, week, fe(0, 2), fe(1, 1), fe(2, 3), fe(3, 4)); got != 1 {
		t.Fatalf("reached %d, want 1", got)
	}
	// The window applies too.
	if got, _ := reach(t, eventstore.FunnelAnyOrder, time.Hour, fe(0, 1), fe(30, 3), fe(90, 2)); got != 1 {
		t.Fatalf("reached %d, want 1", got)
	}
}

func TestFunnelTally(t *testing.T) {
	tl := NewTally(3)
	at := func(m ...float64) []time.Time {
		var out []time.Time
		for _, x := range m {
			out = append(out, funnelT0.Add(time.Duration(x*float64(time.Minute))))
		}
		return out
	}
	tl.Add(Path{Reached: 3, Times: at(0, 1, 3)})
	tl.Add(Path{Reached: 3, Times: at(0, 3, 7)})
	tl.Add(Path{Reached: 2, Times: at(0, 10)})
	tl.Add(Path{Reached: 1, Times: at(0)})
	f := tl.Figures()
	want := []eventstore.FunnelStepFigures{{Users: 4}, {Users: 3, MedianSeconds: 180}, {Users: 2, MedianSeconds: 180}}
	if !reflect.DeepEqual(f.Steps, want) || f.MedianTotalSeconds != 300 {
		t.Fatalf("got %+v total %v, want %+v total 300", f.Steps, f.MedianTotalSeconds, want)
	}
}
