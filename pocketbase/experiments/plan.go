package experiments

import (
	"net/http"
	"strconv"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/experiments/stats"
)

// planHandler answers GET /api/cro/experiments/plan?baseline=&mde=&arms= (signed-in users): the
// visitors each arm needs for a 95% two-sided test with 80% power, from the statistics engine, so
// that the wizard's planner and the results share one formula.
func planHandler(e *core.RequestEvent) error {
	if e.Auth == nil {
		return e.UnauthorizedError("Sign in to plan a test.", nil)
	}
	q := e.Request.URL.Query()
	baseline, err1 := strconv.ParseFloat(q.Get("baseline"), 64)
	mde, err2 := strconv.ParseFloat(q.Get("mde"), 64)
	arms, err3 := strconv.Atoi(q.Get("arms"))
	if err1 != nil || err2 != nil || err3 != nil || arms < 2 || arms > 4 {
		return e.BadRequestError("baseline and mde must be numbers and arms 2 to 4.", nil)
	}
	perArm := stats.PlanSampleSize(baseline, mde, stats.DefaultAlpha, 0.8, arms)
	if perArm == 0 {
		return e.BadRequestError("The baseline rate and the uplift must give rates between 0 and 1.", nil)
	}
	return e.JSON(http.StatusOK, map[string]any{"perArm": perArm, "total": perArm * arms})
}
