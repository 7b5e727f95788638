package audience

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// The audience evaluator answers as src/lib/contracts/audience.ts, context by context and
// audience by audience (tests/fixtures/contracts/audiences.json, run by
// tests/unit/audience-contract.test.ts too).
func TestAudienceMatchesTheContract(t *testing.T) {
	var f struct {
		Audiences []struct {
			Name       string     `json:"name"`
			Definition Definition `json:"definition"`
		} `json:"audiences"`
		Contexts []struct {
			Name    string   `json:"name"`
			Context Context  `json:"context"`
			Matches []string `json:"matches"`
		} `json:"contexts"`
	}
	raw, err := os.ReadFile("../../tests/fixtures/contracts/audiences.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Contexts) < 60 || len(f.Audiences) < 19 {
		t.Fatalf("only %d contexts and %d audiences", len(f.Contexts), len(f.Audiences))
	}
	kinds := map[string]bool{}
	for _, a := range f.Audiences {
		for _, c := range a.Definition.Conditions {
			kinds[c.Kind] = true
		}
	}
	if len(kinds) != 19 {
		t.Errorf("the fixture covers %d condition kinds, want all 19", len(kinds))
	}
	for _, c := range f.Contexts {
		for _, a := range f.Audiences {
			want := slices.Contains(c.Matches, a.Name)
			if got := Matches(a.Definition, &c.Context); got != want {
				t.Errorf("%s in %q: got %v, want %v", c.Name, a.Name, got, want)
			}
		}
	}
}
