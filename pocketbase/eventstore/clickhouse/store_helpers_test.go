package clickhouse

import (
	"os"
	"testing"

	"cro/pocketbase/eventstore"
)

// The store's own tests (its spool, settled figures, funnel days, cluster) share one local server
// for the test binary, a new database per store opened, and run on the contract's traffic.

// chServer is the package's shared local server.
var chServer = &SharedLocal{Prefix: "store"}

func openClickHouseStore(t *testing.T, _ ...string) eventstore.Store {
	t.Helper()
	store, err := NewClickHouseStore(chDatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// chDatabaseURL is a new, empty database's URL on the shared local server (started on first use).
func chDatabaseURL(t *testing.T) string { t.Helper(); return chServer.DatabaseURL(t) }

func TestMain(m *testing.M) {
	code := m.Run()
	chServer.Stop()
	os.Exit(code)
}

func newSwitchProxy(t *testing.T, target string) *SwitchProxy {
	p, err := NewSwitchProxy(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func countEvents(t *testing.T, dbURL, siteID string) int {
	t.Helper()
	db, err := Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := Bind(`SELECT count() AS n FROM events WHERE site_id = {:site}`, map[string]any{"site": siteID})
	r, err := db.QueryOne(q)
	if err != nil {
		t.Fatal(err)
	}
	return r.Int("n")
}
