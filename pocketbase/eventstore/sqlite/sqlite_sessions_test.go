package sqlite

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore/storetest"
)

// The session list walks the (site_id, started_at) index of sessions in its order, so that a page
// costs the page's rows (plus the offset), never the range's: no table scan and no sort.
func TestRecentSessionsSearchesIndexes(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	var rows []struct {
		Detail string `db:"detail"`
	}
	err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + recentSessionsSQL).Bind(dbx.Params{"site": storetest.SiteA, "from": "2026-01-01 00:00:00.000Z",
		"to": "2026-02-01 00:00:00.000Z", "limit": 51, "offset": 0}).All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	var plan []string
	for _, r := range rows {
		plan = append(plan, r.Detail)
	}
	t.Logf("plan: %q", plan)
	joined := strings.Join(plan, "\n")
	if !strings.Contains(joined, "SEARCH s USING INDEX idx_sessions_site_id_started_at (site_id=? AND started_at>? AND started_at<?)") {
		t.Errorf("sessions are not searched by (site_id, started_at): %q", plan)
	}
	if !strings.Contains(joined, "SEARCH e USING INDEX idx_events_session (session=?)") {
		t.Errorf("a session's purchases are not searched by (session): %q", plan)
	}
	for _, p := range plan {
		if strings.HasPrefix(p, "SCAN") || strings.Contains(p, "TEMP B-TREE") {
			t.Errorf("scan or sort in the plan: %q", p)
		}
	}
}
