package analytics

import (
	"cro/pocketbase/eventstore/eventrow"
	"sort"

	"github.com/pocketbase/dbx"
)

// Experiment results read the aggregates the ingest keeps (exposures.go), each through an index
// that holds what it needs: a few rows per variant and day (visitors and revenue; first
// conversions of the goal), and the visitors with revenue. Nothing grows with the site's page views.

const experimentDaysSQL = `SELECT variant, day, users, revenue FROM experiment_daily WHERE experiment = {:exp}`

const experimentConversionsSQL = `SELECT variant, day, conversions AS n FROM experiment_goal_daily
	WHERE experiment = {:exp} AND goal = {:goal}`

const experimentRevenueSQL = `SELECT variant, SUM(revenue) AS sum, SUM(revenue * revenue) AS squares FROM experiment_exposures
	WHERE experiment = {:exp} AND revenue > 0 GROUP BY variant`

type experimentDayRow struct {
	Variant string  `db:"variant"`
	Day     string  `db:"day"`
	Users   float64 `db:"users"`
	Revenue float64 `db:"revenue"`
}

type dayCount struct {
	Variant string  `db:"variant"`
	Day     string  `db:"day"`
	N       float64 `db:"n"`
}

type revenueRow struct {
	Variant string  `db:"variant"`
	Sum     float64 `db:"sum"`
	Squares float64 `db:"squares"`
}

func (s *sqliteStore) ExperimentResults(q ExperimentQuery) (ExperimentFigures, error) {
	db := s.app.DB()
	goal := q.GoalID
	if q.Revenue {
		goal = eventrow.RevenueGoal
	}
	p := dbx.Params{"exp": q.ExperimentID, "goal": goal}
	var days []experimentDayRow
	var conversions []dayCount
	var revenue []revenueRow
	if err := db.NewQuery(experimentDaysSQL).Bind(p).All(&days); err != nil {
		return ExperimentFigures{}, err
	}
	if err := db.NewQuery(experimentConversionsSQL).Bind(p).All(&conversions); err != nil {
		return ExperimentFigures{}, err
	}
	if err := db.NewQuery(experimentRevenueSQL).Bind(p).All(&revenue); err != nil {
		return ExperimentFigures{}, err
	}
	return experimentFigures(days, conversions, revenue), nil
}

// experimentFigures sums the rows into per-variant totals and the cumulative daily series.
func experimentFigures(days []experimentDayRow, conversions []dayCount, revenue []revenueRow) ExperimentFigures {
	type acc struct{ users, conversions, revenue float64 }
	perDay := map[string]map[string]*acc{} // day -> variant -> that day's additions
	variants := map[string]*VariantFigures{}
	add := func(day, variant string) *acc {
		if perDay[day] == nil {
			perDay[day] = map[string]*acc{}
		}
		if perDay[day][variant] == nil {
			perDay[day][variant] = &acc{}
		}
		if variants[variant] == nil {
			variants[variant] = &VariantFigures{Variant: variant}
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
	out := ExperimentFigures{Variants: []VariantFigures{}, Daily: []ExperimentDay{}}
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
		day := ExperimentDay{Day: d, Variants: []CumulativeFigures{}}
		for _, k := range keys {
			if running[k] == nil {
				running[k] = &acc{}
			}
			if x := perDay[d][k]; x != nil {
				running[k].users += x.users
				running[k].conversions += x.conversions
				running[k].revenue += x.revenue
			}
			day.Variants = append(day.Variants, CumulativeFigures{Variant: k, Users: running[k].users,
				Conversions: running[k].conversions, Revenue: running[k].revenue})
		}
		out.Daily = append(out.Daily, day)
	}
	return out
}
