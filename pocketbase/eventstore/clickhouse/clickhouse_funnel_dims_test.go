package clickhouse

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// A funnel breakdown's entry session values of closed days are kept in memory
// (clickhouse_funnel_dims.go). A late event that changes an entry session's first referrer must
// change the next answer; another funnel's entrants on a day already kept are read, not missed;
// and values read while an insert is half-applied (the sessions view not yet run) are not kept.
func TestClickHouseFunnelEntryDimsFollowLateEvents(t *testing.T) {
	store := openClickHouseStore(t).(*chStore)
	site := &eventstore.Site{ID: "dimsite", Key: "dimkey"}
	t0 := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	pv := func(visitor, session, path, ref string, minutes int) []eventstore.Ingest {
		e := eventstore.Event{Type: "pv", Path: path, Referrer: ref, At: t0.Add(time.Duration(minutes) * time.Minute)}
		return []eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: []eventstore.Event{e}}, Device: "desktop"}}
	}
	write := func(in []eventstore.Ingest) {
		t.Helper()
		if err := store.WriteAll(in); err != nil {
			t.Fatal(err)
		}
	}
	bySource := func(first string) map[string]float64 {
		t.Helper()
		f, err := store.FunnelResults(eventstore.FunnelQuery{SiteID: site.ID, Steps: []eventstore.FunnelStep{{Page: first}, {Page: "/cart"}}, Window: 24 * time.Hour,
			Order: eventstore.FunnelOrdered, From: t0.AddDate(0, 0, -3), To: t0.AddDate(0, 0, 3), Breakdown: "source"})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, b := range f.Breakdown {
			out[b.Value] = b.Users[0]
		}
		return out
	}
	check := func(step, first string, want map[string]float64) {
		t.Helper()
		got := bySource(first)
		if len(got) != len(want) {
			t.Fatalf("%s: %v, want %v", step, got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("%s: %v, want %v", step, got, want)
			}
		}
	}
	write(pv("v1", "s1", "/", "https://google.com/search", 0))
	check("first", "/", map[string]float64{"google.com": 1})
	// Late: the same session's earlier page view, from another referrer.
	write(pv("v1", "s1", "/", "https://bing.com/", -10))
	check("after a late event", "/", map[string]float64{"bing.com": 1})
	// Another funnel's entrant on the kept day.
	write(pv("v2", "s2", "/pricing", "https://duck.com/", 60))
	check("another funnel", "/pricing", map[string]float64{"duck.com": 1})

	// Between an insert's views: the session's rollup row is missing, its values unknown; once
	// the insert is whole they are known.
	if err := store.db.Exec("DETACH TABLE sessions_mv"); err != nil {
		t.Fatal(err)
	}
	write(pv("v3", "s3", "/signup", "https://example.org/", 120))
	check("between the views", "/signup", map[string]float64{"Unknown": 1})
	if err := store.db.Exec("INSERT INTO sessions " + Rollups[0].SiteSelect(Quote(site.ID)+" AND session = 's3'")); err != nil {
		t.Fatal(err)
	}
	if err := store.db.Exec("ATTACH TABLE sessions_mv"); err != nil {
		t.Fatal(err)
	}
	check("once the insert is whole", "/signup", map[string]float64{"example.org": 1})
}
