package experiments

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/access"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments/stats"
)

// BaselineDays is how far back the planner measures a goal's conversion rate and the site's visitors.
const BaselineDays = 28

// planHandler answers GET /api/cro/experiments/plan?mde=&arms=[&baseline=][&site=&goal=&traffic=]
// (signed-in users; with a site, its members): the visitors each arm needs for a 95% two-sided test
// with 80% power, from the statistics engine, so that the wizard's planner and the results share
// one formula. With a site and goal the baseline is measured from the site's last 28 days (the
// share of its distinct visitors who converted the goal, or purchased for revenue), unless the
// caller gives one; and the site's distinct visitors a day over those days, with the share of
// traffic in the test, give the days the test needs. A site without traffic gets no measured
// baseline (null): the owner types one. Once CUPED has measured its variance reduction on the
// site's latest test of the goal, the sample shrinks by it (perArmUnadjusted keeps the plain one).
func planHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if e.Auth == nil {
			return e.UnauthorizedError("Sign in to plan a test.", nil)
		}
		q := e.Request.URL.Query()
		mde, err2 := strconv.ParseFloat(q.Get("mde"), 64)
		arms, err3 := strconv.Atoi(q.Get("arms"))
		if err2 != nil || err3 != nil || arms < 2 || arms > 4 {
			return e.BadRequestError("baseline and mde must be numbers and arms 2 to 4.", nil)
		}
		baseline, typed := 0.0, q.Get("baseline") != ""
		if typed {
			var err error
			if baseline, err = strconv.ParseFloat(q.Get("baseline"), 64); err != nil {
				return e.BadRequestError("baseline and mde must be numbers and arms 2 to 4.", nil)
			}
		}
		body := map[string]any{"perArm": nil, "total": nil, "baseline": nil, "measured": nil, "dailyVisitors": nil, "days": nil}
		if siteID := q.Get("site"); siteID != "" {
			traffic := 100.0
			if t := q.Get("traffic"); t != "" {
				var err error
				if traffic, err = strconv.ParseFloat(t, 64); err != nil || traffic < 0 || traffic > 100 {
					return e.BadRequestError("traffic must be a percentage from 0 to 100.", nil)
				}
			}
			measured, err := measureBaseline(e, store, siteID, q.Get("goal"))
			if err != nil {
				return err
			}
			body["measured"] = measured
			daily := measured.Visitors / BaselineDays
			body["dailyVisitors"] = daily
			if !typed && measured.Rate != nil {
				baseline = *measured.Rate
			}
			reduction, err := measuredReduction(e.App, store, siteID, q.Get("goal"))
			if err != nil {
				return e.InternalServerError("Could not measure the baseline.", err)
			}
			body["varianceReduction"], body["perArmUnadjusted"] = reduction, nil
			if baseline > 0 {
				body["baseline"] = baseline
				if perArm := stats.PlanSampleSize(baseline, mde, stats.DefaultAlpha, 0.8, arms); perArm > 0 {
					body["perArmUnadjusted"] = perArm
					if reduction != nil {
						// CUPED's variance reduction shrinks the sample a test needs in proportion.
						perArm = int(math.Ceil(float64(perArm) * (1 - reduction.Reduction)))
					}
					body["perArm"], body["total"] = perArm, perArm*arms
					if daily > 0 && traffic > 0 {
						body["days"] = int(math.Ceil(float64(perArm*arms) / (daily * traffic / 100)))
					}
				}
			}
			return e.JSON(http.StatusOK, body)
		}
		if !typed {
			return e.BadRequestError("baseline and mde must be numbers and arms 2 to 4.", nil)
		}
		perArm := stats.PlanSampleSize(baseline, mde, stats.DefaultAlpha, 0.8, arms)
		if perArm == 0 {
			return e.BadRequestError("The baseline rate and the uplift must give rates between 0 and 1.", nil)
		}
		body["perArm"], body["total"], body["baseline"] = perArm, perArm*arms, baseline
		return e.JSON(http.StatusOK, body)
	}
}

// measuredBaseline is a goal's conversion rate over the site's last BaselineDays days; Rate is nil
// when the site had no visitors then.
type measuredBaseline struct {
	Days       int      `json:"days"`
	Visitors   float64  `json:"visitors"`
	Converters float64  `json:"converters"`
	Rate       *float64 `json:"rate"`
}

func measureBaseline(e *core.RequestEvent, store eventstore.Store, siteID, goal string) (measuredBaseline, error) {
	if _, err := access.RequireSiteRole(e, siteID, access.Viewer, access.Messages{NotFound: "Site not found.", Superusers: true}); err != nil {
		return measuredBaseline{}, err
	}
	query := eventstore.ExperimentQuery{SiteID: siteID, GoalID: goal, Revenue: goal == revenueGoal}
	if ratio, _ := isRatio(goal); ratio {
		// The planner's test is of two proportions: a ratio metric has no measured rate to plan with.
		visitors, err := store.DistinctVisitors(siteID, time.Now().Add(-BaselineDays*24*time.Hour))
		if err != nil {
			return measuredBaseline{}, e.InternalServerError("Could not measure the baseline.", err)
		}
		return measuredBaseline{Days: BaselineDays, Visitors: float64(visitors)}, nil
	}
	if !query.Revenue {
		if g, err := e.App.FindRecordById("goals", goal); err != nil || g.GetString("site_id") != siteID {
			return measuredBaseline{}, e.BadRequestError("The goal must be one of this site's goals or \"revenue\".", nil)
		}
	}
	from := time.Now().Add(-BaselineDays * 24 * time.Hour)
	visitors, err := store.DistinctVisitors(siteID, from)
	if err != nil {
		return measuredBaseline{}, e.InternalServerError("Could not measure the baseline.", err)
	}
	converters, err := store.GoalConverters(query, from)
	if err != nil {
		return measuredBaseline{}, e.InternalServerError("Could not measure the baseline.", err)
	}
	m := measuredBaseline{Days: BaselineDays, Visitors: float64(visitors), Converters: float64(converters)}
	if visitors > 0 {
		rate := math.Min(1, float64(converters)/float64(visitors))
		m.Rate = &rate
	}
	return m, nil
}

// varianceReduction is CUPED's variance reduction as measured on the site's latest started test
// of the same primary goal (the mean over its variants where CUPED applied).
type varianceReduction struct {
	ExperimentID string  `json:"experimentId"`
	Name         string  `json:"name"`
	Reduction    float64 `json:"reduction"`
}

func measuredReduction(app core.App, store eventstore.Store, siteID, goal string) (*varianceReduction, error) {
	found, err := app.FindRecordsByFilter("experiments", "site_id = {:site} && primary_goal = {:goal} && started_at != '' && cuped_window_days > 0",
		"-started_at", 1, 0, map[string]any{"site": siteID, "goal": goal})
	if err != nil || len(found) == 0 {
		return nil, err
	}
	_, a, err := results(app, store, found[0], goal)
	if err != nil || a.PrimaryCUPED == nil {
		return nil, err
	}
	sum, n := 0.0, 0
	for _, r := range a.PrimaryCUPED.VarianceReduction {
		if r != nil {
			sum, n = sum+*r, n+1
		}
	}
	if n == 0 || sum <= 0 {
		return nil, nil
	}
	return &varianceReduction{ExperimentID: found[0].Id, Name: found[0].GetString("name"), Reduction: sum / float64(n)}, nil
}
