package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// automatedHitsHandler answers GET /api/cro/automated-hits/{siteId} (members): the hits the
// collect endpoint filtered as automated today and over the last 7 days (UTC, today included),
// for Speed & Tracking.
func automatedHitsHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := memberSite(e)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		today, err := store.Totals(site.Id, eventstore.DayRange{From: zones.UTCDay(now), To: zones.UTCDay(now)})
		if err != nil {
			return err
		}
		week, err := store.Totals(site.Id, eventstore.DayRange{From: zones.UTCDay(now.AddDate(0, 0, -6)), To: zones.UTCDay(now)})
		if err != nil {
			return err
		}
		return e.JSON(http.StatusOK, map[string]any{"today": today.AutomatedHits, "last7Days": week.AutomatedHits})
	}
}
