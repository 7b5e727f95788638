package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/sitefields"
	"math"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Revenue impact is measured, never typed in: for each shipped A/B test winner, the revenue per
// visitor it gained over the control in its test, times the visitors its rule has reached since it
// shipped; for each optimization rule whose rollout leaves a holdout (below 100%), the revenue per
// session of the sessions it reached over those on its pages it did not reach, times the sessions
// it reached. Each with a 95% interval (normal approximation of the difference of two means).

// ImpactSource is one measured change.
type ImpactSource struct {
	Kind  string `json:"kind"` // "experiment" (a shipped winner) or "rule" (a rule with a holdout)
	ID    string `json:"id"`
	Name  string `json:"name"`
	Since string `json:"since"`
	// Unit is what was counted: exposed "visitor"s (winners) or "session"s (rules).
	Unit     string  `json:"unit"`
	Exposed  float64 `json:"exposed"`
	Baseline float64 `json:"baselinePerUnit"` // the control's or holdout's revenue per unit
	// Uplift of revenue per unit over the baseline, in percent, with its 95% interval.
	Uplift     float64 `json:"uplift"`
	UpliftLow  float64 `json:"upliftLow"`
	UpliftHigh float64 `json:"upliftHigh"`
	Impact     float64 `json:"impact"`
	Low        float64 `json:"low"`
	High       float64 `json:"high"`
	// Measured is false while there is too little to compare (fewer than two units on a side).
	Measured bool `json:"measured"`
}

// RevenueImpact is the site's measured incremental revenue.
type RevenueImpact struct {
	Total   float64        `json:"total"`
	Low     float64        `json:"low"`
	High    float64        `json:"high"`
	Sources []ImpactSource `json:"sources"`
	// The same sum over the last 7 days and the 7 before (the card's 'vs last week').
	LastWeek     float64 `json:"lastWeek"`
	PreviousWeek float64 `json:"previousWeek"`
}

const z95 = 1.959964

// meanDiff is mean(a) - mean(b) with its standard error; ok only with two or more on each side.
func meanDiff(a, b eventstore.MeanFigures) (diff, se float64, ok bool) {
	if a.Count < 2 || b.Count < 2 {
		return 0, 0, false
	}
	ma, mb := a.Sum/a.Count, b.Sum/b.Count
	va := math.Max(0, (a.SumSquares-a.Sum*ma)/(a.Count-1))
	vb := math.Max(0, (b.SumSquares-b.Sum*mb)/(b.Count-1))
	return ma - mb, math.Sqrt(va/a.Count + vb/b.Count), true
}

func (s *ImpactSource) measure(treated, baseline eventstore.MeanFigures, exposed float64) {
	s.Exposed = exposed
	diff, se, ok := meanDiff(treated, baseline)
	if !ok {
		return
	}
	s.Measured = true
	s.Baseline = eventrow.Round2(baseline.Sum / baseline.Count)
	if s.Baseline > 0 {
		s.Uplift = eventrow.Round2(diff / s.Baseline * 100)
		s.UpliftLow = eventrow.Round2((diff - z95*se) / s.Baseline * 100)
		s.UpliftHigh = eventrow.Round2((diff + z95*se) / s.Baseline * 100)
	}
	s.Impact = eventrow.Round2(diff * exposed)
	s.Low = eventrow.Round2((diff - z95*se) * exposed)
	s.High = eventrow.Round2((diff + z95*se) * exposed)
}

