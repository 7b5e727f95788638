package funneldays

import (
	"math/rand"
	"reflect"
	"strconv"
	"testing"
	"time"

	"cro/pocketbase/eventstore/funnelpath"
)

// The closed part's tally adjusted for the open part's changes must be the tally of every
// entrant's kept attempt: visitors only in one part, open attempts that replace closed ones (and
// empty a value), and open attempts that do not.
func TestAdjustedRowsMatchTheMergedTally(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	path := func(reached int, at time.Time, value string) funnelpath.Path {
		p := funnelpath.Path{Reached: reached, Dims: []string{value}}
		for k := 0; k < reached; k++ {
			p.Times = append(p.Times, at.Add(time.Duration(k)*time.Minute))
			p.Sessions = append(p.Sessions, "s")
		}
		return p
	}
	values := []string{"a", "b", "c", "d", "lonely"}
	for round := 0; round < 50; round++ {
		parts := Parts{Closed: map[string]funnelpath.Path{}, Open: map[string]funnelpath.Path{}}
		for v := 0; v < 200; v++ {
			id := strconv.Itoa(v)
			value := values[rng.Intn(4)]
			if v == 7 {
				value = "lonely" // its only entrant gets further in the open days, from another value
			}
			if v == 7 || rng.Intn(3) > 0 {
				parts.Closed[id] = path(1+rng.Intn(4), start.Add(time.Duration(rng.Intn(500))*time.Hour), value)
			}
			if v == 7 || rng.Intn(3) == 0 {
				reached := 1 + rng.Intn(4)
				if v == 7 {
					reached = 5
				}
				parts.Open[id] = path(reached, start.AddDate(0, 1, 0).Add(time.Duration(rng.Intn(200))*time.Hour), values[rng.Intn(4)])
			}
		}
		valueOf := func(p funnelpath.Path) string { return p.Dims[0] }
		got := AdjustedRows(funnelpath.TallyByValue(parts.Closed, valueOf, 5), parts.Changes(), valueOf, 5)
		want := funnelpath.BreakdownRows(parts.All(), valueOf, 5)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d: adjusted %+v\nmerged %+v", round, got, want)
		}
	}
}
