package analytics

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
)

// The ClickHouse store joins the contract (store_factories_test.go) when a server binary is
// installed (CI installs Debian's clickhouse-server): one local server for the test binary, a new
// database per store opened.

// chServer is the test binary's shared local ClickHouse server.
var chServer = &clickhouse.SharedLocal{Prefix: "contract"}

func openClickHouseStore(t *testing.T, _ ...string) eventstore.Store {
	t.Helper()
	store, err := clickhouse.NewClickHouseStore(chDatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	return store
}

func openClickHouseSettledStore(t *testing.T, sites ...string) eventstore.Store {
	t.Helper()
	store := openClickHouseStore(t, sites...)
	store.(*clickhouse.EventStore).SetSettleLag(-100000)
	return store
}

// chDatabaseURL is a new, empty database's URL on the shared local server (started on first use).
func chDatabaseURL(t *testing.T) string { t.Helper(); return chServer.DatabaseURL(t) }

func TestMain(m *testing.M) {
	if args := os.Getenv(collectorChildEnv); args != "" { // the kill -9 test's collector process
		if err := RunCollector(strings.Fields(args)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	chServer.Stop()
	os.Exit(code)
}
