package sqlite

import (
	"cro/pocketbase/eventstore/revenuecap"
	"time"
)

// The cap and its key are eventstore/revenuecap; this is the SQLite writer's side of it.

const visitorRevenueSQL = `SELECT COALESCE(SUM(revenue), 0) FROM sessions WHERE site_id = {:site} AND visitor = {:visitor}
	AND started_at >= {:from} AND started_at < {:to}`

// capRevenue returns how much of a browser-reported amount counts, and records it as counted.
func (a *applier) capRevenue(s *sessState, client, day string, value float64) float64 {
	visitor := revenuecap.VisitorDay(s.siteID, day, s.visitor)
	source := revenuecap.SourceDay(s.siteID, day, client)
	if _, ok := a.w.revenueDay[visitor]; !ok {
		// After a restart, what the visitor's sessions of the day already counted.
		var before float64
		_ = a.tx.row(visitorRevenueSQL, map[string]any{"site": s.siteID, "visitor": s.visitor, "from": day + " 00:00:00.000Z", "to": day + " 99"}, &before)
		a.w.revenueDay[visitor] = before
	}
	limit := a.w.revenueCap - a.w.revenueDay[visitor]
	if client != "" {
		limit = min(limit, a.w.revenueCap*revenuecap.VisitorsPerSource-a.w.revenueDay[source])
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
		if k.Day < yesterday {
			delete(w.revenueDay, k)
		}
	}
}
