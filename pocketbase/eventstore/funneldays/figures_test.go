package funneldays

import (
	"math/rand"
	"reflect"
	"strconv"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

// randomParts are closed and open attempts of 5-step funnels: visitors in one part only, open
// attempts that replace closed ones and open ones that do not, whole-minute gaps (ties in the
// medians) and odd and even counts.
func randomParts(rng *rand.Rand, visitors int) Parts {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	path := func(at time.Time) funnelpath.Path {
		p := funnelpath.Path{Reached: 1 + rng.Intn(5), Times: []time.Time{at}, Sessions: []string{"s" + strconv.Itoa(rng.Intn(visitors))}}
		for k := 1; k < p.Reached; k++ {
			p.Times = append(p.Times, p.Times[k-1].Add(time.Duration(rng.Intn(6))*time.Minute))
			p.Sessions = append(p.Sessions, p.Sessions[0])
		}
		return p
	}
	parts := Parts{Closed: map[string]funnelpath.Path{}, Open: map[string]funnelpath.Path{}}
	for v := 0; v < visitors; v++ {
		id := "v" + strconv.Itoa(v)
		if rng.Intn(3) > 0 {
			parts.Closed[id] = path(start.Add(time.Duration(rng.Intn(500)) * time.Hour))
		}
		if rng.Intn(3) == 0 {
			parts.Open[id] = path(start.AddDate(0, 1, 0).Add(time.Duration(rng.Intn(200)) * time.Hour))
		}
	}
	return parts
}

// The closed part's figures adjusted for the open part's changes must be the figures of every
// entrant's kept attempt (users, each step's median seconds and the median total).
func TestAdjustedFiguresMatchTheMergedTally(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for round := 0; round < 200; round++ {
		parts := randomParts(rng, 1+rng.Intn(60))
		want := funnelpath.NewTally(5)
		for _, p := range parts.All() {
			want.Add(p)
		}
		got := NewClosedFigures(parts.Closed, 5).Figures(parts.Changes())
		if !reflect.DeepEqual(got, want.Figures()) {
			t.Fatalf("round %d: adjusted %+v\nmerged %+v", round, got, want.Figures())
		}
	}
}

// A drop-off from the adjusted closed figures must be the drop-off of every entrant's kept
// attempt: the count, the sample of sessions (past MaxDropOffSessions too) and the next pages.
func TestAdjustedDropOffMatchesTheMergedOne(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	q := eventstore.FunnelQuery{SiteID: "site", Steps: make([]eventstore.FunnelStep, 5), Window: time.Hour}
	views := func(_ string, sessions []string) (map[string][]funnelpath.PageView, error) {
		out := map[string][]funnelpath.PageView{}
		for _, s := range sessions {
			n, _ := strconv.Atoi(s[1:])
			out[s] = []funnelpath.PageView{{Path: "/p" + strconv.Itoa(n%7), At: time.Date(2026, 1, 1+n%60, 0, 0, 0, 0, time.UTC)}}
		}
		return out, nil
	}
	for round := 0; round < 40; round++ {
		parts := randomParts(rng, 1+rng.Intn(1500))
		cache := NewCache()
		for step := -1; step <= 4; step++ {
			got, err := DropOff(cache, q, step, func() (Parts, uint64, error) { return parts, 0, nil }, views)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := funnelpath.DropOff(q, step, func(eventstore.FunnelQuery) (map[string]funnelpath.Path, error) { return parts.All(), nil }, views)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d step %d: adjusted %+v\nmerged %+v", round, step, got, want)
			}
		}
	}
}
