package clickhouse

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// A store opened on a cluster's URL (cluster=, shards=) creates the cluster's schema on each shard,
// and its deletes (retention, events-copy's undo of a chunk) reach every shard's _local tables:
// read directly from each server, no deleted row is left on either, and what was kept still
// answers across shards.
func TestClusterDeletesReachEveryShard(t *testing.T) {
	if !HaveServer() {
		t.Skip("ClickHouse skipped: " + ErrNoBinary.Error())
	}
	shards := startTestCluster(t)
	var hosts []string
	var dbs []*Client // each shard's own server, read directly
	for _, l := range shards {
		hosts = append(hosts, strings.Trim(strings.TrimPrefix(l.URL, "http://"), "/"))
		db, err := Open(l.URL + "?database=cro")
		if err != nil {
			t.Fatal(err)
		}
		dbs = append(dbs, db)
	}
	// The store's URL names the cluster and its shards: opening it creates the cluster's schema.
	opened, err := NewClickHouseStore(shards[0].URL + "?database=cro&cluster=cro&shards=" + strings.Join(hosts, ","))
	if err != nil {
		t.Fatal(err)
	}
	db := opened.(*chStore).db
	site := storetest.Site(storetest.SiteA)
	old, recent := storetest.Ago(100*24*time.Hour), storetest.Ago(3*time.Hour)
	var traffic []eventstore.Ingest
	for i := range 24 {
		for _, t0 := range []time.Time{old, recent} {
			t0 = t0.Add(time.Duration(i) * time.Minute)
			traffic = append(traffic, eventstore.Ingest{Site: site, Device: "desktop", Batch: &eventstore.Batch{Key: site.Key,
				Visitor: fmt.Sprintf("visitor%04d", i), Session: fmt.Sprintf("session%04d%d", i, t0.Unix()%7), Events: []eventstore.Event{
					storetest.At(eventstore.Event{Type: "pv", Path: "/pricing"}, t0),
					storetest.At(eventstore.Event{Type: "ck", Path: "/pricing", Selector: "#buy", OffsetX: 0.5, OffsetY: 0.5, Viewport: 1280, X: 1, Y: 1}, t0.Add(time.Second)),
					storetest.At(eventstore.Event{Type: "ev", Path: "/pricing", Name: "signup"}, t0.Add(2*time.Second)),
				}}})
		}
	}
	if err := newCHStore(db).WriteAll(traffic); err != nil {
		t.Fatal(err)
	}
	tables := append(append(append([]string{"events"}, RowTables...), GroupedTables...), chRollupTables()...)
	// rowsLeft counts, on each shard's own _local tables, the site's rows matching cond.
	rowsLeft := func(cond string) map[string][]int {
		out := map[string][]int{}
		for _, table := range tables {
			for _, shard := range dbs {
				r, err := shard.QueryOne("SELECT count() AS n FROM " + table + "_local WHERE site_id = " + Quote(site.ID) + " AND " + cond)
				if err != nil {
					t.Fatal(err)
				}
				out[table] = append(out[table], r.Int("n"))
			}
		}
		return out
	}
	cut := chCutDay(storetest.Ago(90 * 24 * time.Hour))
	oldDays := "day < toDate(" + Quote(cut) + ")"
	before := rowsLeft(oldDays)
	for _, table := range []string{"events", "page_events", "session_pages", "path_days", "click_cells", "sessions", "goal_firsts", "day_figures"} {
		if n := before[table]; len(n) != 2 || n[0] == 0 || n[1] == 0 {
			t.Fatalf("old rows of %s per shard %v: the test needs both shards to hold the pruned days", table, n)
		}
	}

	// Retention: the old days go from every table on both shards; the recent ones stay.
	if err := newCHStore(db).PruneSite(site.ID, storetest.Ago(90*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	for table, n := range rowsLeft(oldDays) {
		if n[0]+n[1] != 0 {
			t.Errorf("after retention %s holds %v rows of pruned days per shard, want none", table, n)
		}
	}
	day := recent.Format("2006-01-02")
	totals := func() eventstore.Totals {
		got, err := newCHStore(db).Totals(site.ID, eventstore.DayRange{From: day, To: day})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := totals(); got.Sessions != 24 || got.Pageviews != 24 {
		t.Fatalf("recent day after retention: %v sessions, %v page views, want 24 each", got.Sessions, got.Pageviews)
	}

	// events-copy's undo of a chunk: the site's events from the 13th recent session on go (and their
	// derived rows), the grouped tables and rollups are filled again from what is left.
	from := uint64(recent.Add(12 * time.Minute).UnixMilli())
	undone := fmt.Sprintf("at >= %d", from)
	if err := deleteEvents(db, site.ID, "site_id = "+Quote(site.ID)+" AND "+undone, false); err != nil {
		t.Fatal(err)
	}
	if err := rebuildRollups(db, site.ID); err != nil {
		t.Fatal(err)
	}
	for _, table := range append([]string{"events"}, RowTables...) {
		for i, shard := range dbs {
			r, err := shard.QueryOne("SELECT count() AS n FROM " + table + "_local WHERE site_id = " + Quote(site.ID) + " AND " + undone)
			if err != nil {
				t.Fatal(err)
			}
			if r.Int("n") != 0 {
				t.Errorf("after the undo shard %d's %s_local holds %d deleted rows, want none", i, table, r.Int("n"))
			}
		}
	}
	if got := totals(); got.Sessions != 12 || got.Pageviews != 12 {
		t.Errorf("recent day after the undo: %v sessions, %v page views, want the 12 kept", got.Sessions, got.Pageviews)
	}
}
