package sqlite

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore/storetest"
)

// The results queries and the ingest's per-visitor lookups must stay index searches (no table
// scan), so that their cost follows the experiment's rows or one visitor's, never the site's events.
func TestExperimentQueriesSearchIndexes(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	p := dbx.Params{"exp": "x", "site": storetest.SiteA, "goal": "g", "visitor": "v", "ts": "2026-01-01 00:00:00.000Z"}
	for _, q := range []string{experimentDaysSQL, experimentConversionsSQL, experimentRevenueSQL, exposuresOfVisitorSQL,
		storedExposureSQL, visitorGoalsSinceSQL, visitorPurchasesSinceSQL, conversionOfSQL, conversionsOfVisitorSQL} {
		var rows []struct {
			Detail string `db:"detail"`
		}
		if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + q).Bind(p).All(&rows); err != nil {
			t.Fatal(err)
		}
		searches := 0
		for _, r := range rows {
			if strings.HasPrefix(r.Detail, "SCAN") {
				t.Errorf("%.70s...: %s", q, r.Detail)
			}
			if strings.HasPrefix(r.Detail, "SEARCH") {
				searches++
			}
		}
		if searches == 0 {
			t.Errorf("%.70s...: no index search in the plan %v", q, rows)
		}
	}
}
