package clickhouse

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// A stored day written in several inserts reads back as the same day written in one, and a reader
// between the inserts sees the day's previous version whole, never a part of the new one.
func TestClickHouseStoredDayWrittenInChunks(t *testing.T) {
	s := storeAt(t, chDatabaseURL(t))
	q := eventstore.FunnelQuery{SiteID: "chunkedsite"}
	const day = "2026-03-01"
	version := func(tag string, n int) map[string]chStoredDayRow {
		out := map[string]chStoredDayRow{}
		for i := range n {
			v := fmt.Sprintf("%s-v%d", tag, i)
			r := chStoredDayRow{Day: day, Visitor: v, Reached: i % 3, Times: []float64{}, Masks: []uint16{}, Sessions: []string{}}
			for j := range i % 4 { // a visitor with no times too: its arrays are left to their defaults
				r.Times = append(r.Times, float64(1772323200000+i*1000+j))
				r.Sessions = append(r.Sessions, fmt.Sprintf("%s-s%d", v, j))
			}
			out[v] = r
		}
		return out
	}
	rowsOf := func(vs map[string]chStoredDayRow) func(string, func(chFunnelDayRow) error) error {
		return func(_ string, put func(chFunnelDayRow) error) error {
			for v, r := range vs {
				if err := put(chFunnelDayRow{Visitor: v, Reached: r.Reached, Times: r.Times, Sessions: r.Sessions}); err != nil {
					return err
				}
			}
			return nil
		}
	}
	read := func(key string) map[string]chStoredDayRow {
		t.Helper()
		out := map[string]chStoredDayRow{}
		days, err := storedDays(s.db, chAttemptDays, q, key, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC), func(r *chStoredDayRow) {
			out[r.Visitor] = *r
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(days) == 0 {
			return nil
		}
		return out
	}
	insert := func(body []byte) error { return s.db.InsertEncoded("funnel_days", [][]byte{body}) }
	before, after := version("old", 7), version("new", 11)
	defer func(n int) { chFunnelDaysInsertRows = n }(chFunnelDaysInsertRows)

	// One insert each: the old version, and the new one under another funnel key.
	if err := storeDaysBy(insert, chAttemptDays, q, "chunked", 100, []string{day}, rowsOf(before)); err != nil {
		t.Fatal(err)
	}
	if err := storeDaysBy(insert, chAttemptDays, q, "once", 200, []string{day}, rowsOf(after)); err != nil {
		t.Fatal(err)
	}
	if got := read("chunked"); !reflect.DeepEqual(got, before) {
		t.Fatalf("old version read back as %+v", got)
	}
	once := read("once")
	if !reflect.DeepEqual(once, after) {
		t.Fatalf("a day written at once read back as %+v, want %+v", once, after)
	}
	// The new version over the old in inserts of 3 rows: 12 rows (11 and the mark) in 4 inserts.
	chFunnelDaysInsertRows = 3
	inserts := 0
	between := func(body []byte) error {
		if err := insert(body); err != nil {
			return err
		}
		if inserts++; inserts < 4 {
			if got := read("chunked"); !reflect.DeepEqual(got, before) {
				t.Errorf("after insert %d of 4 a reader saw %d rows %v, want the old version whole", inserts, len(got), got)
			}
		}
		return nil
	}
	if err := storeDaysBy(between, chAttemptDays, q, "chunked", 200, []string{day}, rowsOf(after)); err != nil {
		t.Fatal(err)
	}
	if inserts != 4 {
		t.Fatalf("%d inserts, want 4", inserts)
	}
	if got := read("chunked"); !reflect.DeepEqual(got, once) {
		t.Fatalf("a day written in chunks read back as %+v, want as written at once %+v", got, once)
	}
}
