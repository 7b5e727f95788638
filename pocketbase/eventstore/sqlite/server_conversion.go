package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/zones"
	"database/sql"
	"errors"
	"time"
)

const latestVisitorSessionSQL = `SELECT session_key FROM sessions WHERE site_id = {:site} AND visitor = {:visitor}
	ORDER BY started_at DESC LIMIT 1`

// serverConversionStatements are prepared with the writer's statements (stmts.go).
var serverConversionStatements = []string{latestVisitorSessionSQL}

// applyServerConversion counts the conversion in the visitor's latest session when the tracker has
// seen the visitor (so conversion rate, pages and dimensions include it); without one it still
// counts in the day's conversions and revenue, and never invents a session or a visit. It counts
// as the browser's goal conversions do (once per session per goal, revenue every time) but on its
// own path: its value is trusted as sent and its event is marked as the server's. The experiments
// the visitor was exposed to before it get it too: as the matching event goal, and as revenue
// when it has a value.
func (a *applier) applyServerConversion(j *job) error {
	c := j.conversion
	siteID := j.site.ID
	day := zones.LocalDay(c.At, j.site.Zone)
	a.noteLate(siteID, c.At) // an order reported late changes an exposed visitor's revenue and conversions
	goalID := "api:" + c.Goal
	if c.GoalID != "" {
		goalID = c.GoalID
		a.outcomes = append(a.outcomes, outcome{site: siteID, visitor: c.Visitor, goal: goalID, at: c.At})
	}
	if c.Value > 0 {
		a.outcomes = append(a.outcomes, outcome{site: siteID, visitor: c.Visitor, goal: eventrow.RevenueGoal, value: c.Value, at: c.At})
	}
	a.rows = append(a.rows, eventRow{site: siteID, visitor: c.Visitor, typ: "conversion", name: eventrow.Truncate(c.Goal, 100),
		value: c.Value, ts: eventTime(c.At), goal: goalID, props: eventrow.JSON(map[string]any{
			"goal": goalID, "source": eventstore.ServerConversionSource, "verified": true, "conversion_id": c.ID, "currency": c.Currency,
		})})
	ri := len(a.rows) - 1
	d := a.day(siteID, day)
	d.revenue += c.Value
	s, err := a.latestSession(siteID, c.Visitor, j.site.Zone)
	if err != nil {
		return err
	}
	if s == nil {
		d.conversions++
		return nil
	}
	row := &a.rows[ri] // the session is known only now
	row.session, row.path = s.key, s.exit
	p := a.page(siteID, day, s.exit)
	dims := s.dims()
	s.revenue += c.Value
	p.revenue += c.Value
	for _, dv := range dims {
		a.dim(siteID, day, dv[0], dv[1]).revenue += c.Value
	}
	if s.goals[goalID] {
		return nil
	}
	s.goals[goalID] = true
	s.conversions++
	d.conversions++
	p.conversions++
	for _, dv := range dims {
		a.dim(siteID, day, dv[0], dv[1]).conversions++
	}
	if !s.converted {
		s.converted = true
		d.convertedSessions++
	}
	return nil
}

// latestSession returns the visitor's most recent session, marked as changed by this transaction,
// or nil when the tracker has never seen the visitor.
func (a *applier) latestSession(siteID, visitor string, zone *time.Location) (*sessState, error) {
	var key string
	err := a.tx.row(latestVisitorSessionSQL, map[string]any{"site": siteID, "visitor": visitor}, &key)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && key == "") {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	mem := siteID + "|" + key
	s := a.w.sessions[mem]
	if s == nil {
		if s = loadSession(a.tx, siteID, key, zone); s == nil {
			return nil, nil
		}
	}
	s.touchedAt = time.Now()
	a.w.sessions[mem] = s
	a.touched[mem] = s
	return s, nil
}
