package expparts

import (
	"encoding/json"
	"testing"
)

// A multivariate test's combinations become one tracker entry per section, each variant carrying
// the alternative its combination picks for that section.
func TestPartsMultivariate(t *testing.T) {
	sections := []byte(`[
	  {"key":"headline","selector":"h1","alternatives":[{"changes":[]},{"changes":[{"type":"set_text","value":"Short"}]},{"changes":[{"type":"set_text","value":"Long"}]}]},
	  {"key":"button","selector":"#buy","alternatives":[{"changes":[]},{"changes":[{"type":"set_style","name":"color","value":"green"}]}]}
	]`)
	var variants []StoredVariant
	for a := 0; a < 3; a++ {
		for b := 0; b < 2; b++ {
			key := "control"
			if a+b > 0 {
				key = "m" + string(rune('0'+a)) + string(rune('0'+b))
			}
			variants = append(variants, StoredVariant{Key: key, Weight: 1.0 / 6, Combination: []int{a, b}})
		}
	}
	parts := Split("multivariate", "/product/*", "ignored", variants, nil, sections)
	if len(parts) != 2 {
		t.Fatalf("parts = %d, want one per section (2)", len(parts))
	}
	if parts[0].URL != "/product/*" || parts[0].Selector != "h1" || parts[1].Selector != "#buy" || parts[1].URL != "/product/*" {
		t.Fatalf("parts' pages and elements = %+v", parts)
	}
	want := map[string][2]string{
		"control": {`[]`, `[]`},
		"m01":     {`[]`, `[{"type":"set_style","name":"color","value":"green"}]`},
		"m10":     {`[{"type":"set_text","value":"Short"}]`, `[]`},
		"m21":     {`[{"type":"set_text","value":"Long"}]`, `[{"type":"set_style","name":"color","value":"green"}]`},
	}
	for key, w := range want {
		for j := range 2 {
			if got := string(parts[j].Changes[key]); got != w[j] {
				t.Errorf("%s section %d: changes %s, want %s", key, j, got, w[j])
			}
		}
	}
	// A combination naming an alternative the section does not have: the test is left out whole.
	variants[1].Combination = []int{0, 5}
	if parts := Split("multivariate", "", "", variants, nil, sections); parts != nil {
		t.Fatalf("a broken combination gave parts %+v", parts)
	}
}

// A multi-page test: one entry per page with that page's pattern, element and changes.
func TestPartsMultiPage(t *testing.T) {
	pages := []byte(`[{"name":"Product","url_pattern":"/product/*","selector":"#buy"},{"name":"Cart","url_pattern":"/cart","selector":".checkout"}]`)
	variants := []StoredVariant{
		{Key: "control", Weight: 0.5, Pages: []json.RawMessage{json.RawMessage(`[]`), json.RawMessage(`[]`)}},
		{Key: "b", Weight: 0.5, Pages: []json.RawMessage{json.RawMessage(`[{"type":"set_text","value":"Add"}]`)}},
	}
	parts := Split("multi_page", "", "", variants, pages, nil)
	if len(parts) != 2 || parts[0].URL != "/product/*" || parts[1].URL != "/cart" || parts[1].Selector != ".checkout" {
		t.Fatalf("parts = %+v", parts)
	}
	if got := string(parts[0].Changes["b"]); got != `[{"type":"set_text","value":"Add"}]` {
		t.Errorf("b on the product page: %s", got)
	}
	// A page the variant leaves as it is: no changes (the element is still found, so it can expose).
	if got := string(parts[1].Changes["b"]); got != `[]` {
		t.Errorf("b on the cart: %s", got)
	}
	// An A/B test is one part: its pattern, element and each variant's changes.
	ab := Split("ab", "/p", "#x", []StoredVariant{{Key: "control"}, {Key: "b", Changes: json.RawMessage(`[{"type":"hide"}]`)}}, nil, nil)
	if len(ab) != 1 || ab[0].URL != "/p" || ab[0].Selector != "#x" || string(ab[0].Changes["control"]) != `[]` || string(ab[0].Changes["b"]) != `[{"type":"hide"}]` {
		t.Fatalf("A/B parts = %+v", ab)
	}
}
