package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
	"net/http"
	"strconv"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// maxSessionsPage bounds the offset a request can make the store walk.
const maxSessionsPage = 1000

// sessionsHandler: GET /api/cro/analytics/{siteId}/sessions?days=7|30|90&page=N for Analytics'
// Recent Sessions: the sessions that started in the range's days (on the site's clock, the days
// the rest of the screen counts), newest first, SessionsPerPage a page, each marked when
// session_recordings holds its recording.
func sessionsHandler(app core.App, store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := memberSite(e)
		if err != nil {
			return err
		}
		days, err := rangeDays(e)
		if err != nil {
			return err
		}
		page := 1
		if raw := e.Request.URL.Query().Get("page"); raw != "" {
			page, err = strconv.Atoi(raw)
			if err != nil || page < 1 || page > maxSessionsPage {
				return e.BadRequestError("Page must be a whole number from 1 to 1000.", nil)
			}
		}
		zone := zones.OfSite(site)
		now := time.Now().In(zone)
		from, _ := zones.DayBounds(zones.CalDay(now.AddDate(0, 0, -(days-1))), zone)
		_, to := zones.DayBounds(zones.CalDay(now), zone)
		list, err := store.RecentSessions(eventstore.SessionsQuery{SiteID: site.Id, From: from, To: to, Page: page, PerPage: SessionsPerPage})
		if err != nil {
			return err
		}
		if err := markRecorded(app, site.Id, list.Items); err != nil {
			return err
		}
		return e.JSON(http.StatusOK, list)
	}
}

// markRecorded sets Recorded on the sessions whose recording session_recordings holds (one query
// through its (site_id, session_id) unique index).
func markRecorded(app core.App, siteID string, items []eventstore.SessionSummary) error {
	if len(items) == 0 {
		return nil
	}
	keys := make([]any, len(items))
	for i, s := range items {
		keys[i] = s.SessionID
	}
	var recorded []string
	err := app.DB().Select("session_id").From("session_recordings").
		Where(dbx.HashExp{"site_id": siteID}).AndWhere(dbx.In("session_id", keys...)).Column(&recorded)
	if err != nil {
		return err
	}
	has := make(map[string]bool, len(recorded))
	for _, k := range recorded {
		has[k] = true
	}
	for i := range items {
		items[i].Recorded = has[items[i].SessionID]
	}
	return nil
}
