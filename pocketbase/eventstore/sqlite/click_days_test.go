package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/storetest"
	"fmt"
	"math/rand"
	"reflect"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

// Click days must never change an answer: every click map is compared with the same click map
// computed from the range's raw events alone (clickmap_reference_test.go), cold (days computed
// and stored), warm (days read back), after late events that change stored days, and after
// retention cut a day in two.

var clickDaysNow = time.Date(2026, 3, 27, 15, 30, 0, 0, time.UTC)

var clickDaysSelectors = []struct{ sel, text string }{{"button#buy", "Buy"}, {"a.cta", "Start"}, {"a.cta", "Start now"},
	{"main>div.hero", ""}, {"main>p", ""}}

// clickDaysTraffic writes sessions clicking /pricing over the days before now: most at random
// times, some in quick bursts a second or two around a UTC midnight (rage bursts and dead clicks
// whose next page view is on the next day), at desktop and mobile widths.
func clickDaysTraffic(t *testing.T, store eventstore.Store, rng *rand.Rand, sessions int, prefix string, span time.Duration) {
	site := storetest.Site(storetest.SiteA)
	var batch []eventstore.Ingest
	for n := 0; n < sessions; n++ {
		when := clickDaysNow.Add(-time.Duration(rng.Int63n(int64(span))))
		if n%3 == 0 {
			// Around a midnight: the clicks and page views below start a second or two before it.
			when = funneldays.FloorDay(when, time.UTC).Add(-time.Duration(500+rng.Intn(2500)) * time.Millisecond)
		}
		width := []float64{1280, 1440, 390}[rng.Intn(3)]
		evs := []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/pricing"}, when)}
		for c := 0; c < 1+rng.Intn(8); c++ {
			when = when.Add(time.Duration(100+rng.Intn(900)) * time.Millisecond)
			if rng.Intn(6) == 0 {
				when = when.Add(time.Duration(rng.Intn(3000)) * time.Millisecond)
			}
			if when.After(clickDaysNow) {
				break
			}
			target := clickDaysSelectors[rng.Intn(len(clickDaysSelectors))]
			ox, oy := float64(rng.Intn(1001))/1000, float64(rng.Intn(1001))/1000
			if rng.Intn(10) == 0 {
				ox = 1 // the last bin
			}
			evs = append(evs, storetest.At(eventstore.Event{Type: "ck", Path: "/pricing", Selector: target.sel, Text: target.text, OffsetX: ox, OffsetY: oy,
				Viewport: width, X: 1, Y: 1}, when))
			if rng.Intn(4) == 0 {
				// A navigation within the dead-click window, or just after it.
				evs = append(evs, storetest.At(eventstore.Event{Type: "pv", Path: "/"}, when.Add(time.Duration(200+rng.Intn(1200))*time.Millisecond)))
			}
		}
		batch = append(batch, eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: fmt.Sprintf("%sv%05d", prefix, n),
			Session: fmt.Sprintf("%ss%05d", prefix, n), Events: evs}, Device: "desktop", Browser: "Chrome"})
	}
	if err := store.WriteAll(batch); err != nil {
		t.Fatal(err)
	}
}

func clickDaysQueries() []eventstore.HeatmapQuery {
	midnight := funneldays.FloorDay(clickDaysNow, time.UTC)
	var out []eventstore.HeatmapQuery
	for _, device := range []string{"desktop", "mobile"} {
		q := func(from, to time.Time) eventstore.HeatmapQuery {
			return eventstore.HeatmapQuery{SiteID: storetest.SiteA, Path: "/pricing", Device: device, From: from, To: to}
		}
		out = append(out,
			// The route's: the last N x 24 h, to a minute ahead.
			q(clickDaysNow.Add(-8*24*time.Hour), clickDaysNow.Add(time.Minute)),
			q(clickDaysNow.Add(-3*24*time.Hour), clickDaysNow.Add(time.Minute)),
			// From a midnight, from a second before one (inside a burst's reach), to a closed day's end.
			q(midnight.AddDate(0, 0, -6), clickDaysNow),
			q(midnight.AddDate(0, 0, -5).Add(-time.Second), midnight.AddDate(0, 0, -2)),
			q(midnight.AddDate(0, 0, -4).Add(-1500*time.Millisecond), midnight.AddDate(0, 0, -1).Add(700*time.Millisecond)),
			// Within one day, and the open day alone.
			q(midnight.AddDate(0, 0, -3).Add(2*time.Hour), midnight.AddDate(0, 0, -3).Add(20*time.Hour)),
			q(midnight, clickDaysNow.Add(time.Minute)),
		)
	}
	return out
}

