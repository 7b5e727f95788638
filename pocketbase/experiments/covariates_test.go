package experiments

import (
	"reflect"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/expfigures"
)

// The cells (variant × device × new/returning) sum to each dimension's strata.
func TestCellsByStratum(t *testing.T) {
	cells := []eventstore.CupedCell{
		{Variant: "control", Device: "desktop", VisitorType: "new", Count: 3, Post: 1, Pre: 2, Products: 1},
		{Variant: "control", Device: "desktop", VisitorType: "returning", Count: 2, Post: 2, Pre: 1, Products: 1},
		{Variant: "control", Device: "mobile", VisitorType: "new", Count: 4, Post: 1},
		{Variant: "b", Device: "mobile", VisitorType: "returning", Count: 5, Post: 3, Pre: 3, Products: 2},
	}
	count := func(rows []CovariateSums) map[string]float64 {
		out := map[string]float64{}
		for _, r := range rows {
			out[r.Variant+"/"+r.Stratum] = r.Count
		}
		return out
	}
	for dim, want := range map[string]map[string]float64{
		stratifyNone:        {"control/": 9, "b/": 5},
		stratifyDevice:      {"control/desktop": 5, "control/mobile": 4, "b/mobile": 5},
		stratifyVisitorType: {"control/new": 7, "control/returning": 2, "b/returning": 5},
	} {
		if got := count(expfigures.CellsByStratum(cells, dim)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", dim, got, want)
		}
	}
	if all := covariatesInOrder(expfigures.CellsByStratum(cells, stratifyDevice), []variantDef{{Key: "control"}, {Key: "b"}}); all[0].Products != 2 ||
		all[0].Pre != 3 || all[1].Post != 3 {
		t.Errorf("the strata sum back to each variant's sums: %+v", all)
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
