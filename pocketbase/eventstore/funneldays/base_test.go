package funneldays

import (
	"math/rand"
	"reflect"
	"testing"
)

// The closed figures with the open part's changes made (a base, With) must be the figures of
// every entrant's kept attempt: figures and each step's stopped visitors, as tallied afresh.
func TestFiguresWithChangesMatchTheMergedTally(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for round := 0; round < 200; round++ {
		parts := randomParts(rng, 1+rng.Intn(80))
		got := NewClosedFigures(parts.Closed, 5).With(parts.Changes())
		want := NewClosedFigures(parts.All(), 5)
		if g, w := got.Figures(nil), want.Figures(nil); !reflect.DeepEqual(g, w) {
			t.Fatalf("round %d: with changes %+v\nmerged %+v", round, g, w)
		}
		for step := 0; step < 5; step++ {
			gn, gs := got.Stopped(nil, step, 1000)
			wn, ws := want.Stopped(nil, step, 1000)
			if gn != wn || !reflect.DeepEqual(gs, ws) {
				t.Fatalf("round %d step %d: with changes %d %v\nmerged %d %v", round, step, gn, gs, wn, ws)
			}
		}
		if got.Items() != want.Items() {
			t.Fatalf("round %d: %d items, merged %d", round, got.Items(), want.Items())
		}
	}
}
