package analytics

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Google Tag Manager works in the visitor's browser: when a site has connected it (Integrations),
// its script config carries `gt` and the tracker pushes each exposure to the page's dataLayer
// (src/tracker/datalayer.ts). Nothing is sent from the server.
const tagManagerType = "google_tag_manager"

// tagManagerConnected says whether the site has a connected, enabled Google Tag Manager
// integration (only the connect route sets 'connected' for it, after validating the input).
func tagManagerConnected(app core.App, siteID string) bool {
	rec, err := app.FindFirstRecordByFilter("integrations",
		"site_id = {:site} && integration_type = {:type} && enabled = true && status = 'connected'",
		dbx.Params{"site": siteID, "type": tagManagerType})
	return err == nil && rec != nil
}

// clearOnTagManager empties the site cache when a Google Tag Manager integration is connected,
// changed or removed, so the next script carries the change; other integrations' frequent
// bookkeeping writes (deliveries, cursors) leave the cache alone.
func clearOnTagManager(app core.App, sites *siteCache) {
	clear := func(e *core.RecordEvent) error {
		if e.Record.GetString("integration_type") == tagManagerType {
			sites.clear()
		}
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess("integrations").BindFunc(clear)
	app.OnRecordAfterUpdateSuccess("integrations").BindFunc(clear)
	app.OnRecordAfterDeleteSuccess("integrations").BindFunc(clear)
}
