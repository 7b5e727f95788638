package analytics

import (
	"log"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// pruneEvents deletes raw events (and finished sessions) older than the retention, in chunks so
// that ingestion is never blocked for long. Rollups are kept.
func pruneEvents(app core.App, days int) {
	if days <= 0 {
		return
	}
	cutoff := dbTime(time.Now().AddDate(0, 0, -days))
	var siteIDs []string
	if err := app.DB().NewQuery(`SELECT id FROM sites`).Column(&siteIDs); err != nil {
		log.Printf("analytics: retention failed: %v", err)
		return
	}
	for _, site := range siteIDs {
		pruneSite(app, site, cutoff)
	}
}

// pruneSite uses the (site_id, ts) and (site_id, started_at) indexes.
func pruneSite(app core.App, site, cutoff string) {
	for _, q := range []string{
		`DELETE FROM events WHERE rowid IN (SELECT rowid FROM events WHERE site_id = {:site} AND ts < {:cutoff} LIMIT 5000)`,
		`DELETE FROM sessions WHERE rowid IN (SELECT rowid FROM sessions WHERE site_id = {:site} AND started_at < {:cutoff} LIMIT 5000)`,
	} {
		for i := 0; i < 10000; i++ {
			res, err := app.NonconcurrentDB().NewQuery(q).Bind(dbx.Params{"site": site, "cutoff": cutoff}).Execute()
			if err != nil {
				log.Printf("analytics: retention failed: %v", err)
				return
			}
			if n, _ := res.RowsAffected(); n == 0 {
				break
			}
		}
	}
}
