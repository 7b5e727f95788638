package clickhouse

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
)

// Pruning stored funnel days and tallies, on rows the test writes itself: with a late mark at L,
// a defined funnel's day has a version undone by it (basis before L), one replaced by a later
// version, the version read and a young unmarked one (being written); a deleted funnel's rows all
// go (a funnel whose rows are young stays: saved after its definitions were read). Nothing of the
// defined funnel goes while its stale rows are fewer than those read; once they are not, exactly
// they go, a key to a delete, and the stored days, event days and tallies answer as before.
func TestClickHousePruneFunnelStoresDeletesExactlyTheStale(t *testing.T) {
	store := openClickHouseStore(t).(*chStore)
	const site = "fprunesite00001"
	steps := func(pages ...string) eventstore.FunnelQuery {
		q := eventstore.FunnelQuery{SiteID: site, Window: 24 * time.Hour, Order: eventstore.FunnelOrdered}
		for _, p := range pages {
			q.Steps = append(q.Steps, eventstore.FunnelStep{Page: p})
		}
		return q
	}
	live, deleted, justSaved := steps("/", "/cart"), steps("/", "/paid"), steps("/", "/new")
	kLive, kDeleted, kSaved := funneldays.Key(live), funneldays.Key(deleted), funneldays.Key(justSaved)
	late := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	L := uint32(late.Unix())
	// Old: over an hour ago, but within chTallyIdle (the idle ranges' rule has its own test).
	old, young := time.Now().UTC().Add(-2*time.Hour).Format(time.DateTime), time.Now().UTC().Format(time.DateTime)
	insert := func(table string, rows ...any) {
		t.Helper()
		if err := store.db.Insert(table, rows); err != nil {
			t.Fatal(err)
		}
	}
	insert("late_marks", map[string]any{"site_id": site, "since": 0, "written": late.Format(time.DateTime)})
	day := func(funnel, kind, d string, basis uint32, written string, visitors ...string) []any {
		out := []any{}
		for _, v := range visitors {
			r := map[string]any{"site_id": site, "funnel": funnel, "kind": kind, "d": d, "basis": basis, "visitor": v, "written": written,
				"reached": 1, "times": []float64{1.7e12}, "masks": []uint16{1}, "sessions": []string{"s-" + v}}
			out = append(out, r)
		}
		return out
	}
	tally := func(funnel, from, to string, basis uint32, written string, values ...string) []any {
		out := []any{}
		for _, v := range values {
			out = append(out, map[string]any{"site_id": site, "funnel": funnel, "breakdown": "source", "closed_from": from, "closed_to": to,
				"basis": basis, "value": v, "users": []float64{2, 1}, "written": written})
		}
		return out
	}
	insert("funnel_days", day(kLive, chAttemptDays, "2026-03-01", L+100, old, "", "va")...)                 // replaced by L+200
	insert("funnel_days", day(kLive, chAttemptDays, "2026-03-01", L+200, old, "", "vb", "vc")...)           // read
	insert("funnel_days", day(kLive, chAttemptDays, "2026-03-01", L+300, young, "vd")...)                   // being written
	insert("funnel_days", day(kLive, chEventDays, "2026-03-02", L+200, old, "", "ve", "vf")...)             // read
	insert("funnel_days", day(kDeleted, chAttemptDays, "2026-03-01", L+200, old, "", "vg")...)              // a deleted funnel's
	insert("funnel_days", day(kSaved, chAttemptDays, "2026-03-01", L+200, young, "", "vh")...)              // a funnel saved just now
	insert("funnel_tallies", tally(kLive, "2026-02-01", "2026-03-01", L+100, old, "", "google", "bing")...) // replaced
	insert("funnel_tallies", tally(kLive, "2026-02-01", "2026-03-01", L+200, old, "", "google")...)         // read
	insert("funnel_tallies", tally(kLive, "2026-02-02", "2026-03-02", L+200, old, "", "direct")...)         // read (another range)
	insert("funnel_tallies", tally(kDeleted, "2026-02-01", "2026-03-01", L+200, old, "", "google")...)      // a deleted funnel's
	store.DefineFunnels(func(string) ([]eventstore.FunnelQuery, error) { return []eventstore.FunnelQuery{live}, nil })

	from, to := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)
	parts := funneldays.Parts{ClosedFrom: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), ClosedTo: from}
	read := func() []any {
		t.Helper()
		days, err1 := store.storedFunnelDays(store.db, live, kLive, from, to)
		events, _, err2 := chEventDayStore{store}.LoadEventDays(live, from, to)
		tallies, err3 := store.storedTallies(store.db, live, parts, []string{"source"})
		for _, err := range []error{err1, err2, err3} {
			if err != nil {
				t.Fatal(err)
			}
		}
		return []any{days, events, tallies}
	}
	want := read()
	if days := want[0].(map[string]map[string]funnelpath.Path); len(days["2026-03-01"]) != 2 {
		t.Fatalf("the read day before pruning = %v, want vb and vc", days)
	}
	rowsOf := func(table, col string) []string {
		t.Helper()
		return rowsAfterDeletes(t, store, `SELECT concat(if(funnel = {:live}, 'live', if(funnel = {:saved}, 'saved', 'deleted')), ' ', toString(basis - {:l}), ' ', `+col+`) AS r
			FROM `+table+` WHERE site_id = {:site} ORDER BY r`, map[string]any{"site": site, "live": kLive, "saved": kSaved, "l": int64(L)})
	}
	chPruneBatch = 1
	t.Cleanup(func() { chPruneBatch = 500 })
	prune := func() []string {
		t.Helper()
		other, rec := recordedServer(store)
		other.DefineFunnels(func(string) ([]eventstore.FunnelQuery, error) { return []eventstore.FunnelQuery{live}, nil })
		if err := other.pruneFunnelStores(site); err != nil {
			t.Fatal(err)
		}
		return rec.matching(regexp.MustCompile(`^ALTER TABLE`))
	}
	// Stale of the live funnel: 2 of 10 stored days' rows, 3 of 7 tally rows: only the deleted
	// funnel's rows go.
	deletes := prune()
	if len(deletes) != 2 {
		t.Errorf("want 2 deletes (the deleted funnel's days and tallies), sent %q", deletes)
	}
	for _, d := range deletes {
		if !strings.Contains(d, kDeleted) || strings.Contains(d, kLive) || strings.Contains(d, kSaved) {
			t.Errorf("a delete names other than the deleted funnel: %s", d)
		}
	}
	wantDays := []string{"live 100 ", "live 100 va", "live 200 ", "live 200 ", "live 200 vb", "live 200 vc", "live 200 ve", "live 200 vf",
		"live 300 vd", "saved 200 ", "saved 200 vh"}
	if got := rowsOf("funnel_days", "visitor"); !reflect.DeepEqual(got, wantDays) {
		t.Fatalf("stored days after the first prune\n got %q\nwant %q", got, wantDays)
	}
	// A version undone by the late mark: the live funnel's stale rows now outnumber those read.
	insert("funnel_days", day(kLive, chAttemptDays, "2026-03-01", L-100, old, "", "vx", "vy", "vz", "vw", "vv", "vu")...)
	insert("funnel_tallies", tally(kLive, "2026-02-01", "2026-03-01", L-100, old, "", "google")...)
	deletes = prune()
	if len(deletes) != 4 { // days: 2 versions; tallies: 2 versions, one key each
		t.Errorf("want 4 deletes (2 stale versions of days, 2 of tallies, a key each), sent %d: %q", len(deletes), deletes)
	}
	for _, d := range deletes {
		if n := len(regexp.MustCompile(`'`+kLive+`\|[a-z]+\|[0-9-]+\|([0-9-]+\|)?[0-9]+'`).FindAllString(d, -1)); n != 1 {
			t.Errorf("a delete names %d keys, want 1: %s", n, d)
		}
	}
	wantDays = []string{"live 200 ", "live 200 ", "live 200 vb", "live 200 vc", "live 200 ve", "live 200 vf", "live 300 vd", "saved 200 ", "saved 200 vh"}
	if got := rowsOf("funnel_days", "visitor"); !reflect.DeepEqual(got, wantDays) {
		t.Fatalf("stored days after the prune\n got %q\nwant %q", got, wantDays)
	}
	wantTallies := []string{"live 200 ", "live 200 ", "live 200 direct", "live 200 google"}
	if got := rowsOf("funnel_tallies", "value"); !reflect.DeepEqual(got, wantTallies) {
		t.Fatalf("stored tallies after the prune\n got %q\nwant %q", got, wantTallies)
	}
	if got := read(); !reflect.DeepEqual(got, want) {
		t.Fatalf("the kept rows answer\n got %+v\nwant %+v", got, want)
	}
	// Without the funnels' definitions (or when they cannot be read) no funnel counts as deleted.
	bare, rec := recordedServer(store)
	insert("funnel_days", day(kDeleted, chAttemptDays, "2026-03-01", L+200, old, "", "vg")...)
	if err := bare.pruneFunnelStores(site); err != nil {
		t.Fatal(err)
	}
	if deletes := rec.matching(regexp.MustCompile(`^ALTER TABLE`)); len(deletes) != 0 {
		t.Errorf("without definitions: want no delete, sent %q", deletes)
	}
}
