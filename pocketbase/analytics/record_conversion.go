package analytics

import "time"

// RecordServerConversion stores one server-side conversion and returns once it is durable (on
// either store: the SQLite writer's side is server_conversion.go).
func RecordServerConversion(store Store, siteID string, zone *time.Location, c ServerConversion) error {
	return store.Submit(Ingest{Site: &siteInfo{ID: siteID, Zone: zone}, Conversion: &c})
}
