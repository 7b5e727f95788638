// Package revenuecap is the cap on revenue a browser reports, the same on every event store.
//
// Revenue a browser reports is the visitor's to invent: anyone who reads a site's tracker can post
// purchases of any amount. So browser revenue counts in the site's figures only up to a cap per
// visitor per day, and per client source per day, and its conversion events are stored as
// unverified with the amount reported. What is over the cap is left out of every revenue figure
// (rollups, sessions, live KPIs); only a signed server-side source (Ingest.Verified) adds revenue
// uncapped.
package revenuecap

import (
	"os"
	"strconv"
	"strings"
)

// DefaultBrowserCap is the most revenue one visitor's browser adds to a site's figures in a
// day (CRO_BROWSER_REVENUE_CAP): several ordinary orders, far from what a forged burst would add.
const DefaultBrowserCap = 1000

// VisitorsPerSource is how many visitors' caps one client address may fill in a day: a
// household or an office shares an address, dozens of buyers behind one address are a forgery.
const VisitorsPerSource = 3

// Configured is the per-visitor daily cap: CRO_BROWSER_REVENUE_CAP when it is a number >= 0,
// else DefaultBrowserCap.
func Configured() float64 {
	if v, err := strconv.ParseFloat(strings.TrimSpace(os.Getenv("CRO_BROWSER_REVENUE_CAP")), 64); err == nil && v >= 0 {
		return v
	}
	return DefaultBrowserCap
}

// Key is one visitor's ("v", visitor id) or one source's ("c", source) day on a site: what a
// store counts revenue against.
type Key struct{ Site, Day, Kind, Who string }

// VisitorDay is the key of a visitor's day on a site.
func VisitorDay(site, day, visitor string) Key {
	return Key{Site: site, Day: day, Kind: "v", Who: visitor}
}

// SourceDay is the key of a client source's day on a site.
func SourceDay(site, day, source string) Key {
	return Key{Site: site, Day: day, Kind: "c", Who: source}
}
