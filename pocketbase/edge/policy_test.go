package edge

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The change policy by element agrees with src/lib/contracts/change-sanitizer.ts case by case
// (tests/fixtures/contracts/change-targets.json, run by tests/unit/contracts.test.ts too).
func TestTargetProblemMatchesTheContract(t *testing.T) {
	var f struct {
		Cases []struct {
			Name    string `json:"name"`
			Tag     string `json:"tag"`
			Foreign bool   `json:"foreign"`
			Change  change `json:"change"`
			Problem string `json:"problem"`
		} `json:"cases"`
	}
	readFixture(t, "change-targets.json", &f)
	if len(f.Cases) < 40 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	for _, c := range f.Cases {
		if got := targetProblem(c.Tag, c.Foreign, c.Change); got != c.Problem {
			t.Errorf("%s: got %q, want %q", c.Name, got, c.Problem)
		}
	}
}

// The XSS corpus' element-targeting vectors (tests/fixtures/xss-vectors.json), stored as a rule
// saved before the policy: the edge passes each page as the origin sent it, whatever the chunks,
// while an ordinary change on the same page is applied.
func TestApplyLeavesTargetedElementsAsTheOriginSentThem(t *testing.T) {
	var corpus struct {
		Targeted []struct {
			Name     string   `json:"name"`
			Page     string   `json:"page"`
			Selector string   `json:"selector"`
			Changes  []change `json:"changes"`
		} `json:"targeted"`
		Landing []struct {
			Name     string   `json:"name"`
			Page     string   `json:"page"`
			Selector string   `json:"selector"`
			Changes  []change `json:"changes"`
		} `json:"landing"`
	}
	raw, err := os.ReadFile("../../tests/fixtures/xss-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &corpus); err != nil {
		t.Fatal(err)
	}
	vectors := append(corpus.Targeted, corpus.Landing...)
	if len(vectors) < 20 {
		t.Fatalf("only %d vectors", len(vectors))
	}
	hero := set(t, "ok", "#hero", change{Type: "set_text", Value: "Winter sale"})
	for _, v := range vectors {
		page := `<!doctype html><html><head><title>Shop</title></head><body><h1 id="hero">Summer sale</h1><form id="f">` + v.Page + `</form></body></html>`
		want := strings.Replace(page, `<h1 id="hero">Summer sale`, `<h1 id="hero" data-cro-on="ok">Winter sale`, 1)
		s := newChangeSet("bad", v.Selector, v.Changes)
		for _, chunk := range []int{1, 7, 4096} {
			sets := []*changeSet{hero}
			if s != nil {
				sets = append(sets, s)
			}
			if got := applyString(t, page, chunk, sets...); got != want {
				t.Errorf("%s (chunks of %d):\n got %s\nwant %s", v.Name, chunk, got, want)
			}
		}
	}
}
