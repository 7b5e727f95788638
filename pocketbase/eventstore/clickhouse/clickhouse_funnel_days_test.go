package clickhouse

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// A funnel's closed days are kept in memory on ClickHouse (clickhouse_funnel_days.go): an event
// written late into one of them (here, every day is long closed) must change the next answer.
func TestClickHouseFunnelDaysUndoneByLateEvents(t *testing.T) {
	store := openClickHouseStore(t)
	site := &eventstore.Site{ID: "latesite", Key: "latekey"}
	t0 := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	batch := func(visitor, session string, events ...eventstore.Event) []eventstore.Ingest {
		return []eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: "desktop"}}
	}
	pv := func(path string, minutes int) eventstore.Event {
		return eventstore.Event{Type: "pv", Path: path, At: t0.Add(time.Duration(minutes) * time.Minute)}
	}
	q := eventstore.FunnelQuery{SiteID: site.ID, Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/cart"}}, Window: 24 * time.Hour, Order: eventstore.FunnelOrdered,
		From: t0.AddDate(0, 0, -3), To: t0.AddDate(0, 0, 3)}
	users := func() []float64 {
		f, err := store.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		return []float64{f.Steps[0].Users, f.Steps[1].Users}
	}
	if err := store.WriteAll(batch("v1", "s1", pv("/", 0))); err != nil {
		t.Fatal(err)
	}
	if got := users(); got[0] != 1 || got[1] != 0 {
		t.Fatalf("before: %v, want [1 0]", got)
	}
	// Late: the same visitor's cart, and a second visitor on another closed day.
	if err := store.WriteAll(append(batch("v1", "s1", pv("/cart", 5)), batch("v2", "s2", pv("/", 24*60))...)); err != nil {
		t.Fatal(err)
	}
	if got := users(); got[0] != 2 || got[1] != 1 {
		t.Fatalf("after late events: %v, want [2 1]", got)
	}
}

// ClickHouse 18.16 computes now() once when it plans a query and again when it runs it; in a
// UNION ALL each branch's constant is checked against the planned one, so a read whose run
// crossed a second boundary failed with "Cannot convert column now because it is constant but
// values of constants are different" (ClickHouse issue 7100; a contract run hit it once). Here
// late_marks is a view that takes a second to read, so the read always crosses a second. (The
// materialized view late_marks_mv, also using now(), is not affected: 18.16 does not check a
// view's constants; an insert whose view spent 1.5 s in its WHERE, and 1M-row inserts running
// 11 to 19 s, went through.)
func TestClickHouseLateMarksReadAcrossASecond(t *testing.T) {
	store := openClickHouseStore(t).(*chStore)
	for _, sql := range []string{
		`RENAME TABLE late_marks TO late_marks_data`,
		`CREATE VIEW late_marks AS SELECT * FROM late_marks_data WHERE sleep(1) = 0`,
		`INSERT INTO late_marks_data VALUES ('slowsite', 1, now())`,
	} {
		if err := store.db.Exec(sql); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.dropLateFunnelDays("slowsite"); err != nil {
		t.Fatal(err)
	}
	if seen := store.late.sites["slowsite"]; seen == nil || len(seen.handled) != 1 {
		t.Fatalf("marks seen: %+v, want the one mark", seen)
	}
}
