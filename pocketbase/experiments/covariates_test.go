package experiments

import (
	"testing"

	"cro/pocketbase/analytics"
	"cro/pocketbase/schematest"
)

// The covariate and ratio queries run on the real schema for every dimension and metric.
func TestCovariateQueriesRun(t *testing.T) {
	app := schematest.NewApp(t)
	for _, dim := range []string{stratifyDevice, stratifyVisitorType, stratifyNone} {
		for _, q := range []analytics.ExperimentQuery{{ExperimentID: "x", GoalID: "g"}, {ExperimentID: "x", Revenue: true}} {
			if _, err := sqliteCovariates(app, q, 14, dim); err != nil {
				t.Fatalf("%s %+v: %v", dim, q, err)
			}
		}
	}
}

// Strata too small in some arm are pooled as "other", and that pool, still small, joins the largest.
func TestStratumCells(t *testing.T) {
	defs := []variantDef{{Key: "control"}, {Key: "b"}}
	row := func(v, s string, n float64) CovariateSums { return CovariateSums{Variant: v, Stratum: s, Count: n} }
	names, cells := stratumCells([]CovariateSums{
		row("control", "desktop", 300), row("b", "desktop", 310), row("control", "mobile", 150), row("b", "mobile", 140),
		row("control", "tablet", 20), row("b", "tablet", 30), row("control", "", 5),
	}, defs)
	if len(names) != 2 || names[0] != "desktop" || names[1] != "mobile" {
		t.Fatalf("strata %v", names)
	}
	if cells[0][0].Count != 325 || cells[0][1].Count != 340 || cells[1][0].Count != 150 {
		t.Fatalf("the small strata join the largest: %+v", cells)
	}
	names, _ = stratumCells([]CovariateSums{row("control", "desktop", 300), row("b", "desktop", 300), row("control", "mobile", 99),
		row("b", "mobile", 400)}, defs)
	if len(names) != 1 {
		t.Fatalf("one stratum large enough: nothing to stratify by, got %v", names)
	}
}
