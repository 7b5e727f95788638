package sqlite

import "cro/pocketbase/eventstore/funneldays"

// Funnel event days: the steps' events of one closed day of the site's calendar, by visitor, kept
// in memory. Stored funnel days (funnel_days.go) hold the attempts of days whose windows are over;
// the days still open (the last window's) and the windows after a range's partial first day need
// the events themselves, which are the same on every query once their day is over and lateAfter
// more has passed. So a query reads raw events only for the partial days at its ends and the day
// not closed yet (today), and the whole days in between come from here.
//
// They are kept in the store's funnel day cache (eventstore/funneldays, eventdays.go, which the
// ClickHouse store shares) with the decoded stored days; funneldays.OpenPaths reads them
// (sqlite_funnels.go's eventFunnelPaths) once the site's late events are handled here.

// handleLateFunnelEvents drops the site's stored funnel days and event days a late event may
// have changed (funnel_late.go), before the query reads them.
func (s *sqliteStore) handleLateFunnelEvents(site string) error {
	unlock := funneldays.LockSite(site)
	defer unlock()
	return s.dropLateFunnelDays(site)
}
