package sqlite

import (
	"slices"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
)

// A session whose own batches arrive out of order (a beacon overtaking a fetch: batch 2 stored
// before batch 1) starts where the visitor entered, at its earliest event, as ClickHouse's
// sessions rollup has it (min of the events' times): an event before the session's start moves
// the start, the start day with its session, visitor and dimension counts, and the referrer and
// utm (the first event's). The entry page is the earliest page view's (applyEvent, entryCounts).

// visitorSessionsSQL are the visitor's sessions stored that started on a day (a handful).
const visitorSessionsSQL = `SELECT session_key, started_at FROM sessions INDEXED BY idx_sessions_site_visitor
	WHERE site_id = {:site} AND visitor = {:visitor} AND started_at >= {:from} AND started_at < {:to}`

// restart moves s's start to ev, the earliest event seen of it.
func (a *applier) restart(s *sessState, ev *eventstore.Event) error {
	oldDay, newDay := s.startDay, zones.LocalDay(ev.At, s.zone)
	days := []string{oldDay}
	if newDay != oldDay {
		days = append(days, newDay)
	}
	// Out with what the session and the visitor's earliest sessions of both days counted...
	for _, d := range days {
		if err := a.visitorCounts(s, d, -1); err != nil {
			return err
		}
	}
	a.entryCounts(s, -1)
	a.sessionCounts(s, -1)
	oldDims := s.dims()
	s.started, s.startDay, s.restarted = ev.At, newDay, true
	// Started earlier, it may now precede exposures and change their CUPED strata, as a new session does.
	a.newSessions = append(a.newSessions, s)
	s.referrer, s.utmSource, s.utmMedium, s.utmCampaign = ev.Referrer, ev.UtmSource, ev.UtmMedium, ev.UtmCamp
	// ...and in with what they count now.
	a.sessionCounts(s, 1)
	a.entryCounts(s, 1)
	if newDims := s.dims(); !slices.Equal(oldDims, newDims) && (s.conversions > 0 || s.revenue > 0) {
		if err := a.moveConversions(s, oldDims, newDims); err != nil {
			return err
		}
	}
	for _, d := range days {
		if err := a.visitorCounts(s, d, 1); err != nil {
			return err
		}
	}
	return nil
}

// sessionCounts adds (sign 1) or takes back (-1) the session on its start day and dimensions.
func (a *applier) sessionCounts(s *sessState, sign float64) {
	a.day(s.siteID, s.startDay).sessions += sign
	for _, dv := range s.dims() {
		a.dim(s.siteID, s.startDay, dv[0], dv[1]).sessions += sign
	}
}

// entryCounts adds or takes back the session's entry (and bounce, with one page view) on its
// entry page and start day.
func (a *applier) entryCounts(s *sessState, sign float64) {
	if s.pageviews == 0 {
		return
	}
	e := a.page(s.siteID, s.startDay, s.entry)
	e.entries += sign
	if s.pageviews == 1 {
		e.bounces += sign
		a.day(s.siteID, s.startDay).bounces += sign
	}
}

// visitorCounts adds or takes back the day's visitor of s's visitor, counted on its earliest
// session of the day (with that session's dimensions), and keeps that session in memory.
func (a *applier) visitorCounts(s *sessState, day string, sign float64) error {
	first, err := a.earliestOfDay(s, day)
	if err != nil {
		return err
	}
	vk := visitorDayKey{site: s.siteID, visitor: s.visitor, day: day}
	a.newVisitors[vk] = true // forgotten if the transaction fails
	if first == nil {
		// No session that day any more (s moved off it): the table's row of s still says
		// otherwise until the transaction writes it, so memory says so (visitorOfDay).
		a.w.visitorDay[vk] = visitorFirst{}
		return nil
	}
	a.day(s.siteID, day).visitors += sign
	for _, dv := range first.dims() {
		a.dim(s.siteID, day, dv[0], dv[1]).visitors += sign
	}
	a.w.visitorDay[vk] = visitorFirst{started: first.started.UnixMilli(), session: first.key}
	return nil
}

// earliestOfDay is the visitor's earliest session started on day: among the sessions this
// transaction touched (as they are now) and the others stored (nil: none).
func (a *applier) earliestOfDay(s *sessState, day string) (*sessState, error) {
	var best *sessState
	for _, t := range a.touched {
		if t.siteID == s.siteID && t.visitor == s.visitor && t.startDay == day && (best == nil || t.started.Before(best.started)) {
			best = t
		}
	}
	from, to := zones.DayBounds(day, s.zone)
	rows, err := a.tx.query(visitorSessionsSQL, map[string]any{"site": s.siteID, "visitor": s.visitor, "from": dbTime(from), "to": dbTime(to)})
	if err != nil {
		return nil, err
	}
	var keys []string
	var starts []time.Time
	for rows.Next() {
		var key, started string
		if err := rows.Scan(&key, &started); err != nil {
			_ = rows.Close()
			return nil, err
		}
		at, _ := time.Parse("2006-01-02 15:04:05.000Z", started)
		keys, starts = append(keys, key), append(starts, at)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	for i, key := range keys {
		if a.touched[s.siteID+"|"+key] != nil || (best != nil && !starts[i].Before(best.started)) {
			continue // a touched session's row is not written yet: memory has it as it is
		}
		t := a.w.sessions[s.siteID+"|"+key]
		if t == nil {
			t = loadSession(a.tx, s.siteID, key, s.zone)
		}
		if t != nil {
			best = t
		}
	}
	return best, nil
}

// sessionConversionsSQL are a visitor's conversion rows of one session, in the order written.
const sessionConversionsSQL = `SELECT goal, ts, value FROM events INDEXED BY idx_events_site_visitor_goal_ts
	WHERE site_id = {:site} AND visitor = {:visitor} AND type = 'conversion' AND session = {:session} ORDER BY rowid`

// moveConversions moves the session's conversions and revenue, counted on the dimensions it had
// (its referrer and utm were a later batch's), to those it has now, on the days they were
// counted: each goal once, on its first row written, revenue on every row.
func (a *applier) moveConversions(s *sessState, from, to [][2]string) error {
	type conv struct {
		goal  string
		ts    int64
		value float64
	}
	rows, err := a.tx.query(sessionConversionsSQL, map[string]any{"site": s.siteID, "visitor": s.visitor, "session": s.key})
	if err != nil {
		return err
	}
	var convs []conv
	for rows.Next() {
		var c conv
		if err := rows.Scan(&c.goal, &c.ts, &c.value); err != nil {
			_ = rows.Close()
			return err
		}
		convs = append(convs, c)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	for i := range a.rows { // this transaction's, not inserted yet
		if r := &a.rows[i]; r.typ == "conversion" && r.session == s.key && r.site == s.siteID {
			convs = append(convs, conv{r.goal, r.ts, r.value})
		}
	}
	counted := map[string]bool{}
	for _, c := range convs {
		day := zones.LocalDay(eventAt(c.ts), s.zone)
		n := 0.0
		if !counted[c.goal] {
			counted[c.goal], n = true, 1
		}
		for _, dv := range from {
			x := a.dim(s.siteID, day, dv[0], dv[1])
			x.conversions, x.revenue = x.conversions-n, x.revenue-c.value
		}
		for _, dv := range to {
			x := a.dim(s.siteID, day, dv[0], dv[1])
			x.conversions, x.revenue = x.conversions+n, x.revenue+c.value
		}
	}
	return nil
}
