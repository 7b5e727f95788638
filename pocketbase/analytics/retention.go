package analytics

import (
	"errors"
	"log"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// AlsoPrune lists what else each site keeps for its retention (session recordings), pruned on the
// same schedule and cutoff as its raw events.
var AlsoPrune []func(app core.App, siteID string, before time.Time) error

// pruneEvents deletes each site's raw events (and finished sessions) older than its retention:
// the site's own `retention_days` when set, else the install's default; rollups are kept.
// A retention of 0 days keeps everything.
func pruneEvents(app core.App, store eventstore.Store, defaultDays int, now time.Time) {
	var sites []struct {
		ID   string `db:"id"`
		Days int    `db:"retention_days"`
	}
	if err := app.DB().NewQuery(`SELECT id, retention_days FROM sites`).All(&sites); err != nil {
		log.Printf("analytics: retention failed: %v", err)
		return
	}
	var errs []error
	for _, s := range sites {
		days := defaultDays
		if s.Days > 0 {
			days = s.Days
		}
		if days <= 0 {
			continue
		}
		if err := store.PruneSite(s.ID, now.AddDate(0, 0, -days)); err != nil {
			errs = append(errs, err) // one failing site does not keep the others' old events
		}
		for _, prune := range AlsoPrune {
			if err := prune(app, s.ID, now.AddDate(0, 0, -days)); err != nil {
				errs = append(errs, err)
			}
		}
	}
	// Funnel and click days are plain tables, not collections: a deleted site's rows do not cascade.
	for _, q := range []string{`DELETE FROM funnel_days WHERE site_id NOT IN (SELECT id FROM sites)`,
		`DELETE FROM funnel_late WHERE site_id NOT IN (SELECT id FROM sites)`,
		`DELETE FROM click_days WHERE site_id NOT IN (SELECT id FROM sites)`,
		`DELETE FROM click_late WHERE site_id NOT IN (SELECT id FROM sites)`} {
		if _, err := app.NonconcurrentDB().NewQuery(q).Execute(); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		log.Printf("analytics: retention failed: %v", err)
	}
}
