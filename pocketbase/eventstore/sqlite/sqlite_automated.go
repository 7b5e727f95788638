package sqlite

import (
	"time"

	"cro/pocketbase/eventstore"
)

// Hits filtered as automated go through the writer like a batch, so a burst of them shares one
// commit: one upsert per site and day of analytics_daily.bot_hits, no raw row.

const upsertAutomatedSQL = `INSERT INTO analytics_daily (site_id, day, bot_hits) VALUES ({:site}, {:day}, {:n})
	ON CONFLICT(site_id, day) DO UPDATE SET bot_hits = bot_hits + excluded.bot_hits`

func (s *sqliteStore) CountAutomated(siteID string, at time.Time) error {
	return s.w.submit(&job{site: &eventstore.Site{ID: siteID}, automated: at})
}

// writeAutomated adds the transaction's automated hits to their days.
func (a *applier) writeAutomated() error {
	for k, n := range a.automated {
		if err := a.tx.exec(upsertAutomatedSQL, map[string]any{"site": k[0], "day": k[1], "n": n}); err != nil {
			return err
		}
	}
	return nil
}
