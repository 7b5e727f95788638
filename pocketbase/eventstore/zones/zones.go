// Package zones is a site's time zone and its local days. Rollups are bucketed into the site's
// local days at ingest: an event counts on the day its site's clock showed, and "today" and weeks
// are read in the same zone. A changed zone applies to events from then on; days already written
// keep the zone they were counted in.
package zones

import (
	"time"
	// The zone database inside the binary: a site's zone must not depend on the host's tzdata.
	_ "time/tzdata"

	"github.com/pocketbase/pocketbase/core"
)

// OfSite is the time zone of a site record: its IANA `time_zone`, UTC when unset or unknown.
func OfSite(site *core.Record) *time.Location {
	if site == nil {
		return time.UTC
	}
	return Named(site.GetString("time_zone"))
}

// Named is the zone of an IANA name, UTC for "" or a name this server does not know.
func Named(name string) *time.Location {
	if !Valid(name) {
		return time.UTC
	}
	loc, _ := time.LoadLocation(name)
	return loc
}

// SiteByID is OfSite of the site with this id (UTC when it cannot be read).
func SiteByID(app core.App, siteID string) *time.Location {
	site, err := app.FindRecordById("sites", siteID)
	if err != nil {
		return time.UTC
	}
	return OfSite(site)
}

// Valid reports whether name is an IANA time zone this server knows ("" is not).
func Valid(name string) bool {
	if name == "" || name == "Local" {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}

// LocalDay is the site-local day ("2006-01-02") of an instant.
func LocalDay(t time.Time, zone *time.Location) string {
	if zone == nil {
		zone = time.UTC
	}
	return t.In(zone).Format("2006-01-02")
}

// DayBounds are the UTC instants a local day starts and ends at (the end excluded).
func DayBounds(day string, zone *time.Location) (time.Time, time.Time) {
	if zone == nil {
		zone = time.UTC
	}
	d, _ := time.ParseInLocation("2006-01-02", day, zone)
	return d.UTC(), d.AddDate(0, 0, 1).UTC()
}

// CalDay is the day on t's own clock (t already in the site's zone).
func CalDay(t time.Time) string { return t.Format("2006-01-02") }

// UTCDay is the UTC day ("2006-01-02") of an instant.
func UTCDay(t time.Time) string { return t.UTC().Format("2006-01-02") }
