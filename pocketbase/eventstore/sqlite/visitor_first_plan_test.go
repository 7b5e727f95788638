package sqlite

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore/storetest"
)

// The writer asks for a visitor's earliest session of a day once per new (visitor, day): it must
// search the visitor's rows in (site, visitor, started_at), never walk the site's sessions of the
// day in time order (the planner picked that for ORDER BY started_at, and the ingest bench's CPU
// per event rose by two thirds).
func TestVisitorFirstSearchesTheVisitorsIndex(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	p := dbx.Params{"site": storetest.SiteA, "visitor": "v", "from": "2026-01-01 00:00:00.000Z", "to": "2026-01-02 00:00:00.000Z"}
	all := strings.Join(queryPlan(t, app, visitorFirstSQL, p), "; ")
	if !strings.Contains(all, "idx_sessions_site_visitor (site_id=? AND visitor=?") || strings.Contains(all, "TEMP B-TREE") {
		t.Errorf("want a search of idx_sessions_site_visitor by site and visitor, plan %s", all)
	}
}
