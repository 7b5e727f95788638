package edge

import (
	"encoding/json"
	"os"
	"testing"
)

func TestSnippetIsTheOneSpeedAndTrackingShows(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/tracking-snippet.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct{ Origin, Key, Snippet string }
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 3 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	for _, c := range f.Cases {
		if got := Snippet(c.Origin, c.Key); got != c.Snippet {
			t.Errorf("Snippet(%q, %q)\n got %s\nwant %s", c.Origin, c.Key, got, c.Snippet)
		}
	}
}
