package analytics

import (
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// spooledStore is the ClickHouse store's spool as the main server runs it (clickhouse.NewSpooledStore).
type spooledStore interface {
	SpoolAfterInserts() (map[string]int64, bool)
}

// registerSpoolStats serves GET /api/cro/events/spool to superusers when events go to ClickHouse:
// the spool's counters (acknowledged, inserted, pending), answered once every batch acknowledged
// before the request is inserted, so a test or an operator reading ClickHouse directly after it
// sees what the server acknowledged. Nothing is registered on SQLite.
func registerSpoolStats(se *core.ServeEvent, store eventstore.Store) {
	sp, ok := store.(spooledStore)
	if !ok {
		return
	}
	if _, ok := sp.SpoolAfterInserts(); !ok {
		return
	}
	se.Router.GET("/api/cro/events/spool", func(e *core.RequestEvent) error {
		stats, _ := sp.SpoolAfterInserts()
		return e.JSON(http.StatusOK, stats)
	}).Bind(apis.RequireSuperuserAuth())
}
