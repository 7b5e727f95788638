package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
	"cro/pocketbase/eventstore/zones"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

// A day's visitors are the distinct visitors of the sessions that started on it, whatever order
// the sessions arrive in: a late session (the collector takes events up to 35 days old) of a
// visitor the writer last saw on a later day, and a restarted writer whose memory holds only that
// late day, must both ask the store rather than count the visitor again.
func TestDayVisitorsCountLateSessionsOnce(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	site := storetest.Site(storetest.SiteA)
	visit := func(session string, when time.Time) []eventstore.Ingest {
		return []eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "returning", Session: session,
			Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/"}, when)}}, Device: "desktop", Browser: "Chrome"}}
	}
	dayStart := time.Now().UTC().Truncate(24 * time.Hour)
	today, now := dayStart.Add(time.Minute), dayStart.Add(2*time.Minute)
	past := dayStart.AddDate(0, 0, -3).Add(9 * time.Hour)
	check := func(stage string) {
		t.Helper()
		for _, when := range []time.Time{past, today} {
			day := zones.LocalDay(when, nil)
			from, to := zones.DayBounds(day, nil)
			var rollup, distinct int
			if err := app.DB().NewQuery(`SELECT COALESCE(SUM(visitors), 0) FROM analytics_daily WHERE site_id = {:site} AND day = {:day}`).
				Bind(dbx.Params{"site": storetest.SiteA, "day": day}).Row(&rollup); err != nil {
				t.Fatal(err)
			}
			if err := app.DB().NewQuery(`SELECT COUNT(DISTINCT visitor) FROM sessions WHERE site_id = {:site} AND started_at >= {:from} AND started_at < {:to}`).
				Bind(dbx.Params{"site": storetest.SiteA, "from": dbTime(from), "to": dbTime(to)}).Row(&distinct); err != nil {
				t.Fatal(err)
			}
			if rollup != 1 || distinct != 1 {
				t.Errorf("%s: %s counts %d visitors, its sessions have %d distinct visitors (want 1)", stage, day, rollup, distinct)
			}
		}
	}
	store := NewSQLiteStore(app)
	for _, in := range [][]eventstore.Ingest{visit("s1", past), visit("s2", today), visit("s3", past.Add(2*time.Hour))} {
		if err := store.WriteAll(in); err != nil {
			t.Fatal(err)
		}
	}
	check("late session after a later day")

	// A restarted writer: its first session of the visitor is another late one of the past day,
	// then a new session today, where the visitor already has one.
	restarted := NewSQLiteStore(app)
	for _, in := range [][]eventstore.Ingest{visit("s4", past.Add(3*time.Hour)), visit("s5", now)} {
		if err := restarted.WriteAll(in); err != nil {
			t.Fatal(err)
		}
	}
	check("after a restart")
}
