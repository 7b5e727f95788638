package funneldays

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
)

func TestDayBoundsInAZone(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	at := time.Date(2026, 3, 8, 3, 30, 0, 0, time.UTC) // 22:30 on the 7th in New York
	if got := Label(FloorDay(at, ny)); got != "2026-03-07" {
		t.Fatalf("floor %s", got)
	}
	// The 8th is 23 hours long there (DST): the next day starts at midnight all the same.
	if got := NextDay(FloorDay(at.Add(24*time.Hour), ny)); got.Hour() != 0 || Label(got) != "2026-03-09" {
		t.Fatalf("next %s", got)
	}
	d := FloorDay(at, nil)
	if !CeilDay(d, nil).Equal(d) || !CeilDay(at, nil).Equal(NextDay(d)) {
		t.Fatalf("ceil")
	}
}

func TestSplitReadsClosedDaysFromTheCacheSide(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC) }
	q := eventstore.FunnelQuery{From: day(1).Add(6 * time.Hour), To: day(10), Window: time.Hour}
	var open, closed [][2]time.Time
	read := func(into *[][2]time.Time) PathsFunc {
		return func(q eventstore.FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error) {
			*into = append(*into, [2]time.Time{from, to})
			return map[string]funnelpath.Path{}, nil
		}
	}
	if _, err := Split(q, day(8).Add(12*time.Hour), read(&open), read(&closed)); err != nil {
		t.Fatal(err)
	}
	// Closed: whole days from the 2nd until the day before now's window and late margin end.
	if len(closed) != 1 || !closed[0][0].Equal(day(2)) || !closed[0][1].Equal(day(8)) {
		t.Fatalf("closed %v", closed)
	}
	if len(open) != 2 || !open[0][0].Equal(q.From) || !open[0][1].Equal(day(2)) || !open[1][0].Equal(day(8)) || !open[1][1].Equal(q.To) {
		t.Fatalf("open %v", open)
	}
}

func TestAttemptsEnterOncePerDay(t *testing.T) {
	at := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	evs := []funnelpath.Event{{At: at, Steps: 1, Session: "s1"}, {At: at.Add(time.Hour), Steps: 1, Session: "s1"},
		{At: at.Add(2 * time.Hour), Steps: 2, Session: "s1"}, {At: at.Add(24 * time.Hour), Steps: 1, Session: "s2"}}
	q := eventstore.FunnelQuery{Steps: make([]eventstore.FunnelStep, 2), Window: 3 * time.Hour}
	days := Attempts(q, map[string][]funnelpath.Event{"v": evs}, FloorDay(at, nil), FloorDay(at, nil).AddDate(0, 0, 3))
	if len(days) != 3 || days["2026-01-01"]["v"].Reached != 2 || days["2026-01-02"]["v"].Reached != 1 || len(days["2026-01-03"]) != 0 {
		t.Fatalf("%+v", days)
	}
}

func TestCacheDropBumpsTheGeneration(t *testing.T) {
	c := NewCache()
	k := CacheKey{Site: "a", Funnel: "f", Day: "2026-01-01"}
	gen := c.Generation("a")
	c.Drop("a")
	c.Put(k, 1, 1, gen) // read before the drop: not kept
	if _, ok := c.Get(k); ok {
		t.Fatal("kept a day read before a drop")
	}
	c.Put(k, 1, 1, c.Generation("a"))
	if v, ok := c.Get(k); !ok || v.(int) != 1 {
		t.Fatal("lost a day")
	}
}

// The cache's bound setting takes a positive whole number; anything else keeps the default.
func TestCacheItemsSetting(t *testing.T) {
	for setting, want := range map[string]int{"": 7, "abc": 7, "-5": 7, "0": 7, "2500000": 2_500_000} {
		if got := cacheItems(setting, 7); got != want {
			t.Errorf("CRO_FUNNEL_CACHE_ITEMS=%q: bound %d, want %d", setting, got, want)
		}
	}
}
