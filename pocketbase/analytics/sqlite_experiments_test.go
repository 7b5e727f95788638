package analytics

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
)

// The results queries must stay index-only: every table they touch is searched through a
// covering index (no table scan, no row lookups), so their cost follows the experiment's exposed
// visitors rather than the site's events.
func TestExperimentResultsQueriesUseCoveringIndexes(t *testing.T) {
	app := newSchemaApp(t, siteA)
	for _, q := range []string{exposuresByDaySQL, goalConversionsSQL, purchasesSQL} {
		var rows []struct {
			Detail string `db:"detail"`
		}
		if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + q).Bind(dbx.Params{"exp": "x", "site": siteA, "goal": "g"}).All(&rows); err != nil {
			t.Fatal(err)
		}
		searches := 0
		for _, r := range rows {
			if strings.HasPrefix(r.Detail, "SCAN") || (strings.HasPrefix(r.Detail, "SEARCH") && !strings.Contains(r.Detail, "COVERING INDEX")) {
				t.Errorf("%.60s...: %s", q, r.Detail)
			}
			if strings.HasPrefix(r.Detail, "SEARCH") {
				searches++
			}
		}
		if searches == 0 {
			t.Errorf("%.60s...: no index search in the plan %v", q, rows)
		}
	}
}
