package clickhouse

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// A segment read back gives every whole record; a record cut anywhere (a crash mid-append, never
// acknowledged), corrupted, or followed by zeros (a file whose size grew before its data) ends
// the segment there.
func TestSpoolSegmentTornWrites(t *testing.T) {
	var recs [][]byte
	for i, site := range []string{"site0000000000a", "site0000000000b", "site0000000000c"} {
		j := &chJob{site: site, rows: []any{map[string]any{"site_id": site, "seq": i}, map[string]any{"site_id": site, "seq": i + 10}},
			outcomes: []any{map[string]any{"visitor": "v"}}, counters: []any{chCounter(site, "2026-03-10", "bot_hits")}}
		rec, err := encodeWALRecord(j)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	all := bytes.Join(recs, nil)
	got, torn := decodeWALSegment(all)
	if len(got) != 3 || torn != 0 || got[1].site != "site0000000000b" || got[1].nEvents != 2 ||
		!bytes.Equal(got[2].events, []byte("{\"seq\":2,\"site_id\":\"site0000000000c\"}\n{\"seq\":12,\"site_id\":\"site0000000000c\"}\n")) {
		t.Fatalf("whole segment: %d records, %d torn, %+v", len(got), torn, got)
	}
	whole := len(recs[0]) + len(recs[1])
	for cut := whole + 1; cut < len(all); cut++ {
		if got, torn := decodeWALSegment(all[:cut]); len(got) != 2 || torn != cut-whole {
			t.Fatalf("cut at %d: %d records, %d torn; want 2 and %d", cut, len(got), torn, cut-whole)
		}
	}
	for _, at := range []int{whole + 3, whole + 9, len(all) - 1} {
		bad := bytes.Clone(all)
		bad[at] ^= 0x20
		if got, _ := decodeWALSegment(bad); len(got) != 2 {
			t.Errorf("a corrupted byte at %d: %d records, want 2", at, len(got))
		}
	}
	if got, torn := decodeWALSegment(append(bytes.Clone(all), make([]byte, 4096)...)); len(got) != 3 || torn != 4096 {
		t.Errorf("zeros after the records: %d records, %d torn", len(got), torn)
	}
}

// spoolWhileDown acknowledges batches with ClickHouse unreachable, then stops: their segments are
// left in dir, as a kill -9 would leave them.
func spoolWhileDown(t *testing.T, dir string, in []eventstore.Ingest) int64 {
	t.Helper()
	down, _ := Open("http://127.0.0.1:1/?database=nowhere")
	s := newCHStore(down)
	s.wal = newCHWAL(dir)
	s.Start()
	for _, x := range in {
		if err := s.Submit(x); err != nil {
			t.Fatalf("a batch was refused although it could be spooled: %v", err)
		}
	}
	s.Stop()
	if n, _ := filepath.Glob(filepath.Join(dir, "seg-*.wal")); len(n) == 0 {
		t.Fatal("nothing spooled")
	}
	return s.wal.stats.Acknowledged.Load()
}

func startSpooled(t *testing.T, dbURL, dir string) *chStore {
	t.Helper()
	db, _ := Open(dbURL)
	s := newCHStore(db)
	s.wal = newCHWAL(dir)
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// What was acknowledged while ClickHouse was away is inserted at the next start, before anything
// new; a torn record at the end of a segment (never acknowledged) is skipped and counted.
func TestSpoolReplaysAtStart(t *testing.T) {
	dbURL := chDatabaseURL(t)
	if _, err := NewClickHouseStore(dbURL); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	acked := spoolWhileDown(t, dir, storetest.Traffic())
	segs, _ := filepath.Glob(filepath.Join(dir, "seg-*.wal"))
	f, err := os.OpenFile(segs[len(segs)-1], os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write([]byte{200, 0, 0, 0, 1, 2, 3}) // a record's header, then the crash
	f.Close()

	back := startSpooled(t, dbURL, dir)
	if got := back.wal.stats.Inserted.Load(); got != acked {
		t.Errorf("inserted %d of %d acknowledged events", got, acked)
	}
	if back.wal.stats.TornBytes.Load() != 7 {
		t.Errorf("torn bytes = %d, want 7", back.wal.stats.TornBytes.Load())
	}
	if got, _ := back.Totals(storetest.SiteA, eventstore.DayRange{From: storetest.Day, To: storetest.Day}); got.Sessions != 5 || got.Pageviews != 7 {
		t.Errorf("after the replay today's totals = %+v, want 5 sessions and 7 page views", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "seg-*.wal")); len(left) != 0 {
		t.Errorf("segments left after their insert: %v", left)
	}
}

// A crash after a segment's insert and before its deletion, or between its tables' inserts,
// inserts no event twice: the segment's first row of each table is looked up first. Its counters
// are sent at least once, and counted so.
func TestSpoolCrashBetweenInsertAndDelete(t *testing.T) {
	dir := t.TempDir()
	acked := spoolWhileDown(t, dir, storetest.ExperimentTraffic())
	saved := map[string][]byte{}
	segs, _ := filepath.Glob(filepath.Join(dir, "seg-*.wal"))
	for _, p := range segs {
		saved[p], _ = os.ReadFile(p)
	}
	restore := func() {
		for p, b := range saved {
			if err := os.WriteFile(p, b, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	results := func(s *chStore) ([]eventstore.VariantFigures, float64) {
		r, err := s.ExperimentResults(eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"})
		if err != nil {
			t.Fatal(err)
		}
		tot, _ := s.Totals(storetest.SiteA, eventstore.DayRange{From: storetest.Day, To: storetest.Day})
		return r.Variants, tot.DroppedExposures
	}

	// The whole insert happened, the deletion did not.
	whole := chDatabaseURL(t)
	if _, err := NewClickHouseStore(whole); err != nil {
		t.Fatal(err)
	}
	first := startSpooled(t, whole, dir)
	want, _ := results(first)
	if len(want) != 2 || countEvents(t, whole, storetest.SiteA) != int(acked) {
		t.Fatalf("first insert: %+v, %d events of %d", want, countEvents(t, whole, storetest.SiteA), acked)
	}
	restore()
	again := startSpooled(t, whole, dir)
	if n := countEvents(t, whole, storetest.SiteA); n != int(acked) {
		t.Errorf("%d events after the replay of inserted segments, want %d", n, acked)
	}
	if again.wal.stats.Skipped.Load() != acked || again.wal.stats.Inserted.Load() != 0 {
		t.Errorf("skipped %d and inserted %d events, want %d and 0", again.wal.stats.Skipped.Load(), again.wal.stats.Inserted.Load(), acked)
	}
	if got, dropped := results(again); !reflect.DeepEqual(got, want) || dropped < 2 || again.wal.stats.CountersAtLeastOnce.Load() == 0 {
		t.Errorf("after the replay: %+v, dropped exposures %v, counters at least once %d", got, dropped, again.wal.stats.CountersAtLeastOnce.Load())
	}

	// Only the events were inserted when the collector died.
	partial := chDatabaseURL(t)
	if _, err := NewClickHouseStore(partial); err != nil {
		t.Fatal(err)
	}
	db, _ := Open(partial)
	for _, b := range saved {
		recs, _ := decodeWALSegment(b)
		var events [][]byte
		for _, r := range recs {
			events = append(events, r.events)
		}
		if err := db.InsertEncoded("events", events); err != nil {
			t.Fatal(err)
		}
	}
	restore()
	rest := startSpooled(t, partial, dir)
	if n := countEvents(t, partial, storetest.SiteA); n != int(acked) {
		t.Errorf("%d events, want %d", n, acked)
	}
	if got, dropped := results(rest); !reflect.DeepEqual(got, want) || dropped != 2 {
		t.Errorf("outcomes after the events alone were in: %+v (want %+v), dropped exposures %v", got, want, dropped)
	}
}

// Segments a collector could not insert at start (ClickHouse still away) are retried in the
// background once it is back, with no new batch to wake the inserter.
func TestSpoolRetriesWhatStartCouldNotInsert(t *testing.T) {
	dbURL := chDatabaseURL(t)
	if _, err := NewClickHouseStore(dbURL); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	acked := spoolWhileDown(t, dir, storetest.Traffic())
	proxy := newSwitchProxy(t, strings.TrimSuffix(strings.TrimPrefix(chServer.URL(), "http://"), "/"))
	back := startSpooled(t, "http://"+proxy.Addr()+"/?"+strings.SplitN(dbURL, "?", 2)[1], dir)
	if back.wal.stats.Inserted.Load() != 0 {
		t.Fatal("inserted while ClickHouse was away")
	}
	proxy.Up.Store(true)
	for deadline := time.Now().Add(10 * time.Second); back.wal.stats.Inserted.Load() < acked && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if got, _ := back.Totals(storetest.SiteA, eventstore.DayRange{From: storetest.Day, To: storetest.Day}); back.wal.stats.Inserted.Load() != acked || got.Pageviews != 7 {
		t.Errorf("%d of %d acknowledged events inserted once ClickHouse was back; today's totals %+v", back.wal.stats.Inserted.Load(), acked, got)
	}
}

// The main server's store (NewSpooledStore) acknowledges from its spool as a collector does, and
// a read right after an acknowledgement sees the batch (the open segment is sealed and inserted
// first): a server conversion finds the page view's session, the dashboard the visit.
func TestSpooledStoreReadsWhatItAcknowledged(t *testing.T) {
	st, err := NewSpooledStore(chDatabaseURL(t), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*chStore)
	s.Start()
	defer s.Stop()
	site := &eventstore.Site{ID: "rywsite", Key: "rywkey"}
	count := func() int {
		r, err := s.Client().QueryOne(`SELECT count() AS n FROM events WHERE site_id = 'rywsite'`)
		if err != nil {
			t.Fatal(err)
		}
		return r.Int("n")
	}
	for i := 1; i <= 5; i++ {
		b := &eventstore.Batch{Key: site.Key, Visitor: fmt.Sprintf("v%d", i), Session: fmt.Sprintf("s%d", i),
			Events: []eventstore.Event{{Type: "pv", Path: "/", At: time.Now()}}}
		if err := s.Submit(eventstore.Ingest{Site: site, Batch: b, Device: "desktop"}); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != i {
			t.Fatalf("after %d acknowledged batches a read saw %d events", i, n)
		}
	}
	if err := s.Submit(eventstore.Ingest{Site: site, Conversion: &eventstore.ServerConversion{Visitor: "v5", Goal: "signup", At: time.Now()}}); err != nil {
		t.Fatal(err)
	}
	r, _ := s.Client().QueryOne(`SELECT session FROM events WHERE site_id = 'rywsite' AND type = 'conversion'`)
	if r.Str("session") != "s5" {
		t.Errorf("the server conversion's session = %q, want the page view's s5", r.Str("session"))
	}
	if got := s.wal.stats.Acknowledged.Load(); got != 6 {
		t.Errorf("%d events acknowledged through the spool, want 6", got)
	}
}
