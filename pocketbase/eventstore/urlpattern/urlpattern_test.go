package urlpattern

import (
	"encoding/json"
	"os"
	"testing"
)

// The pattern's cases are pinned by a fixture file that tests/unit/contracts.test.ts runs too: Go
// and the tracker must agree on every case.
const fixture = "../../../tests/fixtures/contracts/url-patterns.json"

func TestURLPatternFixtures(t *testing.T) {
	var f struct {
		Cases []struct {
			Pattern string `json:"pattern"`
			URL     string `json:"url"`
			Matches bool   `json:"matches"`
		} `json:"cases"`
	}
	raw, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatalf("read %s: %v", fixture, err)
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatalf("parse %s: %v", fixture, err)
	}
	if len(f.Cases) < 20 {
		t.Fatalf("only %d URL-pattern cases", len(f.Cases))
	}
	for _, c := range f.Cases {
		if got := Matches(c.Pattern, c.URL); got != c.Matches {
			t.Errorf("Matches(%q, %q) = %v, want %v", c.Pattern, c.URL, got, c.Matches)
		}
	}
}
