package publicapi

import (
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
)

const maxRangeDays = 366

// getAnalytics is GET /v1/analytics?site_id=&from=&to=: the range's summary (the Analytics
// screen's figures) and its days with data, days in the site's time zone. Without from and to: the
// last 30 days.
func (s *server) getAnalytics(e *core.RequestEvent, key *apiKey) error {
	q := e.Request.URL.Query()
	if ok, err := siteOf(e, key, q.Get("site_id")); !ok {
		return err
	}
	// Days are the site's own (its time zone), as its rollups are counted.
	local := time.Now().In(zones.SiteByID(s.app, key.siteID))
	today, _ := time.Parse(time.DateOnly, local.Format(time.DateOnly))
	from, to := today.AddDate(0, 0, -29), today
	var err error
	if v := q.Get("from"); v != "" {
		if from, err = time.Parse(time.DateOnly, v); err != nil {
			return badRequest(e, "from must be a date as YYYY-MM-DD.")
		}
	}
	if v := q.Get("to"); v != "" {
		if to, err = time.Parse(time.DateOnly, v); err != nil {
			return badRequest(e, "to must be a date as YYYY-MM-DD.")
		}
	}
	if from.After(to) {
		return badRequest(e, "from must not be after to.")
	}
	if to.Sub(from) >= maxRangeDays*24*time.Hour {
		return badRequest(e, "The range may span at most 366 days.")
	}
	days := eventstore.DayRange{From: from.Format(time.DateOnly), To: to.Format(time.DateOnly)}
	summary, err := analytics.Summary(s.store, key.siteID, days)
	if err != nil {
		return err
	}
	daily, err := analytics.DailyFigures(s.store, key.siteID, days)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]any{"site_id": key.siteID, "from": days.From, "to": days.To, "summary": summary, "daily": daily})
}
