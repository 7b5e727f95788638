package clickhouse

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// settledRows are table's rows of the experiment as "goal day version basis variant", sorted.
func settledRows(t *testing.T, s *chStore, table, dayCol, siteID, expID string) []string {
	t.Helper()
	return rowsAfterDeletes(t, s, `SELECT concat(goal, ' ', toString(`+dayCol+`), ' ', version, ' ', basis, ' ', variant) AS r FROM `+table+`
		WHERE site_id = {:site} AND experiment = {:exp} ORDER BY r`, map[string]any{"site": siteID, "exp": expID})
}

// rowsAfterDeletes is column r of the query's rows once the deletes queued before it are done
// (ALTER … DELETE applies in the background).
func rowsAfterDeletes(t *testing.T, s *chStore, sql string, params map[string]any) []string {
	t.Helper()
	if err := waitMutations(s.db); err != nil {
		t.Fatal(err)
	}
	rows, err := s.query(sql, params)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, r := range rows {
		out = append(out, r.Str("r"))
	}
	return out
}

// Pruning settled days, on rows the test writes itself: nothing goes while the stale rows (old,
// not read by memory) are fewer than the others; once they outnumber them, exactly they go, in
// deletes of at most chPruneBatch keys each, and the rows memory reads, the young ones (a
// computation may still be writing) and the visitor counts of strata versions read stay.
func TestClickHousePruneSettledRowsDeletesExactlyTheStale(t *testing.T) {
	store := openClickHouseStore(t).(*chStore)
	const site, exp = "prunesite000001", "pruneexp0000001"
	old, young := "2020-01-01 00:00:00", time.Now().UTC().Format(time.DateTime)
	row := func(goal, day, version, basis, variant, written string) any {
		return map[string]any{"site_id": site, "experiment": exp, "goal": goal, "o_day": day, "basis": basis, "version": version,
			"variant": variant, "k": 0, "n": 1, "total": "0", "squares": "0", "written": written}
	}
	insert := func(rows ...any) {
		t.Helper()
		if err := store.db.Insert("exposure_outcomes", rows); err != nil {
			t.Fatal(err)
		}
	}
	days := []string{"2026-03-01", "2026-03-02", "2026-03-03"}
	store.outcomeMemo = map[string]outcomeDay{}
	for _, d := range days { // read by memory: version v2 of each day
		store.outcomeMemo[outcomeKey(site, exp, "g1", d)] = outcomeDay{basis: "b", version: "v2"}
		insert(row("g1", d, "v2", "b", "a", old))
	}
	insert(row("g1", days[0], "v3", "b", "a", young), // not read, but too young to go
		row("", days[0], "s1", "s1", "a", old), // the visitor counts of a strata version read
		row("", days[1], "s9", "s9", "a", young),
		row("g1", days[0], "v1", "b", "a", old), row("g1", days[1], "v1", "b", "a", old)) // stale: 2 of 8
	kept := settledRows(t, store, "exposure_outcomes", "o_day", site, exp)
	chPruneBatch = 2
	t.Cleanup(func() { chPruneBatch = 500 })
	prune := func() []string {
		t.Helper()
		other, rec := recordedServer(store)
		other.outcomeMemo = store.outcomeMemo
		if err := other.pruneOutcomes(site, exp, []string{"s1"}, chStrataPruneAge); err != nil {
			t.Fatal(err)
		}
		return rec.matching(regexp.MustCompile(`^ALTER TABLE`))
	}
	if deletes := prune(); len(deletes) != 0 {
		t.Fatalf("2 stale rows of 8: want no delete, sent %q", deletes)
	}
	if got := settledRows(t, store, "exposure_outcomes", "o_day", site, exp); !reflect.DeepEqual(got, kept) {
		t.Fatalf("rows after a prune that should wait\n got %q\nwant %q", got, kept)
	}
	// Stale now outnumber the rest: every variant of version v1 of 4 days (one memory never
	// read), and the counts of a strata version no longer read.
	for _, d := range append(days, "2026-03-04") {
		insert(row("g1", d, "v1", "b", "b", old), row("g1", d, "v1", "b", "c", old))
	}
	insert(row("", days[2], "s0", "s0", "a", old))
	deletes := prune()
	if len(deletes) != 3 { // 4 stale keys in deletes of 2, 1 stale strata version
		t.Errorf("want 3 deletes (4 keys by 2, 1 strata version), sent %d: %q", len(deletes), deletes)
	}
	for _, d := range deletes {
		if n := strings.Count(d, "'g1|") + strings.Count(d, "'s0'"); n == 0 || n > 2 {
			t.Errorf("a delete names %d keys, want 1 or 2: %s", n, d)
		}
	}
	if got := settledRows(t, store, "exposure_outcomes", "o_day", site, exp); !reflect.DeepEqual(got, []string{
		" 2026-03-01 s1 s1 a", " 2026-03-02 s9 s9 a",
		"g1 2026-03-01 v2 b a", "g1 2026-03-01 v3 b a", "g1 2026-03-02 v2 b a", "g1 2026-03-03 v2 b a"}) {
		t.Fatalf("rows after the prune: %q", got)
	}
}

