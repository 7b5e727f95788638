package expfigures

import (
	"reflect"
	"testing"

	"cro/pocketbase/eventstore"
)

// Totals per variant and a cumulative series over the days any variant had rows, every variant
// on every day (0 before its first).
func TestFigures(t *testing.T) {
	f := Figures(
		[]DayRow{{Variant: "b", Day: "2026-03-02", Users: 2}, {Variant: "control", Day: "2026-03-01", Users: 3},
			{Variant: "b", Day: "2026-03-02", Revenue: 40}},
		[]DayCount{{Variant: "control", Day: "2026-03-02", N: 1}, {Variant: "b", Day: "2026-03-02", N: 2}},
		[]RevenueRow{{Variant: "b", Sum: 40, Squares: 1600}})
	want := []eventstore.VariantFigures{
		{Variant: "b", Users: 2, Conversions: 2, Revenue: eventstore.MeanFigures{Count: 2, Sum: 40, SumSquares: 1600}},
		{Variant: "control", Users: 3, Conversions: 1, Revenue: eventstore.MeanFigures{Count: 3}}}
	if !reflect.DeepEqual(f.Variants, want) {
		t.Fatalf("variants %+v, want %+v", f.Variants, want)
	}
	days := []eventstore.ExperimentDay{
		{Day: "2026-03-01", Variants: []eventstore.CumulativeFigures{{Variant: "b"}, {Variant: "control", Users: 3}}},
		{Day: "2026-03-02", Variants: []eventstore.CumulativeFigures{{Variant: "b", Users: 2, Conversions: 2, Revenue: 40},
			{Variant: "control", Users: 3, Conversions: 1}}}}
	if !reflect.DeepEqual(f.Daily, days) {
		t.Fatalf("daily %+v, want %+v", f.Daily, days)
	}
}
