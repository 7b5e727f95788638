package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/zones"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// MicroGoalFigures is one micro goal with what it earned over the range: completions (sessions
// that completed it) and points (completions x the goal's value).
type MicroGoalFigures struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Type        string  `json:"type"`
	Match       string  `json:"match"`
	Value       float64 `json:"value"`
	Enabled     bool    `json:"enabled"`
	Completions int     `json:"completions"`
	Points      float64 `json:"points"`
}

// microGoalsHandler: GET /api/cro/micro-goals/{siteId}?days=7|30|90 (default 7) for the Funnels
// screen: the site's micro goals, oldest first, counted over its last `days` local days.
func microGoalsHandler(app core.App, store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := memberSite(e)
		if err != nil {
			return err
		}
		days := 7
		if q := e.Request.URL.Query().Get("days"); q != "" {
			days, err = strconv.Atoi(q)
			if err != nil || (days != 7 && days != 30 && days != 90) {
				return e.BadRequestError("days must be 7, 30 or 90.", nil)
			}
		}
		zone := zones.OfSite(site)
		now := time.Now().In(zone)
		first, last := zones.CalDay(now.AddDate(0, 0, -(days-1))), zones.CalDay(now)
		from, _ := zones.DayBounds(first, zone)
		_, to := zones.DayBounds(last, zone)
		recs, err := app.FindRecordsByFilter("goals", "site_id = {:site} && micro = true", "created_at", 0, 0, map[string]any{"site": site.Id})
		if err != nil {
			return err
		}
		ids := make([]string, len(recs))
		for i, r := range recs {
			ids[i] = r.Id
		}
		counts, err := store.GoalCompletions(site.Id, ids, from, to)
		if err != nil {
			return err
		}
		out := make([]MicroGoalFigures, 0, len(recs))
		var total MicroGoalFigures
		for _, r := range recs {
			g := MicroGoalFigures{ID: r.Id, Name: r.GetString("name"), Type: r.GetString("type"), Match: r.GetString("match"),
				Value: r.GetFloat("value"), Enabled: r.GetBool("enabled"), Completions: counts[r.Id]}
			g.Points = eventrow.Round2(float64(g.Completions) * g.Value)
			total.Completions += g.Completions
			total.Points += g.Points
			out = append(out, g)
		}
		return e.JSON(http.StatusOK, map[string]any{
			"siteId": site.Id, "days": days, "from": first, "to": last, "timeZone": zone.String(),
			"goals": out, "completions": total.Completions, "points": eventrow.Round2(total.Points),
		})
	}
}
