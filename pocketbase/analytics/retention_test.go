package analytics

import (
	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/eventstore/storetest"
	"testing"

	"github.com/pocketbase/dbx"
)

// Each site keeps its raw events for its own retention; a site without one uses the default, and
// another site's setting never deletes this site's events.
func TestRetentionPerSite(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA, storetest.SiteB)
	store := sqlite.NewSQLiteStore(app)
	if err := store.WriteAll(storetest.Traffic()); err != nil {
		t.Fatal(err)
	}
	sessions := func(site string) (n int) {
		if err := app.DB().NewQuery(`SELECT COUNT(*) FROM sessions WHERE site_id = {:s}`).Bind(dbx.Params{"s": site}).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	beforeA, beforeB := sessions(storetest.SiteA), sessions(storetest.SiteB)
	if beforeA < 2 || beforeB < 1 {
		t.Fatalf("fixture has %d and %d sessions", beforeA, beforeB)
	}
	// Site A keeps 365 days: its 100-day-old session stays, though the default would drop it.
	if _, err := app.NonconcurrentDB().NewQuery(`UPDATE sites SET retention_days = 365 WHERE id = {:id}`).Bind(dbx.Params{"id": storetest.SiteA}).Execute(); err != nil {
		t.Fatal(err)
	}
	pruneEvents(app, store, 90, storetest.Now)
	if got := sessions(storetest.SiteA); got != beforeA {
		t.Errorf("site A (365 days) has %d sessions after pruning, want all %d", got, beforeA)
	}
	// With 30 days, the old session goes; the recent ones stay.
	if _, err := app.NonconcurrentDB().NewQuery(`UPDATE sites SET retention_days = 30 WHERE id = {:id}`).Bind(dbx.Params{"id": storetest.SiteA}).Execute(); err != nil {
		t.Fatal(err)
	}
	pruneEvents(app, store, 0, storetest.Now)
	if got := sessions(storetest.SiteA); got != beforeA-1 {
		t.Errorf("site A (30 days) has %d sessions after pruning, want %d (all but the 100-day-old one)", got, beforeA-1)
	}
	// Site B has no retention of its own and the default is 0 (keep everything).
	if got := sessions(storetest.SiteB); got != beforeB {
		t.Errorf("site B lost sessions: %d, want %d", got, beforeB)
	}
}
