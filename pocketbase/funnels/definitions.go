package funnels

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// A store with background passes (eventstore.Definitions, ClickHouse's settle pass) is told the
// site's funnels, so that it deletes the stored days and tallies of funnels deleted or changed
// (a funnel's days are keyed by its definition), and told when one is (Redefined), so that their
// days leave its memory at once.
func registerDefinitions(app core.App, store eventstore.Store) {
	d, ok := store.(eventstore.Definitions)
	if !ok {
		return
	}
	d.DefineFunnels(func(siteID string) ([]eventstore.FunnelQuery, error) {
		recs, err := app.FindAllRecords("funnels", dbx.HashExp{"site_id": siteID})
		if err != nil {
			return nil, err
		}
		out := []eventstore.FunnelQuery{}
		for _, f := range recs {
			if q, ok := QueryOf(app, f); ok {
				out = append(out, q)
			}
		}
		return out, nil
	})
	// An edit (a new key) or a delete: the store forgets the old key's days in memory now.
	redefined := func(e *core.RecordEvent) error {
		d.Redefined(e.Record.GetString("site_id"))
		return e.Next()
	}
	app.OnRecordAfterUpdateSuccess("funnels").BindFunc(redefined)
	app.OnRecordAfterDeleteSuccess("funnels").BindFunc(redefined)
}
