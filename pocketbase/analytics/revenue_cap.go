package analytics

import "time"

// Revenue a browser reports is the visitor's to invent: anyone who reads a site's tracker can post
// purchases of any amount. So browser revenue counts in the site's figures only up to a cap per
// visitor per day, and per client source per day, and its conversion events are stored as
// unverified with the amount reported. What is over the cap is left out of every revenue figure
// (rollups, sessions, live KPIs); only a signed server-side source (Ingest.Verified) adds revenue
// uncapped.

// DefaultBrowserRevenueCap is the most revenue one visitor's browser adds to a site's figures in a
// day (CRO_BROWSER_REVENUE_CAP): several ordinary orders, far from what a forged burst would add.
const DefaultBrowserRevenueCap = 1000

// RevenueVisitorsPerSource is how many visitors' caps one client address may fill in a day: a
// household or an office shares an address, dozens of buyers behind one address are a forgery.
const RevenueVisitorsPerSource = 3

const visitorRevenueSQL = `SELECT COALESCE(SUM(revenue), 0) FROM sessions WHERE site_id = {:site} AND visitor = {:visitor}
	AND started_at >= {:from} AND started_at < {:to}`

// revenueKey is one visitor's ("v", visitor id) or one source's ("c", source) day on a site.
type revenueKey struct{ site, day, kind, who string }

// capRevenue returns how much of a browser-reported amount counts, and records it as counted.
func (a *applier) capRevenue(s *sessState, client, day string, value float64) float64 {
	visitor := revenueKey{s.siteID, day, "v", s.visitor}
	source := revenueKey{s.siteID, day, "c", client}
	if _, ok := a.w.revenueDay[visitor]; !ok {
		// After a restart, what the visitor's sessions of the day already counted.
		var before float64
		_ = a.tx.row(visitorRevenueSQL, map[string]any{"site": s.siteID, "visitor": s.visitor, "from": day + " 00:00:00.000Z", "to": day + " 99"}, &before)
		a.w.revenueDay[visitor] = before
	}
	limit := a.w.revenueCap - a.w.revenueDay[visitor]
	if client != "" {
		limit = min(limit, a.w.revenueCap*RevenueVisitorsPerSource-a.w.revenueDay[source])
	}
	counted := max(0, min(value, limit))
	a.w.revenueDay[visitor] += counted
	a.revenueTouched[visitor] = true
	if client != "" {
		a.w.revenueDay[source] += counted
		a.revenueTouched[source] = true
	}
	return counted
}

// sweepRevenue forgets the revenue counted on days before yesterday.
func (w *Writer) sweepRevenue(now time.Time) {
	yesterday := dayOf(now.Add(-48 * time.Hour)) // sites' local days: see sweep
	for k := range w.revenueDay {
		if k.day < yesterday {
			delete(w.revenueDay, k)
		}
	}
}
