package experiments

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"
)

// The same cases as tests/unit/exclusion-groups.test.ts: a visitor's slot in a group is the
// same in the tracker, the edge and the server.
func TestInGroupRangeMatchesTheTrackersFixture(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/group-slots.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			V, S string
			A, B float64
			In   bool
		}
	}
	if err := json.Unmarshal(raw, &f); err != nil || len(f.Cases) < 600 {
		t.Fatalf("fixture: %v (%d cases)", err, len(f.Cases))
	}
	for _, c := range f.Cases {
		if got := InGroupRange(c.V, c.S, c.A, c.B); got != c.In {
			t.Errorf("InGroupRange(%q, %q, %v, %v) = %v, the tracker says %v", c.V, c.S, c.A, c.B, got, c.In)
		}
	}
}

func visitorIDs(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("visitor-%d-%x", i, i*2654435761)
	}
	return out
}

// Disjoint ranges of one group's namespace never share a visitor, and together they hold each
// visitor exactly once; each range holds about its width of the visitors.
func TestGroupRangesAreExclusiveAndSizedByTheirWidth(t *testing.T) {
	ranges := [][2]float64{{0, 0.25}, {0.25, 0.6}, {0.6, 1}}
	counts := make([]int, len(ranges))
	ids := visitorIDs(20000)
	for _, v := range ids {
		in := 0
		for i, r := range ranges {
			if InGroupRange(v, "seed-of-group", r[0], r[1]) {
				in++
				counts[i]++
			}
		}
		if in != 1 {
			t.Fatalf("visitor %s is in %d ranges of the group", v, in)
		}
	}
	for i, r := range ranges {
		share := float64(counts[i]) / float64(len(ids))
		if math.Abs(share-(r[1]-r[0])) > 0.015 {
			t.Errorf("range %v holds %.3f of the visitors", r, share)
		}
	}
	if InGroupRange("", "seed-of-group", 0, 1) {
		t.Error("a visitor without an id is in a group's range")
	}
}

// Adding an experiment to a group (a new range in its free space) never moves a visitor of the
// experiments already in it: a slot depends on the visitor and the group's seed alone.
func TestANewRangeMovesNoExistingVisitor(t *testing.T) {
	existing := [][2]float64{{0, 0.3}, {0.3, 0.5}}
	ids := visitorIDs(5000)
	before := map[string]int{}
	for _, v := range ids {
		before[v] = -1
		for i, r := range existing {
			if InGroupRange(v, "g", r[0], r[1]) {
				before[v] = i
			}
		}
	}
	withNew := append(append([][2]float64{}, existing...), [2]float64{0.5, 0.8})
	joined := 0
	for _, v := range ids {
		after := -1
		for i, r := range withNew {
			if InGroupRange(v, "g", r[0], r[1]) {
				after = i
			}
		}
		if before[v] >= 0 && after != before[v] {
			t.Fatalf("visitor %s moved from range %d to %d", v, before[v], after)
		}
		if after == 2 {
			joined++
			if before[v] != -1 {
				t.Fatalf("visitor %s of an existing test joined the new one", v)
			}
		}
	}
	if joined < 1300 || joined > 1700 {
		t.Errorf("the new 30%% range took %d of 5,000 visitors", joined)
	}
}

// Within a range the variants still split by the experiment's own seed: the group's slot and
// the variant are independent hashes, so a range is not biased towards one arm.
func TestVariantsSplitEvenlyInsideAGroupRange(t *testing.T) {
	arms := [2]int{}
	for _, v := range visitorIDs(20000) {
		if InGroupRange(v, "g", 0, 0.5) {
			arms[Assign(v, "experiment-seed", 1, []float64{0.5, 0.5})]++
		}
	}
	total := arms[0] + arms[1]
	if share := float64(arms[0]) / float64(total); math.Abs(share-0.5) > 0.02 {
		t.Errorf("the control holds %.3f of the range's %d visitors", share, total)
	}
}
