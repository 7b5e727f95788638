// Package sitefields writes a few server-owned fields of a site without overwriting the rest.
//
// Background work (the live KPIs, the revenue impact) reads a site, computes for a while and then
// writes its own figures. Saving the record it read would write every other field back as it was
// then: a plan change or a rename made in between would be undone. Set reads the site again
// inside a write transaction, so nothing can change it between that read and the save.
package sitefields

import (
	"reflect"

	"github.com/pocketbase/pocketbase/core"
)

// Set stores fields on the site siteID; it saves (and so notifies realtime subscribers) only
// when a value differs from the stored one.
func Set(app core.App, siteID string, fields map[string]any) error {
	return app.RunInTransaction(func(tx core.App) error {
		site, err := tx.FindRecordById("sites", siteID)
		if err != nil {
			return err
		}
		changed := false
		for name, value := range fields {
			before := site.Get(name)
			site.Set(name, value) // the field normalizes the value (an int becomes a float64...)
			if !reflect.DeepEqual(before, site.Get(name)) {
				changed = true
			}
		}
		if !changed {
			return nil
		}
		return tx.Save(site)
	})
}
