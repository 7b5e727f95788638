package experiments

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/experiments/stats"
)

// Correction settings as the record stores them (src/lib/experiment-statistics.ts).
const (
	correctionNone = "none"
	correctionHolm = string(stats.HolmBonferroni)
	correctionBH   = string(stats.BenjaminiHochberg)
)

// correctionLabels name the corrections as the screens do (CORRECTION_LABELS).
var correctionLabels = map[string]string{correctionNone: "None", correctionHolm: "Holm-Bonferroni", correctionBH: "Benjamini-Hochberg"}

// correctionSummary is the correction in force and the family it corrects over: every variant
// against the control on every goal of the experiment (primary and secondary) that has a result.
type correctionSummary struct {
	Method     string `json:"method"`
	Chosen     string `json:"chosen"` // "" when the owner left it to the default
	FamilySize int    `json:"family_size"`
}

// correctionInForce is the chosen correction, else Holm-Bonferroni for a family of several
// comparisons (correctionInForce in src/lib/experiment-statistics.ts).
func correctionInForce(chosen string, variants, goals int) string {
	if chosen == correctionNone || chosen == correctionHolm || chosen == correctionBH {
		return chosen
	}
	if max(variants-1, 0)*goals > 1 {
		return correctionHolm
	}
	return correctionNone
}

// experimentGoals is the primary goal then the secondary ones, each once.
func experimentGoals(exp *core.Record) []string {
	goals := []string{exp.GetString("primary_goal")}
	for _, g := range secondaryGoals(exp) {
		if !slices.Contains(goals, g) {
			goals = append(goals, g)
		}
	}
	return goals
}

// correctFamily adjusts every comparison of the family in place (goal by goal, variants in order)
// and reports the correction; comparisons without a result are not in the family.
func correctFamily(chosen string, variants int, family [][]*metricStats) correctionSummary {
	out := correctionSummary{Method: correctionInForce(chosen, variants, len(family)), Chosen: chosen}
	var members []*metricStats
	var p []float64
	for _, goal := range family {
		for i, s := range goal {
			if i > 0 && s != nil && s.Status == stats.StatusOK {
				members = append(members, s)
				p = append(p, s.PValue)
			}
		}
	}
	out.FamilySize = len(members)
	if out.Method == correctionNone || len(members) == 0 {
		return out
	}
	adjusted, err := stats.AdjustPValues(p, stats.Correction(out.Method))
	if err != nil {
		return out
	}
	for k, s := range members {
		pa := adjusted[k]
		ci := stats.AdjustedInterval(pa, s.Uplift, s.UpliftCI, stats.DefaultAlpha)
		s.PValueAdjusted, s.UpliftCIAdjusted = &pa, &ci
	}
	return out
}
