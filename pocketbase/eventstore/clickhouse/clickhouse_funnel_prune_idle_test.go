package clickhouse

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
)

// Stored tallies of ranges no view reads any more go, on rows the test writes itself: two ranges
// written over chTallyIdle ago and not read since (one with a replaced version) go, one range a
// pass (chPruneBatch 1), every version of it; an equally old range the pruning server read stays,
// and so do a range written recently and the old stored days (which have no such rule).
func TestClickHousePruneFunnelTalliesOfIdleRanges(t *testing.T) {
	store := openClickHouseStore(t).(*chStore)
	const site = "fidlesite000001"
	live := eventstore.FunnelQuery{SiteID: site, Window: 24 * time.Hour, Order: eventstore.FunnelOrdered,
		Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/cart"}}}
	key := funneldays.Key(live)
	late := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	L := uint32(late.Unix())
	idle := time.Now().UTC().Add(-chTallyIdle - 24*time.Hour).Format(time.DateTime)
	recent := time.Now().UTC().Add(-2 * 24 * time.Hour).Format(time.DateTime)
	insert := func(table string, rows ...any) {
		t.Helper()
		if err := store.db.Insert(table, rows); err != nil {
			t.Fatal(err)
		}
	}
	insert("late_marks", map[string]any{"site_id": site, "since": 0, "written": late.Format(time.DateTime)})
	tally := func(from, to string, basis uint32, written string, values ...string) []any {
		out := []any{}
		for _, v := range values {
			out = append(out, map[string]any{"site_id": site, "funnel": key, "breakdown": "source", "closed_from": from, "closed_to": to,
				"basis": basis, "value": v, "users": []float64{2, 1}, "written": written})
		}
		return out
	}
	insert("funnel_tallies", tally("2026-01-01", "2026-02-01", L+100, idle, "", "bing")...)   // idle, replaced
	insert("funnel_tallies", tally("2026-01-01", "2026-02-01", L+200, idle, "", "google")...) // idle
	insert("funnel_tallies", tally("2026-01-02", "2026-02-02", L+200, idle, "", "duck")...)   // idle
	insert("funnel_tallies", tally("2026-01-03", "2026-02-03", L+200, idle, "", "read")...)   // old, read by the pruning server
	insert("funnel_tallies", tally("2026-01-04", "2026-02-04", L+200, recent, "", "new")...)  // written recently
	insert("funnel_days", map[string]any{"site_id": site, "funnel": key, "kind": chAttemptDays, "d": "2026-01-05", "basis": L + 200,
		"visitor": "", "written": idle, "reached": 0, "times": []float64{}, "masks": []uint16{}, "sessions": []string{}})

	chPruneBatch = 1
	t.Cleanup(func() { chPruneBatch = 500 })
	other, _ := recordedServer(store)
	other.DefineFunnels(func(string) ([]eventstore.FunnelQuery, error) { return []eventstore.FunnelQuery{live}, nil })
	// The pruning server reads the third range's tally (a view of those days).
	parts := funneldays.Parts{Closed: map[string]funnelpath.Path{"v": {Reached: 1}},
		ClosedFrom: time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC), ClosedTo: time.Date(2026, 2, 3, 0, 0, 0, 0, time.UTC)}
	got, err := other.closedTallies(other.db, live, parts, []int{slices.Index(funnelpath.Breakdowns, "source")}, other.dayCache.Generation(site))
	if err != nil {
		t.Fatal(err)
	}
	if want := (funnelpath.ValueTally{"read": {2, 1}}); !reflect.DeepEqual(got[0], want) {
		t.Fatalf("the read range's stored tally = %v, want %v", got[0], want)
	}
	rows := func() []string {
		t.Helper()
		return rowsAfterDeletes(t, store, `SELECT concat(toString(closed_from), ' ', toString(basis - {:l}), ' ', value) AS r
			FROM funnel_tallies WHERE site_id = {:site} ORDER BY r`, map[string]any{"site": site, "l": int64(L)})
	}
	all := []string{"2026-01-01 100 ", "2026-01-01 100 bing", "2026-01-01 200 ", "2026-01-01 200 google", "2026-01-02 200 ", "2026-01-02 200 duck",
		"2026-01-03 200 ", "2026-01-03 200 read", "2026-01-04 200 ", "2026-01-04 200 new"}
	for pass, want := range [][]string{all[4:], all[6:], all[6:]} {
		if err := other.pruneFunnelStores(site); err != nil {
			t.Fatal(err)
		}
		if got := rows(); !reflect.DeepEqual(got, want) {
			t.Fatalf("tallies after pass %d\n got %q\nwant %q", pass+1, got, want)
		}
	}
	days := rowsAfterDeletes(t, store, `SELECT toString(d) AS r FROM funnel_days WHERE site_id = {:site}`, map[string]any{"site": site})
	if !reflect.DeepEqual(days, []string{"2026-01-05"}) {
		t.Errorf("stored days after the passes = %q, want the old day kept", days)
	}
}
