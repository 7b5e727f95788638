package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
	"cro/pocketbase/eventstore/storetest"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"time"
)

// Funnel days must never change an answer: every query is compared with the same query computed
// from raw events alone, cold (days computed and stored), warm (days read back), and after late
// events that change stored days.

// Late March: Los Angeles moved its clocks on March 8, inside the queried ranges.
var funnelDaysNow = time.Date(2026, 3, 27, 15, 30, 0, 0, time.UTC)

// randomFunnelTraffic writes visitors browsing the funnel's pages over the 45 days before now.
func randomFunnelTraffic(t *testing.T, store eventstore.Store, rng *rand.Rand, visitors int, prefix string, span time.Duration) {
	site := storetest.Site(storetest.SiteA)
	paths := []string{"/", "/product/1", "/product/2", "/cart", "/thank-you", "/about"}
	devices := []string{"desktop", "mobile", "tablet"}
	var batch []eventstore.Ingest
	for v := 0; v < visitors; v++ {
		start := funnelDaysNow.Add(-time.Duration(rng.Int63n(int64(span))))
		for s := 0; s < 1+rng.Intn(3); s++ {
			when := start.Add(time.Duration(rng.Intn(96)) * time.Hour)
			if when.After(funnelDaysNow) {
				continue
			}
			var evs []eventstore.Event
			for p := 0; p < 1+rng.Intn(5); p++ {
				when = when.Add(time.Duration(1+rng.Intn(600)) * time.Second)
				evs = append(evs, storetest.At(eventstore.Event{Type: "pv", Path: paths[rng.Intn(len(paths))]}, when))
			}
			batch = append(batch, eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: fmt.Sprintf("%sv%05d", prefix, v),
				Session: fmt.Sprintf("%ss%05d%d", prefix, v, s), Events: evs}, Device: devices[rng.Intn(len(devices))], Browser: "Chrome",
				Country: "DE"})
		}
	}
	if err := store.WriteAll(batch); err != nil {
		t.Fatal(err)
	}
}

func funnelDaysQueries() []eventstore.FunnelQuery {
	steps := []eventstore.FunnelStep{{Page: "/"}, {Page: "/product/*"}, {Page: "/cart"}, {Goal: "goalpurchase"}}
	var out []eventstore.FunnelQuery
	// UTC, a zone behind it with a DST change in the range, and one with a half-hour offset.
	for _, zone := range []*time.Location{nil, mustZone("America/Los_Angeles"), mustZone("Asia/Kolkata")} {
		day := func(d int) time.Time { return funneldays.FloorDay(funnelDaysNow, zone).AddDate(0, 0, d) }
		for _, order := range []eventstore.FunnelOrder{eventstore.FunnelOrdered, eventstore.FunnelStrict, eventstore.FunnelAnyOrder} {
			for _, window := range []time.Duration{24 * time.Hour, 7 * 24 * time.Hour} {
				out = append(out,
					eventstore.FunnelQuery{SiteID: storetest.SiteA, Steps: steps, Order: order, Window: window, From: day(-29), To: day(1), Breakdown: funnelpath.BreakdownDevice,
						Zone: zone},
					eventstore.FunnelQuery{SiteID: storetest.SiteA, Steps: steps, Order: order, Window: window, From: day(-40), To: day(-20), Zone: zone},
					// Not on day boundaries: the partial days at both ends come from raw events.
					eventstore.FunnelQuery{SiteID: storetest.SiteA, Steps: steps[:3], Order: order, Window: window, From: day(-35).Add(7 * time.Hour),
						To: day(-3).Add(13 * time.Hour), Breakdown: funnelpath.BreakdownCountry, Zone: zone},
				)
			}
		}
	}
	return out
}

func mustZone(name string) *time.Location {
	z, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return z
}

func checkFunnelDays(t *testing.T, s *sqliteStore, stage string) {
	t.Helper()
	for i, q := range funnelDaysQueries() {
		got, err := s.funnelPaths(q)
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.rawFunnelPaths(q, q.From, q.To)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 {
			t.Fatalf("%s query %d: no entrants; the traffic does not exercise it", stage, i)
		}
		for v := range got {
			p := got[v]
			p.Dims = nil // raw attempts carry no breakdown values
			got[v] = p
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s query %d (%s, window %v): %d entrants with funnel days, %d from raw events", stage, i, q.Order, q.Window, len(got), len(want))
		}
		fig, err := s.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		if fig.Steps[0].Users != float64(len(want)) {
			t.Errorf("%s query %d: %v entrants, want %d", stage, i, fig.Steps[0].Users, len(want))
		}
		if q.Breakdown != "" {
			// The breakdown's values as read from the sessions table now (no cache).
			var sessions []string
			for _, p := range want {
				sessions = append(sessions, p.Sessions[0])
			}
			dims, err := s.readSessionDims(q.SiteID, sessions)
			if err != nil {
				t.Fatal(err)
			}
			dim := slices.Index(funnelpath.Breakdowns, q.Breakdown)
			rows := funnelpath.BreakdownRows(want, func(p funnelpath.Path) string { return funnelpath.DimOrUnknown(dims[p.Sessions[0]], dim) }, len(q.Steps))
			if len(rows) == 0 || !reflect.DeepEqual(fig.Breakdown, rows) {
				t.Errorf("%s query %d: breakdown %v, from raw events %v", stage, i, fig.Breakdown, rows)
			}
		}
	}
}

