package analytics

import (
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"
)

func TestPruneEvents(t *testing.T) {
	app, err := tests.NewTestApp()
	if err != nil {
		t.Fatal(err)
	}
	defer app.Cleanup()
	exec := func(q string, p dbx.Params) {
		if _, err := app.NonconcurrentDB().NewQuery(q).Bind(p).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	exec(`CREATE TABLE sites (id TEXT PRIMARY KEY)`, nil)
	exec(`CREATE TABLE events (id TEXT PRIMARY KEY, site_id TEXT, ts TEXT)`, nil)
	exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, site_id TEXT, started_at TEXT, last_seen_at TEXT)`, nil)
	exec(`INSERT INTO sites (id) VALUES ('s1'), ('s2')`, nil)
	old, recent := dbTime(time.Now().AddDate(0, 0, -91)), dbTime(time.Now().AddDate(0, 0, -89))
	for i, row := range []struct{ site, ts string }{{"s1", old}, {"s1", recent}, {"s2", old}, {"s2", old}, {"s2", recent}} {
		exec(`INSERT INTO events (id, site_id, ts) VALUES ({:id}, {:site}, {:ts})`, dbx.Params{"id": string(rune('a' + i)), "site": row.site, "ts": row.ts})
		exec(`INSERT INTO sessions (id, site_id, started_at, last_seen_at) VALUES ({:id}, {:site}, {:ts}, {:ts})`, dbx.Params{"id": string(rune('a' + i)), "site": row.site, "ts": row.ts})
	}
	pruneEvents(app, 90)
	for _, table := range []string{"events", "sessions"} {
		var n int
		if err := app.DB().NewQuery("SELECT COUNT(*) FROM " + table).Row(&n); err != nil {
			t.Fatal(err)
		}
		if n != 2 {
			t.Errorf("%s: %d rows left, want the 2 within 90 days", table, n)
		}
	}
}
