package analytics

import (
	"sort"

	"github.com/pocketbase/dbx"
)

// Experiment results read the experiment's exposures (one row per visitor) through the covering
// index (experiment, variant, ts, visitor), and per exposed visitor one seek into a partial
// covering index of events: (site_id, visitor, goal, ts) of conversions, or (site_id, visitor, ts,
// value) of purchases. Page views and clicks, most of the rows, are never read. Exposures are
// stored only for the site's own experiments, so the experiment id alone selects them.

// exposuresOf reads an experiment's exposures from the covering index alone; driving every join
// from it (CROSS JOIN keeps that order) makes the cost follow the experiment's exposed visitors,
// whatever the site's size.
const exposuresOf = `experiment_exposures x INDEXED BY idx_experiment_exposures_experiment_variant_ts`

const exposuresByDaySQL = `SELECT x.variant AS variant, substr(x.ts, 1, 10) AS day, COUNT(*) AS n FROM ` + exposuresOf + `
	WHERE x.experiment = {:exp} GROUP BY variant, day`

// The day each exposed visitor first converted the goal after their first exposure (” if never).
const goalConversionsSQL = `SELECT x.variant AS variant, COALESCE(substr((SELECT MIN(e.ts) FROM events e WHERE e.type = 'conversion'
		AND e.site_id = {:site} AND e.visitor = x.visitor AND e.goal = {:goal} AND e.ts >= x.ts), 1, 10), '') AS day
	FROM ` + exposuresOf + ` WHERE x.experiment = {:exp}`

// Each exposed visitor's purchases after their first exposure, per day.
const purchasesSQL = `SELECT x.visitor AS visitor, x.variant AS variant, substr(e.ts, 1, 10) AS day, SUM(e.value) AS amount
	FROM ` + exposuresOf + ` CROSS JOIN events e ON ` + purchaseSQL + ` AND e.site_id = {:site} AND e.visitor = x.visitor AND e.ts >= x.ts
	WHERE x.experiment = {:exp} GROUP BY x.visitor, day`

type dayCount struct {
	Variant string  `db:"variant"`
	Day     string  `db:"day"`
	N       float64 `db:"n"`
}

type purchase struct {
	Visitor string  `db:"visitor"`
	Variant string  `db:"variant"`
	Day     string  `db:"day"`
	Amount  float64 `db:"amount"`
}

func (s *sqliteStore) ExperimentResults(q ExperimentQuery) (ExperimentFigures, error) {
	db := s.app.DB()
	p := dbx.Params{"exp": q.ExperimentID, "site": q.SiteID, "goal": q.GoalID}
	var exposed []dayCount
	if err := db.NewQuery(exposuresByDaySQL).Bind(p).All(&exposed); err != nil {
		return ExperimentFigures{}, err
	}
	var purchases []purchase
	if err := db.NewQuery(purchasesSQL).Bind(p).All(&purchases); err != nil {
		return ExperimentFigures{}, err
	}
	var converted []dayCount
	if q.Revenue {
		converted = firstPurchases(purchases)
	} else if q.GoalID != "" {
		var rows []struct {
			Variant string `db:"variant"`
			Day     string `db:"day"`
		}
		if err := db.NewQuery(goalConversionsSQL).Bind(p).All(&rows); err != nil {
			return ExperimentFigures{}, err
		}
		for _, r := range rows {
			if r.Day != "" {
				converted = append(converted, dayCount{Variant: r.Variant, Day: r.Day, N: 1})
			}
		}
	}
	return experimentFigures(exposed, converted, purchases), nil
}

// firstPurchases: a visitor converts on revenue on the day of their first purchase.
func firstPurchases(purchases []purchase) []dayCount {
	first := map[string]purchase{}
	for _, p := range purchases {
		if f, ok := first[p.Visitor]; !ok || p.Day < f.Day {
			first[p.Visitor] = p
		}
	}
	out := make([]dayCount, 0, len(first))
	for _, p := range first {
		out = append(out, dayCount{Variant: p.Variant, Day: p.Day, N: 1})
	}
	return out
}

// experimentFigures sums the rows into per-variant totals and the cumulative daily series.
func experimentFigures(exposed, converted []dayCount, purchases []purchase) ExperimentFigures {
	type acc struct {
		users, conversions, revenue float64
	}
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
	for _, r := range exposed {
		add(r.Day, r.Variant).users += r.N
		variants[r.Variant].Users += r.N
	}
	for _, r := range converted {
		add(r.Day, r.Variant).conversions += r.N
		variants[r.Variant].Conversions += r.N
	}
	perVisitor := map[string]float64{}
	visitorVariant := map[string]string{}
	for _, p := range purchases {
		add(p.Day, p.Variant).revenue += p.Amount
		perVisitor[p.Visitor] += p.Amount
		visitorVariant[p.Visitor] = p.Variant
	}
	for v, amount := range perVisitor {
		f := variants[visitorVariant[v]]
		f.Revenue.Sum += amount
		f.Revenue.SumSquares += amount * amount
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
	days := make([]string, 0, len(perDay))
	for d := range perDay {
		days = append(days, d)
	}
	sort.Strings(days)
	running := map[string]*acc{}
	for _, d := range days {
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