// Pruning keeps what the settled read needs: on the contract's traffic, settled, with more stale
// rows written than there are rows (so the prune runs, whatever the settle passes wrote), every
// stale row goes and another server still reads results, CUPED, guardrails and a ratio metric
// from the settled days alone.
func TestClickHousePruneKeepsTheSettledDaysRead(t *testing.T) {
	store := experimentTrafficStore(t)
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	xq := eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"}
	rq := eventstore.RatioQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, Numerator: eventstore.RatioRevenue,
		Denominator: eventstore.RatioSessions, WindowDays: 7}
	read := func(s *chStore) []any {
		t.Helper()
		r, err1 := s.ExperimentResults(xq)
		c, err2 := s.ExperimentCovariates(xq, chCupedDefaultWindow)
		g, err3 := s.ExperimentGuardrails(xq.SiteID, xq.ExperimentID)
		m, err4 := s.RatioSums(rq)
		for _, err := range []error{err1, err2, err3, err4} {
			if err != nil {
				t.Fatal(err)
			}
		}
		return []any{r, c, g, m}
	}
	want := read(store)
	tables := map[string]string{"exposure_outcomes": "o_day", "cuped_days": "d", "visitor_metric_days": "d"}
	for table, dayCol := range tables {
		n := len(settledRows(t, store, table, dayCol, xq.SiteID, xq.ExperimentID))
		var stale []any
		for i := 0; i <= n; i++ {
			stale = append(stale, map[string]any{"site_id": xq.SiteID, "experiment": xq.ExperimentID, "goal": "goalpurchase", dayCol: "2026-03-01",
				"basis": "gone", "version": "stale", "variant": "control", "written": "2020-01-01 00:00:00"})
		}
		if err := store.db.Insert(table, stale); err != nil {
			t.Fatal(err)
		}
	}
	versions, _, err := store.exposureStrata(store.db, xq.SiteID, xq.ExperimentID)
	if err != nil {
		t.Fatal(err)
	}
	for _, prune := range []func(string, string, []string, time.Duration) error{store.pruneOutcomes, store.pruneCuped, store.pruneMetrics} {
		if err := prune(xq.SiteID, xq.ExperimentID, versions, chStrataPruneAge); err != nil {
			t.Fatal(err)
		}
	}
	for table, dayCol := range tables {
		for _, r := range settledRows(t, store, table, dayCol, xq.SiteID, xq.ExperimentID) {
			if strings.Contains(r, " stale ") {
				t.Fatalf("%s: a stale row was kept: %s", table, r)
			}
		}
	}
	other, rec := recordedServer(store)
	if got := read(other); !reflect.DeepEqual(got, want) {
		t.Fatalf("another server after the prune\n got %+v\nwant %+v", got, want)
	}
	noneComputed(t, "after the prune, read by another server", rec)
}
