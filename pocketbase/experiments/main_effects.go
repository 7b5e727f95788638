package experiments

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/experiments/stats"
)

// A multivariate test's section as the record stores it (src/lib/experiment-parts.ts).
type sectionDef struct {
	Key          string `json:"key"`
	Name         string `json:"name"`
	Alternatives []struct {
		Key  string `json:"key"`
		Name string `json:"name"`
	} `json:"alternatives"`
}

// alternativeEffect is one alternative of a section, pooled over every combination that shows
// it (whatever the other sections show), against the section's original pooled likewise.
type alternativeEffect struct {
	Key               string       `json:"key"`
	Name              string       `json:"name"`
	Users             float64      `json:"users"`
	Conversions       float64      `json:"conversions"`
	Rate              float64      `json:"rate"`
	RevenuePerVisitor float64      `json:"revenue_per_visitor"`
	Stats             *metricStats `json:"stats,omitempty"`
}

type sectionEffect struct {
	Key          string              `json:"key"`
	Name         string              `json:"name"`
	Alternatives []alternativeEffect `json:"alternatives"`
}

// mainEffects is the per-section table of a multivariate test: each section's alternatives
// against its original, corrected over every such comparison of the test.
type mainEffects struct {
	Sections   []sectionEffect   `json:"sections"`
	Correction correctionSummary `json:"correction"`
}

func testTypeOf(exp *core.Record) string {
	if t := exp.GetString("test_type"); t != "" {
		return t
	}
	return "ab"
}

func sectionsOf(exp *core.Record) []sectionDef {
	var out []sectionDef
	raw, _ := json.Marshal(exp.Get("sections"))
	_ = json.Unmarshal(raw, &out)
	return out
}

// mainEffectsOf pools the combinations' figures by each section's alternative (a full factorial
// design: every alternative of a section meets every alternative of the others equally often
// by weight, so the pooled arms differ only by that section) and compares each alternative with
// the section's original with the statistics engine, on the goal's metric (revenue per visitor
// for revenue). The comparisons of all sections are one family for the experiment's
// multiple-comparison correction (the same choice as the combinations': correction.go).
func mainEffectsOf(sections []sectionDef, variants []variantResult, revenue bool, correction string) *mainEffects {
	out := &mainEffects{Sections: make([]sectionEffect, len(sections))}
	family := make([][]*metricStats, len(sections))
	most := 0
	for j, s := range sections {
		most = max(most, len(s.Alternatives))
		arms := make([]stats.Variant, len(s.Alternatives))
		weights := make([]float64, len(s.Alternatives))
		effects := make([]alternativeEffect, len(s.Alternatives))
		for a, alt := range s.Alternatives {
			effects[a] = alternativeEffect{Key: alt.Key, Name: alt.Name}
		}
		for _, v := range variants {
			if j >= len(v.Combination) || v.Combination[j] < 0 || v.Combination[j] >= len(arms) {
				continue
			}
			a := v.Combination[j]
			arms[a].Users += v.Users
			arms[a].Conversions += v.Conversions
			arms[a].Count += v.Revenue.Count
			arms[a].Sum += v.Revenue.Sum
			arms[a].SumSquares += v.Revenue.SumSquares
			weights[a] += v.Weight
			effects[a].Users += v.Users
			effects[a].Conversions += v.Conversions
		}
		metric := stats.MetricBinomial
		if revenue {
			metric = stats.MetricMean
		}
		compared := compareAll(metric, arms, weights)
		for a := range effects {
			if arms[a].Users > 0 {
				effects[a].Rate = arms[a].Conversions / arms[a].Users
				effects[a].RevenuePerVisitor = arms[a].Sum / arms[a].Users
			}
			effects[a].Stats = compared[a]
		}
		family[j] = compared
		out.Sections[j] = sectionEffect{Key: s.Key, Name: s.Name, Alternatives: effects}
	}
	out.Correction = correctFamily(correction, most, family)
	return out
}
