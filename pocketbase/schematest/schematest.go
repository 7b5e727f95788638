// Package schematest gives Go tests a fresh PocketBase app with the product's real schema (the JS
// migrations in pb_migrations), so a test of the event store or the meters reads the tables the
// server has. Only tests import it.
package schematest

import (
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"

	"cro/pocketbase/domainzone"
)

// The JS migrations register into PocketBase's global migration list: once per test binary.
var register sync.Once

// NewApp bootstraps an app in a temporary directory and runs every migration.
func NewApp(t testing.TB) core.App {
	t.Helper()
	app, rest := NewAppBefore(t, "")
	rest()
	return app
}

// NewAppWithSites is NewApp with a row in sites for each id (public key "key" + id): what the
// event stores' tests need.
func NewAppWithSites(t testing.TB, siteIDs ...string) core.App {
	t.Helper()
	app := NewApp(t)
	for _, id := range siteIDs {
		if _, err := app.NonconcurrentDB().NewQuery(`INSERT INTO sites (id, public_key) VALUES ({:id}, {:key})`).Bind(dbx.Params{"id": id, "key": "key" + id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	return app
}

// NewAppBefore is NewApp with only the migrations whose files sort before file applied (all of
// them when file is empty); the returned function applies the others. A test of a migration's
// data changes seeds the rows it changes in between.
func NewAppBefore(t testing.TB, file string) (core.App, func()) {
	t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = app.ResetBootstrapState() })
	_, here, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(here), "..")
	var regErr error
	register.Do(func() {
		// The hooks directory only serves require() in migrations: no hook file is loaded.
		regErr = jsvm.Register(app, jsvm.Config{
			MigrationsDir:     filepath.Join(root, "pb_migrations"),
			HooksDir:          filepath.Join(root, "pb_hooks"),
			HooksFilesPattern: `^$`,
			OnInit:            domainzone.BindJS, // a migration names sites' zones
		})
	})
	if regErr != nil {
		t.Fatal(regErr)
	}
	list := core.MigrationsList{}
	list.Copy(core.SystemMigrations)
	for _, m := range core.AppMigrations.Items() {
		if file == "" || m.File < file {
			list.Add(m)
		}
	}
	if _, err := core.NewMigrationsRunner(app, list).Up(); err != nil {
		t.Fatal(err)
	}
	return app, func() {
		t.Helper()
		if err := app.RunAllMigrations(); err != nil {
			t.Fatal(err)
		}
	}
}
