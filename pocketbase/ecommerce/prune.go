package ecommerce

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// prune follows the site's retention of raw events: ecommerce events older than the cutoff go,
// and the sessions no event or order names any more. Orders are kept, as rollups are.
func prune(app core.App, siteID string, before time.Time) error {
	p := dbx.Params{"site": siteID, "before": before.UnixMilli()}
	if _, err := app.DB().NewQuery(`DELETE FROM ecommerce_events WHERE site_id = {:site} AND ts < {:before}`).Bind(p).Execute(); err != nil {
		return err
	}
	_, err := app.DB().NewQuery(`DELETE FROM ecommerce_sessions WHERE site_id = {:site}
		AND session NOT IN (SELECT session FROM ecommerce_events WHERE site_id = {:site})
		AND session NOT IN (SELECT session FROM ecommerce_orders WHERE site_id = {:site})`).Bind(p).Execute()
	return err
}
