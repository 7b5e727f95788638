package experiments

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"
)

// The same vectors as tests/unit/assignment.test.ts: the server and the tracker bucket alike.
type vectors struct {
	Hash           [][4]any          `json:"hash"`
	GetBucketRange []json.RawMessage `json:"getBucketRange"`
	Choose         []json.RawMessage `json:"chooseVariation"`
	InNamespace    []json.RawMessage `json:"inNamespace"`
	EqualWeights   []json.RawMessage `json:"getEqualWeights"`
}

func loadVectors(t *testing.T) vectors {
	t.Helper()
	raw, err := os.ReadFile("../../tests/fixtures/assignment-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func decode(t *testing.T, raw json.RawMessage, into ...any) {
	t.Helper()
	if err := json.Unmarshal(raw, &into); err != nil {
		t.Fatalf("vector %s: %v", raw, err)
	}
}

func close6(a, b float64) bool { return math.Abs(a-b) < 5e-7 }

func TestHashVectors(t *testing.T) {
	v := loadVectors(t)
	if len(v.Hash) < 10 {
		t.Fatalf("only %d hash vectors", len(v.Hash))
	}
	for _, c := range v.Hash {
		seed, value, version := c[0].(string), c[1].(string), int(c[2].(float64))
		got, ok := Hash(seed, value, version)
		if c[3] == nil {
			if ok {
				t.Errorf("Hash(%q, %q, %d) = %v, want none", seed, value, version, got)
			}
			continue
		}
		if want := c[3].(float64); !ok || got != want {
			t.Errorf("Hash(%q, %q, %d) = %v, want %v", seed, value, version, got, want)
		}
	}
}

func TestBucketRangeVectors(t *testing.T) {
	for _, raw := range loadVectors(t).GetBucketRange {
		var name string
		var args []json.RawMessage
		var want []BucketRange
		decode(t, raw, &name, &args, &want)
		var n int
		var coverage float64
		var weights []float64
		decode(t, mustJSON(args), &n, &coverage, &weights)
		got := BucketRanges(n, coverage, weights)
		if len(got) != len(want) {
			t.Errorf("%s: %v, want %v", name, got, want)
			continue
		}
		for i := range got {
			if !close6(got[i][0], want[i][0]) || !close6(got[i][1], want[i][1]) {
				t.Errorf("%s: %v, want %v", name, got, want)
			}
		}
	}
}

func TestChooseVariationVectors(t *testing.T) {
	for _, raw := range loadVectors(t).Choose {
		var name string
		var n float64
		var ranges []BucketRange
		var want int
		decode(t, raw, &name, &n, &ranges, &want)
		if got := ChooseVariation(n, ranges); got != want {
			t.Errorf("%s: %d, want %d", name, got, want)
		}
	}
}

func TestInNamespaceVectors(t *testing.T) {
	for _, raw := range loadVectors(t).InNamespace {
		var name, id string
		var ns [3]any
		var want bool
		decode(t, raw, &name, &id, &ns, &want)
		if got := InNamespace(id, ns[0].(string), ns[1].(float64), ns[2].(float64)); got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}

func TestEqualWeightsVectors(t *testing.T) {
	for _, raw := range loadVectors(t).EqualWeights {
		var n int
		var want []float64
		decode(t, raw, &n, &want)
		got := EqualWeights(n)
		if len(got) != len(want) {
			t.Fatalf("EqualWeights(%d) = %v, want %v", n, got, want)
		}
		for i := range got {
			if !close6(got[i], want[i]) {
				t.Errorf("EqualWeights(%d) = %v, want %v", n, got, want)
			}
		}
	}
}

func TestAssignIsStickyAndFollowsWeights(t *testing.T) {
	counts := make([]int, 2)
	for i := range 2000 {
		id := "visitor-" + strconv.Itoa(i*7919)
		first := Assign(id, "seed-1", 1, []float64{0.5, 0.5})
		if again := Assign(id, "seed-1", 1, []float64{0.5, 0.5}); again != first || first < 0 {
			t.Fatalf("visitor %s: %d then %d", id, first, again)
		}
		counts[first]++
	}
	// 99.9% interval of Binomial(2000, 0.5): 1000 ± 74.
	if counts[0] < 926 || counts[0] > 1074 {
		t.Errorf("50/50 split gave %v", counts)
	}
	if Assign("someone", "seed-1", 0, []float64{0.5, 0.5}) != -1 {
		t.Error("traffic 0 assigned a visitor")
	}
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// The tracker buckets visitors in the browser (src/lib/assignment.ts assignVariant); the fixture
// pins that it and Assign give every visitor the same variant.
func TestAssignAgreesWithTheTracker(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/experiment-assignments.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			Visitor string    `json:"visitor"`
			Seed    string    `json:"seed"`
			Traffic float64   `json:"traffic"`
			Weights []float64 `json:"weights"`
			Variant int       `json:"variant"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 20 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	for _, c := range f.Cases {
		if got := Assign(c.Visitor, c.Seed, c.Traffic, c.Weights); got != c.Variant {
			t.Errorf("Assign(%q, %q, %v, %v) = %d, want %d", c.Visitor, c.Seed, c.Traffic, c.Weights, got, c.Variant)
		}
	}
}

// The tracker decides a rule's rollout in the browser (src/lib/assignment.ts inRollout) and the
// edge on the server; the fixture pins that they agree visitor by visitor.
func TestInRolloutAgreesWithTheTracker(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/rule-rollouts.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			Visitor    string  `json:"visitor"`
			Seed       string  `json:"seed"`
			Percentage float64 `json:"percentage"`
			InRollout  bool    `json:"inRollout"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	in := 0
	for _, c := range f.Cases {
		if c.InRollout {
			in++
		}
		if got := InRollout(c.Visitor, c.Seed, c.Percentage); got != c.InRollout {
			t.Errorf("InRollout(%q, %q, %v) = %v, want %v", c.Visitor, c.Seed, c.Percentage, got, c.InRollout)
		}
	}
	if in == 0 || in == len(f.Cases) {
		t.Fatalf("the fixture must hold visitors in and out of rollouts (%d of %d in)", in, len(f.Cases))
	}
}
