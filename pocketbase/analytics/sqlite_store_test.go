package analytics

import (
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
)

// The JS migrations register into PocketBase's global migration list: once per test binary.
var registerMigrations sync.Once

// newSchemaApp returns a fresh app in a temporary directory with the product's real schema (the
// JS migrations in pb_migrations) and the given sites.
func newSchemaApp(t *testing.T, siteIDs ...string) core.App {
	t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = app.ResetBootstrapState() })
	var regErr error
	registerMigrations.Do(func() {
		// The hooks directory only serves require() in migrations: no hook file is loaded.
		regErr = jsvm.Register(app, jsvm.Config{MigrationsDir: "../pb_migrations", HooksDir: "../pb_hooks", HooksFilesPattern: `^$`})
	})
	if regErr != nil {
		t.Fatal(regErr)
	}
	if err := app.RunAllMigrations(); err != nil {
		t.Fatal(err)
	}
	for _, id := range siteIDs {
		if _, err := app.NonconcurrentDB().NewQuery(`INSERT INTO sites (id, public_key) VALUES ({:id}, {:key})`).Bind(dbx.Params{"id": id, "key": "key" + id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	return app
}

func openSQLiteStore(t *testing.T, siteIDs ...string) Store {
	return NewSQLiteStore(newSchemaApp(t, siteIDs...))
}

// Sessions are raw data too: SQLite's retention deletes the old ones with the events.
func TestSQLitePruneDeletesOldSessions(t *testing.T) {
	app := newSchemaApp(t, siteA, siteB)
	store := NewSQLiteStore(app)
	if err := store.WriteAll(contractTraffic()); err != nil {
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
	if err := store.Prune(ago(90 * 24 * time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 7 {
		t.Errorf("%d sessions after pruning, want 7 (all but the one from 100 days ago)", n)
	}
}
