package sqlite

import (
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// queryPlan is SQLite's EXPLAIN QUERY PLAN of sql, one detail line per step: the plan tests check
// that a query searches the index it was written for.
func queryPlan(t testing.TB, app core.App, sql string, p dbx.Params) []string {
	t.Helper()
	var rows []struct {
		Detail string `db:"detail"`
	}
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + sql).Bind(p).All(&rows); err != nil {
		t.Fatal(err)
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.Detail)
	}
	return out
}
