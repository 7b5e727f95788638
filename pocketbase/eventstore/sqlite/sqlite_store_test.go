package sqlite

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
	"cro/pocketbase/schematest"

	"github.com/pocketbase/pocketbase/core"
)

// newSchemaApp returns a fresh app with the product's real schema and the given sites.
func newSchemaApp(t testing.TB, siteIDs ...string) core.App {
	return schematest.NewAppWithSites(t, siteIDs...)
}

func openSQLiteStore(t *testing.T, siteIDs ...string) eventstore.Store {
	return NewSQLiteStore(newSchemaApp(t, siteIDs...))
}

// Sessions are raw data too: SQLite's retention deletes the old ones with the events.
func TestSQLitePruneDeletesOldSessions(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA, storetest.SiteB)
	store := NewSQLiteStore(app)
	if err := store.WriteAll(storetest.Traffic()); err != nil {
		t.Fatal(err)
	}
	count := func() (n int) {
		if err := app.DB().NewQuery(`SELECT COUNT(*) FROM sessions`).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(); n != 8 {
		t.Fatalf("%d sessions written, want 8", n)
	}
	if err := store.Prune(storetest.Ago(90 * 24 * time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 7 {
		t.Errorf("%d sessions after pruning, want 7 (all but the one from 100 days ago)", n)
	}
}

// The client source is stored where a query reads it (exposures, apply errors, errors for the
// health evaluation) and not on page views, clicks and leaves, where it only cost bytes.
func TestSQLiteStoresClientSourcesWhereRead(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA, storetest.SiteB)
	if err := NewSQLiteStore(app).WriteAll(storetest.Traffic()); err != nil {
		t.Fatal(err)
	}
	var bulk, sourced int
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM events WHERE type IN ('pageview', 'click', 'leave') AND client != ''`).Row(&bulk); err != nil {
		t.Fatal(err)
	}
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM events WHERE type = 'exposure' AND client != ''`).Row(&sourced); err != nil {
		t.Fatal(err)
	}
	if bulk != 0 || sourced == 0 {
		t.Errorf("%d page views, clicks and leaves with a source (want 0), %d exposures with one (want some)", bulk, sourced)
	}
}

// An event's device, browser and country are its session's: stored once, on the session.
func TestSQLiteStoresDeviceOnTheSession(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA, storetest.SiteB)
	if err := NewSQLiteStore(app).WriteAll(storetest.Traffic()); err != nil {
		t.Fatal(err)
	}
	var onEvents, sessions int
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM events WHERE device_type != '' OR browser != '' OR country != ''`).Row(&onEvents); err != nil {
		t.Fatal(err)
	}
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM sessions WHERE device_type != '' AND browser != ''`).Row(&sessions); err != nil {
		t.Fatal(err)
	}
	if onEvents != 0 || sessions == 0 {
		t.Errorf("%d events with a device, browser or country (want 0), %d sessions with them (want some)", onEvents, sessions)
	}
}
