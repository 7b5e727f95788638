package analytics

import (
	"time"
	// The zone database inside the binary: a site's zone must not depend on the host's tzdata.
	_ "time/tzdata"

	"github.com/pocketbase/pocketbase/core"
)

// Rollups are bucketed into the site's local days at ingest: an event counts on the day its
// site's clock showed, and "today" and weeks are read in the same zone. A changed zone applies to
// events from then on; days already written keep the zone they were counted in.

// siteZone is the time zone of a site record: its IANA `time_zone`, UTC when unset or unknown.
func siteZone(site *core.Record) *time.Location {
	if site == nil {
		return time.UTC
	}
	return zoneNamed(site.GetString("time_zone"))
}

// zoneNamed is the zone of an IANA name, UTC for "" or a name this server does not know.
func zoneNamed(name string) *time.Location {
	if !ValidZone(name) {
		return time.UTC
	}
	loc, _ := time.LoadLocation(name)
	return loc
}

// SiteZoneByID is siteZone of the site with this id (UTC when it cannot be read).
func SiteZoneByID(app core.App, siteID string) *time.Location {
	site, err := app.FindRecordById("sites", siteID)
	if err != nil {
		return time.UTC
	}
	return siteZone(site)
}

// ValidZone reports whether name is an IANA time zone this server knows ("" is not).
func ValidZone(name string) bool {
	if name == "" || name == "Local" {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}

// localDay is the site-local day ("2006-01-02") of an instant.
func localDay(t time.Time, zone *time.Location) string {
	if zone == nil {
		zone = time.UTC
	}
	return t.In(zone).Format("2006-01-02")
}

// dayBounds are the UTC instants a local day starts and ends at (the end excluded).
func dayBounds(day string, zone *time.Location) (time.Time, time.Time) {
	if zone == nil {
		zone = time.UTC
	}
	d, _ := time.ParseInLocation("2006-01-02", day, zone)
	return d.UTC(), d.AddDate(0, 0, 1).UTC()
}

// calDay is the day on t's own clock (t already in the site's zone).
func calDay(t time.Time) string { return t.Format("2006-01-02") }

// checkZoneOnWrite refuses a site create or update whose time_zone the server does not know, so
// that a typo never silently counts a site's days in UTC.
func checkZoneOnWrite(app core.App) {
	check := func(e *core.RecordRequestEvent) error {
		if name := e.Record.GetString("time_zone"); name != "" && !ValidZone(name) {
			return e.BadRequestError("Unknown time zone: use a name from the time zone database, such as Europe/Stockholm.", nil)
		}
		return e.Next()
	}
	app.OnRecordCreateRequest("sites").BindFunc(check)
	app.OnRecordUpdateRequest("sites").BindFunc(check)
}
