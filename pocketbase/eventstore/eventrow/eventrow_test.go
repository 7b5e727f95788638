package eventrow

import (
	"testing"

	"cro/pocketbase/eventstore"
)

func TestKnownExposure(t *testing.T) {
	site := &eventstore.Site{Experiments: map[string]*eventstore.ExperimentConfig{
		"x1": {ID: "x1", Variants: []eventstore.VariantConfig{{Key: "control"}, {Key: "b"}}}}}
	for _, c := range []struct {
		id, variant string
		want        bool
	}{{"x1", "b", true}, {"x1", "c", false}, {"x2", "b", false}} {
		if got := KnownExposure(site, &eventstore.Event{Type: "xp", ID: c.id, Name: c.variant}); got != c.want {
			t.Errorf("%s/%s: %v, want %v", c.id, c.variant, got, c.want)
		}
	}
}

func TestTruncateCountsCharacters(t *testing.T) {
	if got := Truncate("åäöü", 3); got != "åäö" {
		t.Fatalf("got %q, want three characters", got)
	}
	if got := Truncate("ab", 3); got != "ab" {
		t.Fatalf("got %q", got)
	}
}

func TestRound2AndJSON(t *testing.T) {
	if Round2(2.345678) != 2.35 || Round2(-1.234) != -1.23 {
		t.Fatalf("Round2: %v %v", Round2(2.345678), Round2(-1.234))
	}
	if got := JSON(map[string]any{"goal": "g", "verified": true}); got != `{"goal":"g","verified":true}` {
		t.Fatalf("JSON: %s", got)
	}
}

func TestSessionDims(t *testing.T) {
	got := SessionDims("Google", "", "cpc", "", "mobile", "Safari", "")
	want := [][2]string{{"source", "Google"}, {"device", "mobile"}, {"browser", "Safari"}, {"country", "Unknown"}, {"utm_medium", "cpc"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}
