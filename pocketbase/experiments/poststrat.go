package experiments

import (
	"sort"

	"cro/pocketbase/eventstore"

	"cro/pocketbase/experiments/stats"
)

// Post-stratification settings as the record stores them (src/lib/experiment-statistics.ts): ”
// is the default, the device class.
const (
	stratifyDevice      = eventstore.StratumDevice
	stratifyVisitorType = eventstore.StratumVisitorType
	stratifyNone        = "none"
)

// minStratumUsers is how many exposed visitors every arm needs in a stratum for it to stand alone;
// smaller strata are pooled together (and that pool into the largest stratum when still small).
const minStratumUsers = 100

// stratifyDimension is the dimension in force: the chosen one, else the device class.
func stratifyDimension(chosen string) string {
	if chosen == stratifyVisitorType || chosen == stratifyNone {
		return chosen
	}
	return stratifyDevice
}

// poststratSummary tells the screens whether and how the comparison was post-stratified.
type poststratSummary struct {
	Dimension string        `json:"dimension"`
	Strata    []string      `json:"strata"`  // the cells used, "other" for the pooled small ones
	Applied   []bool        `json:"applied"` // per variant: the engine applied it
	Case      *stats.CaseV2 `json:"case"`
}

// stratumCells groups the rows into cells in the experiment's variant order, pooling the strata
// too small in some arm; fewer than two cells means post-stratification cannot apply.
func stratumCells(rows []CovariateSums, defs []variantDef) (names []string, cells [][]CovariateSums) {
	by := map[string][]CovariateSums{}
	for _, r := range rows {
		if by[r.Stratum] == nil {
			by[r.Stratum] = make([]CovariateSums, len(defs))
		}
		for i, d := range defs {
			if d.Key == r.Variant {
				by[r.Stratum][i] = addSums(by[r.Stratum][i], r)
			}
		}
	}
	large := func(c []CovariateSums) bool {
		for _, v := range c {
			if v.Count < minStratumUsers {
				return false
			}
		}
		return true
	}
	var other []CovariateSums
	for _, k := range sortedKeys(by) {
		if large(by[k]) {
			names, cells = append(names, k), append(cells, by[k])
			continue
		}
		if other == nil {
			other = make([]CovariateSums, len(defs))
		}
		for i := range defs {
			other[i] = addSums(other[i], by[k][i])
		}
	}
	if other != nil {
		if large(other) || len(cells) == 0 {
			names, cells = append(names, "other"), append(cells, other)
		} else {
			biggest := 0
			for i, c := range cells {
				if c[0].Count+c[len(c)-1].Count > cells[biggest][0].Count+cells[biggest][len(c)-1].Count {
					biggest = i
				}
			}
			for i := range defs {
				cells[biggest][i] = addSums(cells[biggest][i], other[i])
			}
		}
	}
	return names, cells
}

func sortedKeys(m map[string][]CovariateSums) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// withPostStratification replaces each shown comparison with the post-stratified one (CUPED within
// each cell when CUPED applied to the metric) where the engine applies it.
func withPostStratification(metric stats.Metric, dimension string, rows []CovariateSums, defs []variantDef,
	shown []*metricStats, cupedApplied bool) ([]*metricStats, *poststratSummary) {
	if dimension == stratifyNone {
		return shown, nil
	}
	names, cells := stratumCells(rows, defs)
	summary := &poststratSummary{Dimension: dimension, Strata: names, Applied: make([]bool, len(defs))}
	if len(cells) < 2 {
		return shown, summary
	}
	c := stats.CaseV2{Category: stats.CategoryPostStratification, Metric: metric, CUPED: cupedApplied}
	for _, cell := range cells {
		st := stats.Stratum{}
		for _, v := range cell {
			if cupedApplied {
				st.Variants = append(st.Variants, covariateVariant(metric, v))
			} else {
				st.Variants = append(st.Variants, postOnly(metric, v))
			}
		}
		c.Strata = append(c.Strata, st)
	}
	summary.Case = &c
	res, err := stats.AnalyzeV2(c)
	if err != nil {
		return shown, summary
	}
	for _, cmp := range res.Comparisons {
		if shown[cmp.Variant] == nil || cmp.Status != stats.StatusOK || cmp.PostStratificationApplied == nil || !*cmp.PostStratificationApplied {
			continue
		}
		s := statsOf(cmp.Status, cmp.ControlMean, cmp.VariantMean, cmp.Effect, cmp.SE, cmp.TwoSided, cmp.Sequential, cmp.Bayesian)
		s.CUPED, s.PostStratified = cupedApplied, true
		shown[cmp.Variant] = s
		summary.Applied[cmp.Variant] = true
	}
	return shown, summary
}

// postOnly is an arm's post value alone in the engine's shape (binomial: count and conversions).
func postOnly(metric stats.Metric, s CovariateSums) stats.VariantV2 {
	sum := s.Post
	v := stats.VariantV2{Count: s.Count, Sum: &sum}
	if metric == stats.MetricMean {
		sq := s.PostSquares
		v.SumSquares = &sq
	}
	return v
}
