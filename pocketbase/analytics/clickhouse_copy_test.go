package analytics

import (
	"errors"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/eventstore/storetest"
)

// A site's events copied from SQLite answer the same overview on ClickHouse; a copy stopped after
// its first chunk resumes after it (a chunk inserted but never recorded is deleted first), and
// the counts of both stores agree at the end.
func TestCopySiteEventsResumesAndChecksCounts(t *testing.T) {
	dbURL := chDatabaseURL(t)
	app := newSchemaApp(t, storetest.SiteA, storetest.SiteB)
	sqlite := sqlite.NewSQLiteStore(app)
	if err := sqlite.WriteAll(storetest.Traffic()); err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stopped")
	_, err := clickhouse.CopySiteEvents(app, storetest.SiteA, dbURL, 4, func(int) error { return stop })
	if !errors.Is(err, stop) {
		t.Fatalf("first run: %v, want it stopped after a chunk", err)
	}
	// A chunk that reached ClickHouse without its progress row: the resume must not count it twice.
	db, _ := clickhouse.Open(dbURL)
	stray := clickhouse.EventRow{SiteID: storetest.SiteA, Day: storetest.Day, TS: storetest.Now.Unix(), At: storetest.Now.UnixMilli(), Type: "pageview", Session: "sessionZZZZ"}
	if err := db.Insert("events", []any{stray}); err != nil {
		t.Fatal(err)
	}
	res, err := clickhouse.CopySiteEvents(app, storetest.SiteA, dbURL, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Resumed || res.SQLiteEvents != res.ClickHouseEvents || res.SQLiteEvents == 0 {
		t.Errorf("resumed copy = %+v, want resumed with equal counts", res)
	}
	ch, err := clickhouse.NewClickHouseStore(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	today := eventstore.DayRange{From: storetest.Day, To: storetest.Day}
	want, _ := sqlite.Totals(storetest.SiteA, today)
	got, err := ch.Totals(storetest.SiteA, today)
	if err != nil || got != want {
		t.Errorf("today's totals after the copy:\n got %+v (%v)\nwant %+v", got, err, want)
	}
	// SQLite keeps an event's device, browser and country on its session; the copy takes them from there.
	if r, err := db.QueryOne(`SELECT count() AS n, countIf(device_type = '' OR browser = '') AS bare FROM events
		WHERE site_id = '` + storetest.SiteA + `' AND session != 'sessionZZZZ' AND type = 'pageview'`); err != nil || r.Int("n") == 0 || r.Int("bare") != 0 {
		t.Errorf("copied page views: %v without a device or browser of %v (%v), want none", r.Int("bare"), r.Int("n"), err)
	}
	if again, err := clickhouse.CopySiteEvents(app, storetest.SiteA, dbURL, 4, nil); err != nil || again.Events != 0 {
		t.Errorf("a copy run again copied %d events (%v), want none", again.Events, err)
	}
}

// A copy settles the closed days it copied before it ends (as analytics-seed does), so the first
// dashboard read does not compute them and the server's 5-minute pass has nothing left.
func TestCopySiteEventsSettlesTheCopiedDays(t *testing.T) {
	dbURL := chDatabaseURL(t)
	app := newSchemaApp(t, storetest.SiteA, storetest.SiteB)
	if err := sqlite.NewSQLiteStore(app).WriteAll(storetest.Traffic()); err != nil {
		t.Fatal(err)
	}
	if _, err := clickhouse.CopySiteEvents(app, storetest.SiteA, dbURL, 1000, nil); err != nil {
		t.Fatal(err)
	}
	db, _ := clickhouse.Open(dbURL)
	closed := time.Now().UTC().AddDate(0, 0, -2).Format("2006-01-02") // chSettleLag
	q, _ := clickhouse.Bind(`SELECT (SELECT uniqExact(day) FROM day_figures WHERE site_id = {:site} AND day <= toDate({:closed})) AS days,
		(SELECT uniqExact(day) FROM settled WHERE site_id = {:site}) AS settled`, map[string]any{"site": storetest.SiteA, "closed": closed})
	r, err := db.QueryOne(q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Int("days") == 0 || r.Int("settled") != r.Int("days") {
		t.Errorf("%d of the %d closed days copied are settled, want all", r.Int("settled"), r.Int("days"))
	}
}