func checkClickDays(t *testing.T, s *sqliteStore, stage string) {
	t.Helper()
	rage, dead := 0, 0
	for i, q := range clickDaysQueries() {
		want, err := referenceClickMap(s, q)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.ClickMap(q)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s query %d (%s, %s to %s):\n got %+v\nwant %+v", stage, i, q.Device, q.From, q.To, got, want)
		}
		for _, e := range want.Elements {
			rage += e.RageClicks
			dead += e.DeadClicks
		}
	}
	if rage == 0 || dead == 0 {
		t.Fatalf("%s: %d rage bursts, %d dead clicks: the traffic does not exercise them", stage, rage, dead)
	}
}

func countRows(t *testing.T, s *sqliteStore, sql string) (n int) {
	t.Helper()
	if err := s.app.DB().NewQuery(sql).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestClickDaysAnswerAsRawEvents(t *testing.T) {
	s := openSQLiteStore(t, storetest.SiteA).(*sqliteStore)
	s.now = func() time.Time { return clickDaysNow }
	rng := rand.New(rand.NewSource(11))
	clickDaysTraffic(t, s, rng, 1500, "a", 9*24*time.Hour)
	checkClickDays(t, s, "cold")
	// Days stored: the closed ones only (today and yesterday evening's are open until 01:00:01).
	if n := countRows(t, s, `SELECT COUNT(*) FROM click_days WHERE day >= '2026-03-27'`); n != 0 {
		t.Fatalf("%d open days stored", n)
	}
	stored := countRows(t, s, `SELECT COUNT(*) FROM click_days`)
	if stored == 0 {
		t.Fatal("no click days stored")
	}
	checkClickDays(t, s, "warm")
	if n := countRows(t, s, `SELECT COUNT(*) FROM click_days`); n != stored {
		t.Fatalf("warm queries stored %d days more", n-stored)
	}

	// Late events on closed days: new sessions, and page views that make stored dead clicks live.
	before, err := referenceClickMap(s, clickDaysQueries()[0])
	if err != nil {
		t.Fatal(err)
	}
	clickDaysTraffic(t, s, rng, 300, "late", 6*24*time.Hour)
	var revive []eventstore.Ingest
	rows, err := s.app.DB().NewQuery(`SELECT session, ts FROM events WHERE type = 'click' AND ts < {:before} LIMIT 200`).
		Bind(dbx.Params{"before": eventTime(time.Date(2026, 3, 25, 0, 0, 0, 0, time.UTC))}).Rows()
	if err != nil {
		t.Fatal(err)
	}
	site := storetest.Site(storetest.SiteA)
	for rows.Next() {
		var session string
		var ts int64
		if err := rows.Scan(&session, &ts); err != nil {
			t.Fatal(err)
		}
		clickAt := eventAt(ts)
		revive = append(revive, eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "revive", Session: session,
			Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/about"}, clickAt.Add(300*time.Millisecond))}}, Device: "desktop"})
	}
	rows.Close()
	if err := s.WriteAll(revive); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, s, `SELECT COUNT(*) FROM click_late`); n != 1 {
		t.Fatalf("late events not noted (%d marks)", n)
	}
	if after, _ := referenceClickMap(s, clickDaysQueries()[0]); reflect.DeepEqual(after, before) {
		t.Fatal("the late events changed nothing: the test would not see stale days")
	}
	checkClickDays(t, s, "after late events")
	if n := countRows(t, s, `SELECT COUNT(*) FROM click_late`); n != 0 {
		t.Fatalf("the late mark was not handled (%d)", n)
	}

	// Retention cuts a stored day in two: the rest of it is computed again.
	if err := s.PruneSite(storetest.SiteA, funneldays.FloorDay(clickDaysNow, time.UTC).AddDate(0, 0, -5).Add(13*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, s, `SELECT COUNT(*) FROM click_days WHERE day <= '2026-03-22'`); n != 0 {
		t.Fatalf("%d click days left before the retention cutoff", n)
	}
	checkClickDays(t, s, "after retention")
}

// The blob round-trips, and a damaged one is refused rather than misread.
func TestClickDayCodec(t *testing.T) {
	d := &clickDay{Cells: []clickmap.Cell{{Selector: "a.cta", BX: -3, BY: 19, Clicks: 7, Text: "Start"}, {Selector: "a.cta", BX: 0, BY: 0, Clicks: 1},
		{Selector: "main>p", BX: 19, BY: 2, Clicks: 300}}, Rage: map[string]int{"main>p": 2}, Dead: map[string]int{"main>p": 120}}
	blob := encodeClickDay(d)
	got, err := decodeClickDay(blob)
	if err != nil || !reflect.DeepEqual(got, d) {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	for _, bad := range [][]byte{nil, {9}, blob[:len(blob)-1], append(append([]byte{}, blob...), 0)} {
		if _, err := decodeClickDay(bad); err == nil {
			t.Errorf("%v decoded", bad)
		}
	}
}
