package main

import (
	"log"
	"os"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/sqlite"

	"github.com/pocketbase/pocketbase/core"
)

// openEventStore is the one owner of events, sessions and rollups: SQLite in the app's database,
// or ClickHouse when CRO_EVENTS_URL names one (http://127.0.0.1:8123/?database=cro).
func openEventStore(app core.App) eventstore.Store {
	url := os.Getenv("CRO_EVENTS_URL")
	if url == "" {
		return sqlite.NewSQLiteStore(app)
	}
	store, err := clickhouse.NewClickHouseStore(url)
	if err != nil {
		log.Fatalf("CRO_EVENTS_URL: %v", err)
	}
	return store
}
