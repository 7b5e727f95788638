package analytics

import (
	"cro/pocketbase/eventstore/zones"

	"github.com/pocketbase/pocketbase/core"
)

// A site's zone and its local days are cro/pocketbase/eventstore/zones.

// checkZoneOnWrite refuses a site create or update whose time_zone the server does not know, so
// that a typo never silently counts a site's days in UTC.
func checkZoneOnWrite(app core.App) {
	check := func(e *core.RecordRequestEvent) error {
		if name := e.Record.GetString("time_zone"); name != "" && !zones.Valid(name) {
			return e.BadRequestError("Unknown time zone: use a name from the time zone database, such as Europe/Stockholm.", nil)
		}
		return e.Next()
	}
	app.OnRecordCreateRequest("sites").BindFunc(check)
	app.OnRecordUpdateRequest("sites").BindFunc(check)
}
