package analytics

import (
	"log"
	"time"
)

// pruneEvents deletes raw events (and finished sessions) older than the retention; rollups are
// kept. 0 days keeps everything.
func pruneEvents(store Store, days int, now time.Time) {
	if days <= 0 {
		return
	}
	if err := store.Prune(now.AddDate(0, 0, -days)); err != nil {
		log.Printf("analytics: retention failed: %v", err)
	}
}
