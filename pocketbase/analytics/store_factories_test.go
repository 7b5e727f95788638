package analytics

import (
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/eventstore/storetest"
	"cro/pocketbase/schematest"

	"github.com/pocketbase/pocketbase/core"
)

// The event store's contract (eventstore/storetest) and the features' tests on both stores.
var storeFactories = []storetest.Factory{
	{Name: "sqlite", Open: openSQLiteStore},
	{Name: "clickhouse", Open: openClickHouseStore},
	// Every day settled as soon as it is read, so the contract also checks the settled figures and
	// their invalidation by later events (clickhouse_settled.go).
	{Name: "clickhouse-settled", Open: openClickHouseSettledStore},
}

// The contract on ClickHouse (SQLite's runs in eventstore/sqlite).
func TestStoreContract(t *testing.T) { storetest.Run(t, storeFactories[1:]...) }

// newSchemaApp returns a fresh app with the product's real schema and the given sites.
func newSchemaApp(t testing.TB, siteIDs ...string) core.App {
	return schematest.NewAppWithSites(t, siteIDs...)
}

func openSQLiteStore(t *testing.T, siteIDs ...string) eventstore.Store {
	return sqlite.NewSQLiteStore(newSchemaApp(t, siteIDs...))
}
