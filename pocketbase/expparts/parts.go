// Package expparts reads an experiment record's parts (its pages or sections and each variant's
// changes there) and the rules a running experiment overrides: what the site's script config
// (analytics) and the experiment screens (experiments) both need.
package expparts

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

// StoredVariant is a variant as the record stores it: an A/B test's changes, a multi-page
// test's changes per page, or a multivariate test's combination (an alternative per section).
type StoredVariant struct {
	Key         string            `json:"key"`
	Weight      float64           `json:"weight"`
	Changes     json.RawMessage   `json:"changes"`
	Pages       []json.RawMessage `json:"pages"`
	Combination []int             `json:"combination"`
	// A split-URL test's variant address (analytics/split_url.go).
	URL string `json:"url"`
}

// Part is one page or section of a test: where and on which element each variant's
// changes land (by variant key). An A/B test has one part: its page and element.
type Part struct {
	URL      string
	Selector string
	Changes  map[string]json.RawMessage
}

// Split splits a test into its parts: one for an A/B test (the record's pattern and
// element), one per page of a multi-page test, one per section of a multivariate test (on the
// record's pattern). Every part carries all variants, so the tracker and the edge, deciding each
// part on its own with the test's id, seed and weights, give a visitor the same variant on every
// page and section. Nil when the stored design is unreadable (the test is then left out).
func Split(testType, url, selector string, variants []StoredVariant, pagesRaw, sectionsRaw []byte) []Part {
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
		out := make([]Part, len(pages))
		for j, p := range pages {
			out[j] = Part{URL: p.URL, Selector: p.Selector, Changes: map[string]json.RawMessage{}}
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
		out := make([]Part, len(sections))
		for j, s := range sections {
			out[j] = Part{URL: url, Selector: s.Selector, Changes: map[string]json.RawMessage{}}
			for _, v := range variants {
				if j >= len(v.Combination) || v.Combination[j] < 0 || v.Combination[j] >= len(s.Alternatives) {
					return nil
				}
				out[j].Changes[v.Key] = changes(s.Alternatives[v.Combination[j]].Changes)
			}
		}
		return out
	}
	one := Part{URL: url, Selector: selector, Changes: map[string]json.RawMessage{}}
	for _, v := range variants {
		one.Changes[v.Key] = changes(v.Changes)
	}
	return []Part{one}
}

// Variants reads the record's variants.
func Variants(r *core.Record) ([]StoredVariant, bool) {
	var out []StoredVariant
	raw, _ := json.Marshal(r.Get("variants"))
	return out, json.Unmarshal(raw, &out) == nil
}

// Of are the record's parts (Split).
func Of(r *core.Record) []Part {
	variants, ok := Variants(r)
	if !ok {
		return nil
	}
	pages, _ := json.Marshal(r.Get("pages"))
	sections, _ := json.Marshal(r.Get("sections"))
	return Split(r.GetString("test_type"), r.GetString("url_pattern"), r.GetString("selector"), variants, pages, sections)
}
