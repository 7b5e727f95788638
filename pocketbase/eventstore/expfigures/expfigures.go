// Package expfigures is how an experiment's results are summed from the rows a store read, the
// same on every store: per-variant totals and the cumulative daily series.
package expfigures

import (
	"sort"

	"cro/pocketbase/eventstore"
)

// DayRow adds a day's exposed visitors and revenue to a variant (either may be 0).
type DayRow struct {
	Variant string  `db:"variant"`
	Day     string  `db:"day"`
	Users   float64 `db:"users"`
	Revenue float64 `db:"revenue"`
}

// DayCount is a variant's conversions of the goal on a day.
type DayCount struct {
	Variant string  `db:"variant"`
	Day     string  `db:"day"`
	N       float64 `db:"n"`
}

// RevenueRow is a variant's revenue per exposed visitor: its sum and sum of squares.
type RevenueRow struct {
	Variant string  `db:"variant"`
	Sum     float64 `db:"sum"`
	Squares float64 `db:"squares"`
}

// Figures sums the rows into per-variant totals and the cumulative daily series.
func Figures(days []DayRow, conversions []DayCount, revenue []RevenueRow) eventstore.ExperimentFigures {
	type acc struct{ users, conversions, revenue float64 }
	perDay := map[string]map[string]*acc{} // day -> variant -> that day's additions
	variants := map[string]*eventstore.VariantFigures{}
	add := func(day, variant string) *acc {
		if perDay[day] == nil {
			perDay[day] = map[string]*acc{}
		}
		if perDay[day][variant] == nil {
			perDay[day][variant] = &acc{}
		}
		if variants[variant] == nil {
			variants[variant] = &eventstore.VariantFigures{Variant: variant}
		}
		return perDay[day][variant]
	}
	for _, r := range days {
		x := add(r.Day, r.Variant)
		x.users += r.Users
		x.revenue += r.Revenue
		variants[r.Variant].Users += r.Users
	}
	for _, r := range conversions {
		add(r.Day, r.Variant).conversions += r.N
		variants[r.Variant].Conversions += r.N
	}
	for _, r := range revenue {
		if f := variants[r.Variant]; f != nil {
			f.Revenue.Sum, f.Revenue.SumSquares = r.Sum, r.Squares
		}
	}
	out := eventstore.ExperimentFigures{Variants: []eventstore.VariantFigures{}, Daily: []eventstore.ExperimentDay{}}
	keys := make([]string, 0, len(variants))
	for k, f := range variants {
		f.Revenue.Count = f.Users // every exposed visitor, with 0 when they bought nothing
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out.Variants = append(out.Variants, *variants[k])
	}
	dayList := make([]string, 0, len(perDay))
	for d := range perDay {
		dayList = append(dayList, d)
	}
	sort.Strings(dayList)
	running := map[string]*acc{}
	for _, d := range dayList {
		day := eventstore.ExperimentDay{Day: d, Variants: []eventstore.CumulativeFigures{}}
		for _, k := range keys {
			if running[k] == nil {
				running[k] = &acc{}
			}
			if x := perDay[d][k]; x != nil {
				running[k].users += x.users
				running[k].conversions += x.conversions
				running[k].revenue += x.revenue
			}
			day.Variants = append(day.Variants, eventstore.CumulativeFigures{Variant: k, Users: running[k].users,
				Conversions: running[k].conversions, Revenue: running[k].revenue})
		}
		out.Daily = append(out.Daily, day)
	}
	return out
}

// CellsByStratum sums CUPED's cells (variant × device × new/returning) by variant and the
// dimension's stratum (eventstore.StratumDevice, StratumVisitorType, else one stratum ""), in the
// order they came.
func CellsByStratum(cells []eventstore.CupedCell, dimension string) []eventstore.CovariateSums {
	type key struct{ variant, stratum string }
	byKey := map[key]int{}
	var out []eventstore.CovariateSums
	for _, c := range cells {
		stratum := ""
		switch dimension {
		case eventstore.StratumDevice:
			stratum = c.Device
		case eventstore.StratumVisitorType:
			stratum = c.VisitorType
		}
		k := key{c.Variant, stratum}
		i, ok := byKey[k]
		if !ok {
			i = len(out)
			byKey[k] = i
			out = append(out, eventstore.CovariateSums{Variant: c.Variant, Stratum: stratum})
		}
		out[i] = out[i].Add(eventstore.CovariateSums{Count: c.Count, Post: c.Post, PostSquares: c.PostSquares, Pre: c.Pre,
			PreSquares: c.PreSquares, Products: c.Products})
	}
	return out
}
