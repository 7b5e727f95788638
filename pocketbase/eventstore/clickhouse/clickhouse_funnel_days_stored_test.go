package clickhouse

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// A funnel's closed days worked out by one server are stored (funnel_days: attempts and step events): a server started
// afterwards (its memory empty) answers the same from them without working them out again, and a
// late event written after they were stored undoes them for every server.
func TestClickHouseStoredFunnelDaysReadAfterARestart(t *testing.T) {
	url := chDatabaseURL(t)
	first := storeAt(t, url)
	site := &eventstore.Site{ID: "storedsite", Key: "storedkey"}
	t0 := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	batch := func(visitor, session string, events ...eventstore.Event) []eventstore.Ingest {
		return []eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: "desktop"}}
	}
	pv := func(path string, minutes int) eventstore.Event {
		return eventstore.Event{Type: "pv", Path: path, At: t0.Add(time.Duration(minutes) * time.Minute)}
	}
	q := eventstore.FunnelQuery{SiteID: site.ID, Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/cart"}, {Page: "/paid"}},
		Window: 24 * time.Hour, Order: eventstore.FunnelOrdered, From: t0.AddDate(0, 0, -3), To: t0.AddDate(0, 0, 3)}
	if err := first.WriteAll(append(append(batch("v1", "s1", pv("/", 0), pv("/cart", 3), pv("/paid", 9)),
		batch("v2", "s2", pv("/", 60), pv("/cart", 62))...), batch("v3", "s3", pv("/", 24*60))...)); err != nil {
		t.Fatal(err)
	}
	// The events above were written late (their days are long over): their marks are taken back two
	// minutes, as if written that long before the days are worked out, beyond chLateMargin.
	for _, sql := range []string{`RENAME TABLE late_marks TO late_marks_then`, `CREATE TABLE late_marks AS late_marks_then`,
		`INSERT INTO late_marks SELECT site_id, since, written - 120 FROM late_marks_then`} {
		if err := first.db.Exec(sql); err != nil {
			t.Fatal(err)
		}
	}
	results := func(s *chStore) eventstore.FunnelFigures {
		t.Helper()
		f, err := s.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	bySource := q
	bySource.Breakdown = "source"
	breakdown := func(s *chStore) []eventstore.FunnelBreakdownFigures {
		t.Helper()
		f, err := s.FunnelResults(bySource)
		if err != nil {
			t.Fatal(err)
		}
		return f.Breakdown
	}
	stored := func() [3]int {
		t.Helper()
		r, err := first.db.QueryOne(`SELECT (SELECT count() FROM funnel_days WHERE site_id = 'storedsite' AND kind = 'attempts') AS days,
			(SELECT count() FROM funnel_days WHERE site_id = 'storedsite' AND kind = 'events') AS event_days,
			(SELECT count() FROM funnel_tallies WHERE site_id = 'storedsite' AND breakdown = 'source') AS tallies`)
		if err != nil {
			t.Fatal(err)
		}
		return [3]int{r.Int("days"), r.Int("event_days"), r.Int("tallies")}
	}
	// The breakdown first: a funnel read without one works out every breakdown's tally in the
	// background (warmBreakdowns), and the source tally's rows are counted here.
	wantRows := breakdown(first)
	want := results(first)
	if len(wantRows) != 1 || wantRows[0].Value != "Direct" || !reflect.DeepEqual(wantRows[0].Users, []float64{3, 2, 1}) {
		t.Fatalf("by source %+v, want Direct: 3 2 1", wantRows)
	}
	if got := []float64{want.Steps[0].Users, want.Steps[1].Users, want.Steps[2].Users}; !reflect.DeepEqual(got, []float64{3, 2, 1}) {
		t.Fatalf("users %v, want [3 2 1]", got)
	}
	// The range starts at 10:00: its partial first day's entrants are read from the event days of
	// their window, the whole days after it are attempts.
	rows := stored()
	if rows[0] == 0 || rows[1] == 0 || rows[2] == 0 {
		t.Fatalf("rows stored (funnel days, event days, source tally): %v", rows)
	}
	second := storeAt(t, url)
	if got := breakdown(second); !reflect.DeepEqual(got, wantRows) || stored() != rows {
		t.Fatalf("by source after a restart: %+v (%v rows stored), want %+v (%v rows)", got, stored(), wantRows, rows)
	}
	if got := results(second); !reflect.DeepEqual(got, want) || stored() != rows {
		t.Fatalf("after a restart: %+v (%v rows stored), want %+v (%v rows)", got, stored(), want, rows)
	}
	// Late: v3 reaches the cart on its closed day.
	if err := first.WriteAll(batch("v3", "s3", pv("/cart", 24*60+5))); err != nil {
		t.Fatal(err)
	}
	third := storeAt(t, url)
	if got := breakdown(third); len(got) != 1 || !reflect.DeepEqual(got[0].Users, []float64{3, 3, 1}) {
		t.Fatalf("by source after a late event, on a restarted server: %+v, want Direct: 3 3 1", got)
	}
	late := results(third)
	if got := []float64{late.Steps[0].Users, late.Steps[1].Users, late.Steps[2].Users}; !reflect.DeepEqual(got, []float64{3, 3, 1}) {
		t.Fatalf("after a late event, a restarted server's users %v, want [3 3 1]", got)
	}
}
