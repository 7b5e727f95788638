package sqlite

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore/storetest"
)

// A session's trail is one seek of (session), never a walk of the site's events by time
// (which the planner prefers to the small sort, and which made the frustration job read every
// event of the site per session); the sessions seen are searched by (site_id, started_at).
func TestSessionTrailSearchesTheSessionIndex(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	plan := func(sql string, p dbx.Params) string { return strings.Join(queryPlan(t, app, sql, p), "\n") }
	if got := plan(sessionTrailSQL, dbx.Params{"site": storetest.SiteA, "session": "s1"}); !strings.Contains(got,
		"SEARCH events USING INDEX idx_events_session (session=?)") {
		t.Errorf("the trail does not seek (session): %q", got)
	}
	got := plan(sessionsSeenSQL, dbx.Params{"site": storetest.SiteA, "oldest": "2026-01-01 00:00:00.000Z", "after": "2026-01-01 00:00:00.000Z",
		"until": "2026-01-02 00:00:00.000Z", "limit": 10})
	if !strings.Contains(got, "SEARCH sessions USING INDEX idx_sessions_site_id_started_at (site_id=? AND started_at>?)") {
		t.Errorf("sessions seen are not searched by (site_id, started_at): %q", got)
	}
}