func TestFunnelDaysAnswerAsRawEvents(t *testing.T) {
	s := openSQLiteStore(t, storetest.SiteA).(*sqliteStore)
	s.now = func() time.Time { return funnelDaysNow }
	rng := rand.New(rand.NewSource(7))
	randomFunnelTraffic(t, s, rng, 600, "a", 45*24*time.Hour)
	checkFunnelDays(t, s, "cold")
	var stored int
	if err := s.app.DB().NewQuery(`SELECT COUNT(*) FROM funnel_days`).Row(&stored); err != nil || stored == 0 {
		t.Fatalf("no funnel days stored (%d, %v)", stored, err)
	}
	checkFunnelDays(t, s, "warm")

	// Late events: visitors of closed days come back within their windows and go further.
	randomFunnelTraffic(t, s, rng, 300, "a", 40*24*time.Hour)
	var late int
	if err := s.app.DB().NewQuery(`SELECT COUNT(*) FROM funnel_late`).Row(&late); err != nil || late != 1 {
		t.Fatalf("late events not noted (%d, %v)", late, err)
	}
	checkFunnelDays(t, s, "after late events")
	if err := s.app.DB().NewQuery(`SELECT COUNT(*) FROM funnel_late`).Row(&late); err != nil || late != 0 {
		t.Fatalf("the late mark was not handled (%d, %v)", late, err)
	}

	// Retention deletes events and sessions of days the queries hold in memory: the answers are
	// then those of a store that never held them (retention keeps the stored days from the
	// cutoff's day on, which still count what was deleted: both stores read them).
	if err := s.PruneSite(storetest.SiteA, funnelDaysNow.Add(-25*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	cold := &sqliteStore{app: s.app, w: s.w, now: s.now, dayCache: funneldays.NewCache(), sessionDimsCache: newSessionDimsCache()}
	for i, q := range funnelDaysQueries() {
		got, err := s.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		want, err := cold.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		if want.Steps[0].Users == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("after retention query %d: %+v, from a cold store %+v", i, got, want)
		}
	}
}

// A day whose entrants' windows are not over is never stored.
func TestFunnelDaysStoreOnlyClosedDays(t *testing.T) {
	s := openSQLiteStore(t, storetest.SiteA).(*sqliteStore)
	s.now = func() time.Time { return funnelDaysNow }
	randomFunnelTraffic(t, s, rand.New(rand.NewSource(3)), 200, "c", 20*24*time.Hour)
	q := funnelDaysQueries()[0] // 30 days, window 1 day
	if _, err := s.FunnelResults(q); err != nil {
		t.Fatal(err)
	}
	var last string
	if err := s.app.DB().NewQuery(`SELECT MAX(day) FROM funnel_days`).Row(&last); err != nil {
		t.Fatal(err)
	}
	// now is March 27 15:30 UTC: March 25 ended 24 h + 1 h before March 26 01:00, March 26 has not.
	if last != "2026-03-25" {
		t.Errorf("last stored day %s, want 2026-03-25", last)
	}
}

func TestFunnelDayCodecRoundTrip(t *testing.T) {
	t0 := time.Date(2026, 5, 1, 10, 0, 0, 123e6, time.UTC)
	paths := map[string]funnelpath.Path{
		"v1": {Reached: 3, Times: []time.Time{t0, t0.Add(time.Minute), t0.Add(2 * time.Hour)}, Sessions: []string{"s1", "s1", "s2"},
			Dims: []string{"mobile", "Safari", "", "Google", "/"}},
		"v2": {Reached: 1, Times: []time.Time{t0.Add(-time.Hour)}, Sessions: []string{"s3"}, Dims: []string{"", "", "", "", ""}},
	}
	blob := encodeFunnelDay(paths)
	got, err := decodeFunnelDay(blob)
	if err != nil || !reflect.DeepEqual(got, paths) {
		t.Fatalf("round trip: %v %+v", err, got)
	}
	for _, bad := range [][]byte{nil, {9}, blob[:len(blob)-1], append(append([]byte{}, blob...), 0)} {
		if _, err := decodeFunnelDay(bad); err == nil {
			t.Errorf("malformed blob %v decoded", bad)
		}
	}
}

func TestParseDBTimeMatchesTimeParse(t *testing.T) {
	for _, s := range []string{"2026-01-02 03:04:05.006Z", "2024-02-29 23:59:59.999Z", "2026-11-23 00:00:00.000Z", "2026-1-02 03:04:05.006Z",
		"2026-13-02 03:04:05.006Z", "not a time at all......Z"} {
		got, err := parseDBTime(s)
		want, werr := time.Parse(dbTimeLayout, s)
		if (err == nil) != (werr == nil) || !got.Equal(want) {
			t.Errorf("%q: %v %v, time.Parse %v %v", s, got, err, want, werr)
		}
	}
}
