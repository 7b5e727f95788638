package main

import (
	"log"
	"os"
	"path/filepath"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/sqlite"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// openEventStore is the one owner of events, sessions and rollups: SQLite in the app's database,
// or ClickHouse when CRO_EVENTS_URL names one (http://127.0.0.1:8123/?database=cro), with batches
// acknowledged from a write-ahead spool as collectors do (CRO_EVENTS_SPOOL, by default
// events_spool in the data directory).
func openEventStore(app core.App) eventstore.Store {
	url := os.Getenv("CRO_EVENTS_URL")
	if url == "" {
		return sqlite.NewSQLiteStore(app)
	}
	spool := os.Getenv("CRO_EVENTS_SPOOL")
	if spool == "" {
		spool = filepath.Join(app.DataDir(), "events_spool")
	}
	store, err := clickhouse.NewSpooledStore(url, spool)
	if err != nil {
		log.Fatalf("CRO_EVENTS_URL: %v", err)
	}
	refuseSQLiteEventRecords(app)
	return store
}

// sqliteEventWriteRefused is the answer to a record written to SQLite's events or sessions through
// the API while events live in ClickHouse: no read would ever see it.
const sqliteEventWriteRefused = "Events live in the configured event store (CRO_EVENTS_URL), not in this database's events and sessions: send them to the collect endpoint."

// refuseSQLiteEventRecords makes such a write a clear 400 instead of a record silently ignored.
func refuseSQLiteEventRecords(app core.App) {
	refuse := func(e *core.RecordRequestEvent) error { return apis.NewBadRequestError(sqliteEventWriteRefused, nil) }
	app.OnRecordCreateRequest("events", "sessions").BindFunc(refuse)
	app.OnRecordUpdateRequest("events", "sessions").BindFunc(refuse)
}