// measureRevenueImpact computes the site's revenue impact at now.
func measureRevenueImpact(app core.App, store eventstore.Store, siteID string, now time.Time) (RevenueImpact, error) {
	out := RevenueImpact{Sources: []ImpactSource{}}
	weekAgo, twoWeeksAgo := now.AddDate(0, 0, -7), now.AddDate(0, 0, -14)
	add := func(src ImpactSource, week, previous float64) {
		out.Sources = append(out.Sources, src)
		if !src.Measured {
			return
		}
		out.Total += src.Impact
		out.Low += src.Low
		out.High += src.High
		out.LastWeek += week
		out.PreviousWeek += previous
	}

	winners, err := app.FindRecordsByFilter("experiments", "site_id = {:site} && status = 'completed' && winner != '' && winner != 'control'",
		"ended_at", 0, 0, dbx.Params{"site": siteID})
	if err != nil {
		return out, err
	}
	for _, x := range winners {
		// The rule the winner shipped as is named by its creation's audit entry.
		var ruleID string
		if entry, err := app.FindFirstRecordByFilter("optimization_audit_log",
			"site_id = {:site} && action = 'created' && changes.experiment_id = {:exp}", dbx.Params{"site": siteID, "exp": x.Id}); err == nil {
			ruleID = entry.GetString("rule_id")
		}
		since := x.GetDateTime("ended_at").Time()
		src := ImpactSource{Kind: "experiment", ID: x.Id, Name: x.GetString("name"), Since: since.UTC().Format(time.RFC3339), Unit: "visitor"}
		results, err := store.ExperimentResults(eventstore.ExperimentQuery{SiteID: siteID, ExperimentID: x.Id, Revenue: true})
		if err != nil {
			return out, err
		}
		var control, winner eventstore.MeanFigures
		for _, v := range results.Variants {
			switch v.Variant {
			case "control":
				control = v.Revenue
			case x.GetString("winner"):
				winner = v.Revenue
			}
		}
		reached := func(from, to time.Time) float64 {
			if ruleID == "" || !to.After(from) {
				return 0
			}
			r, err := store.RuleRevenue(siteID, ruleID, "", from, to)
			if err != nil {
				return 0
			}
			return float64(r.ExposedVisitors)
		}
		src.measure(winner, control, reached(since, now))
		diff, _, _ := meanDiff(winner, control)
		add(src, diff*reached(maxTime(since, weekAgo), now), diff*reached(maxTime(since, twoWeeksAgo), maxTime(since, weekAgo)))
	}

	rules, err := app.FindRecordsByFilter("optimization_rules", "site_id = {:site} && rollout_percentage > 0 && rollout_percentage < 100",
		"created_at", 0, 0, dbx.Params{"site": siteID})
	if err != nil {
		return out, err
	}
	for _, r := range rules {
		since := r.GetDateTime("created_at").Time()
		pattern := r.GetString("url_pattern")
		src := ImpactSource{Kind: "rule", ID: r.Id, Name: r.GetString("name"), Since: since.UTC().Format(time.RFC3339), Unit: "session"}
		if src.Name == "" {
			src.Name = r.GetString("rule_type")
		}
		all, err := store.RuleRevenue(siteID, r.Id, pattern, since, now)
		if err != nil {
			return out, err
		}
		src.measure(all.Exposed, all.Holdout, all.Exposed.Count)
		window := func(from, to time.Time) float64 {
			if !to.After(from) {
				return 0
			}
			w, err := store.RuleRevenue(siteID, r.Id, pattern, from, to)
			diff, _, ok := meanDiff(w.Exposed, w.Holdout)
			if err != nil || !ok {
				return 0
			}
			return diff * w.Exposed.Count
		}
		add(src, window(maxTime(since, weekAgo), now), window(maxTime(since, twoWeeksAgo), maxTime(since, weekAgo)))
	}
	out.Total, out.Low, out.High = eventrow.Round2(out.Total), eventrow.Round2(out.Low), eventrow.Round2(out.High)
	out.LastWeek, out.PreviousWeek = eventrow.Round2(out.LastWeek), eventrow.Round2(out.PreviousWeek)
	return out, nil
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// storeRevenueImpact keeps the site's total_revenue_impact equal to the last measurement.
// Only that field: the site read at the start of the request may have changed since.
func storeRevenueImpact(app core.App, site *core.Record, total float64) {
	_ = sitefields.Set(app, site, map[string]any{"total_revenue_impact": total})
}
