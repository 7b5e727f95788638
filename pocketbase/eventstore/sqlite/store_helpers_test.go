package sqlite

import (
	"os"
	"strconv"
	"sync"
	"sync/atomic"
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

var (
	chOnce   sync.Once
	chLocal  *clickhouse.Local
	chErr    error
	chDBSeq  atomic.Int64
	chTmpDir string
)

// openClickHouseStore is a store on a new database of one local server for the test binary
// (skipped when no server is installed; CI installs Debian's clickhouse-server).
func openClickHouseStore(t *testing.T, _ ...string) eventstore.Store {
	t.Helper()
	if !clickhouse.HaveServer() {
		t.Skip("ClickHouse skipped: " + clickhouse.ErrNoBinary.Error())
	}
	chOnce.Do(func() {
		chTmpDir, chErr = os.MkdirTemp("", "cro-clickhouse-")
		if chErr == nil {
			chLocal, chErr = clickhouse.StartLocal(chTmpDir)
		}
	})
	if chErr != nil {
		t.Fatal(chErr)
	}
	store, err := clickhouse.NewClickHouseStore(chLocal.URL + "?database=sqlitecmp" + strconv.FormatInt(chDBSeq.Add(1), 10))
	if err != nil {
		t.Fatal(err)
	}
	return store
}

func TestMain(m *testing.M) {
	code := m.Run()
	if chLocal != nil {
		chLocal.Stop()
	}
	if chTmpDir != "" {
		_ = os.RemoveAll(chTmpDir)
	}
	os.Exit(code)
}
