package collect

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	_ "github.com/pocketbase/pocketbase/migrations" // the system tables the schema builds on

	"cro/pocketbase/schematest"
)

// Sources stored before the hash was shortened become the new hash of the same address, so a
// client is one source across the upgrade.
func TestShortSourceMigrationKeepsEachClientsSource(t *testing.T) {
	app, migrate := schematest.NewAppBefore(t, "1763905500_short_client_source.js")
	key := LoadSourceKey(t.TempDir())
	long := ClientSource(key, "203.0.113.9") + "0123456789abcdef" // as 32 characters were stored
	events, _ := app.FindCollectionByNameOrId("events")
	add := func(path, client string) string {
		e := core.NewRecord(events)
		e.Set("site_id", "site0000000000a")
		e.Set("type", "pageview")
		e.Set("path", path)
		e.Set("client", client)
		if err := app.SaveNoValidate(e); err != nil {
			t.Fatal(err)
		}
		return path
	}
	old, short, none := add("/old", long), add("/short", ClientSource(key, "203.0.113.10")), add("/none", "")

	migrate()

	// By path: a later migration (1763906000) makes each event's id its rowid.
	for path, want := range map[string]string{old: ClientSource(key, "203.0.113.9"), short: ClientSource(key, "203.0.113.10"), none: ""} {
		e, err := app.FindFirstRecordByData("events", "path", path)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.GetString("client"); got != want {
			t.Errorf("event %s: client %q, want %q", path, got, want)
		}
	}
}
