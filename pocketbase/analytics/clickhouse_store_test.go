package analytics

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
)

// The ClickHouse store joins the contract (store_factories_test.go) when a server binary is
// installed (CI installs Debian's clickhouse-server): one local server for the test binary, a new
// database per store opened.

var (
	chOnce   sync.Once
	chLocal  *clickhouse.Local
	chErr    error
	chDBSeq  atomic.Int64
	chTmpDir string
)

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
func chDatabaseURL(t *testing.T) string {
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
	return chLocal.URL + "?database=contract" + strconv.FormatInt(chDBSeq.Add(1), 10)
}

// stopClickHouse ends the shared server after the package's tests (TestMain).
func stopClickHouse() {
	if chLocal != nil {
		chLocal.Stop()
	}
	if chTmpDir != "" {
		_ = os.RemoveAll(chTmpDir)
	}
}

func TestMain(m *testing.M) {
	if args := os.Getenv(collectorChildEnv); args != "" { // the kill -9 test's collector process
		if err := RunCollector(strings.Fields(args)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	stopClickHouse()
	os.Exit(code)
}
