package sqlite

import (
	"os"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/storetest"

	_ "github.com/pocketbase/pocketbase/migrations" // the system tables the schema builds on
)

// The event store's contract (eventstore/storetest) on the SQLite store; ClickHouse's runs in
// eventstore/clickhouse and analytics.
func TestStoreContract(t *testing.T) {
	storetest.Run(t, storetest.Factory{Name: "sqlite", Open: openSQLiteStore})
}

// storeFactories are both stores, for the tests that compare what the SQLite writer keeps with
// what ClickHouse computes (the CUPED sums).
var storeFactories = []storetest.Factory{
	{Name: "sqlite", Open: openSQLiteStore},
	{Name: "clickhouse", Open: openClickHouseStore},
}

// chServer is the test binary's shared local ClickHouse server.
var chServer = &clickhouse.SharedLocal{Prefix: "sqlitecmp"}

// openClickHouseStore is a store on a new database of the shared server (skipped when no server
// is installed; CI installs Debian's clickhouse-server).
func openClickHouseStore(t *testing.T, _ ...string) eventstore.Store {
	t.Helper()
	store, err := clickhouse.NewClickHouseStore(chServer.DatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	return store
}

func TestMain(m *testing.M) {
	code := m.Run()
	chServer.Stop()
	os.Exit(code)
}
