package analytics

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
)

// A multi-page test's page and a multivariate test's section as the record stores them
// (src/lib/experiment-parts.ts, checked by pb_hooks/lib/experiment_parts.js).
type testPage struct {
	URL      string `json:"url_pattern"`
	Selector string `json:"selector"`
}

type testSection struct {
	Selector     string `json:"selector"`
	Alternatives []struct {
		Changes json.RawMessage `json:"changes"`
	} `json:"alternatives"`
}

// storedVariant is a variant as the record stores it: an A/B test's changes, a multi-page
// test's changes per page, or a multivariate test's combination (an alternative per section).
type storedVariant struct {
	Key         string            `json:"key"`
	Weight      float64           `json:"weight"`
	Changes     json.RawMessage   `json:"changes"`
	Pages       []json.RawMessage `json:"pages"`
	Combination []int             `json:"combination"`
	// A split-URL test's variant address (split_url.go).
	URL string `json:"url"`
}

// ExperimentPart is one page or section of a test: where and on which element each variant's
// changes land (by variant key). An A/B test has one part: its page and element.
type ExperimentPart struct {
	URL      string
	Selector string
	Changes  map[string]json.RawMessage
}

// experimentParts splits a test into its parts: one for an A/B test (the record's pattern and
// element), one per page of a multi-page test, one per section of a multivariate test (on the
// record's pattern). Every part carries all variants, so the tracker and the edge, deciding each
// part on its own with the test's id, seed and weights, give a visitor the same variant on every
// page and section. Nil when the stored design is unreadable (the test is then left out).
func experimentParts(testType, url, selector string, variants []storedVariant, pagesRaw, sectionsRaw []byte) []ExperimentPart {
	changes := func(raw json.RawMessage) json.RawMessage {
		if len(raw) == 0 || string(raw) == "null" {
			return json.RawMessage("[]")
		}
		return raw
	}
	switch testType {
	case "multi_page":
		var pages []testPage
		if json.Unmarshal(pagesRaw, &pages) != nil || len(pages) == 0 {
			return nil
		}
		out := make([]ExperimentPart, len(pages))
		for j, p := range pages {
			out[j] = ExperimentPart{URL: p.URL, Selector: p.Selector, Changes: map[string]json.RawMessage{}}
			for _, v := range variants {
				var c json.RawMessage
				if j < len(v.Pages) {
					c = v.Pages[j]
				}
				out[j].Changes[v.Key] = changes(c)
			}
		}
		return out
	case "multivariate":
		var sections []testSection
		if json.Unmarshal(sectionsRaw, &sections) != nil || len(sections) == 0 {
			return nil
		}
		out := make([]ExperimentPart, len(sections))
		for j, s := range sections {
			out[j] = ExperimentPart{URL: url, Selector: s.Selector, Changes: map[string]json.RawMessage{}}
			for _, v := range variants {
				if j >= len(v.Combination) || v.Combination[j] < 0 || v.Combination[j] >= len(s.Alternatives) {
					return nil
				}
				out[j].Changes[v.Key] = changes(s.Alternatives[v.Combination[j]].Changes)
			}
		}
		return out
	}
	one := ExperimentPart{URL: url, Selector: selector, Changes: map[string]json.RawMessage{}}
	for _, v := range variants {
		one.Changes[v.Key] = changes(v.Changes)
	}
	return []ExperimentPart{one}
}

// storedVariants reads the record's variants.
func storedVariants(r *core.Record) ([]storedVariant, bool) {
	var out []storedVariant
	raw, _ := json.Marshal(r.Get("variants"))
	return out, json.Unmarshal(raw, &out) == nil
}

// ExperimentParts are the record's parts (experimentParts).
func ExperimentParts(r *core.Record) []ExperimentPart {
	variants, ok := storedVariants(r)
	if !ok {
		return nil
	}
	pages, _ := json.Marshal(r.Get("pages"))
	sections, _ := json.Marshal(r.Get("sections"))
	return experimentParts(r.GetString("test_type"), r.GetString("url_pattern"), r.GetString("selector"), variants, pages, sections)
}
