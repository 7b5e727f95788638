package analytics

import (
	"time"

	"cro/pocketbase/eventstore"
)

// RecordServerConversion stores one server-side conversion and returns once it is durable (on
// either store: the SQLite writer's side is server_conversion.go).
func RecordServerConversion(store eventstore.Store, siteID string, zone *time.Location, c eventstore.ServerConversion) error {
	return store.Submit(eventstore.Ingest{Site: &eventstore.Site{ID: siteID, Zone: zone}, Conversion: &c})
}
