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

// Set stores fields on site (as read earlier by the caller); it saves (and so notifies realtime
// subscribers) only when a value differs. When none differs from the copy read, it writes nothing
// and takes no write lock: the live refresh calls it every few seconds per site with traffic, and
// only the caller writes these fields.
func Set(app core.App, site *core.Record, fields map[string]any) error {
	if !apply(site.Clone(), fields) {
		return nil
	}
	return app.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById("sites", site.Id)
		if err != nil {
			return err
		}
		if !apply(fresh, fields) {
			return nil
		}
		return tx.Save(fresh)
	})
}

// apply sets fields on rec and reports whether a value changed.
func apply(rec *core.Record, fields map[string]any) bool {
	changed := false
	for name, value := range fields {
		before := rec.Get(name)
		rec.Set(name, value) // the field normalizes the value (an int becomes a float64...)
		if !reflect.DeepEqual(before, rec.Get(name)) {
			changed = true
		}
	}
	return changed
}
