package clickhouse

import (
	"os"
	"reflect"
	"sort"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/storetest"
)

// The store's own tests (its spool, settled figures, funnel days, cluster) share one local server
// for the test binary, a new database per store opened, and run on the contract's traffic.

// chServer is the package's shared local server.
var chServer = &SharedLocal{Prefix: "store"}

func openClickHouseStore(t *testing.T, _ ...string) eventstore.Store {
	t.Helper()
	store, err := NewClickHouseStore(chDatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// experimentTrafficStore is a store holding the contract's experiment traffic and its late
// conversions (each late batch written on its own, as it arrives).
func experimentTrafficStore(t *testing.T) *chStore {
	t.Helper()
	store := openClickHouseStore(t, storetest.SiteA).(*chStore)
	if err := store.WriteAll(storetest.ExperimentTraffic()); err != nil {
		t.Fatal(err)
	}
	for _, late := range storetest.LateConversions() {
		if err := store.WriteAll(late); err != nil {
			t.Fatal(err)
		}
	}
	return store
}

// chDatabaseURL is a new, empty database's URL on the shared local server (started on first use).
// storeAt opens another store (another server's memory) on the database at url.
func storeAt(t *testing.T, url string) *chStore {
	t.Helper()
	st, err := NewClickHouseStore(url)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*chStore)
}

func chDatabaseURL(t *testing.T) string { t.Helper(); return chServer.DatabaseURL(t) }

func TestMain(m *testing.M) {
	code := m.Run()
	chServer.Stop()
	os.Exit(code)
}

func newSwitchProxy(t *testing.T, target string) *SwitchProxy {
	p, err := NewSwitchProxy(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func countEvents(t *testing.T, dbURL, siteID string) int {
	t.Helper()
	db, err := Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := Bind(`SELECT count() AS n FROM events WHERE site_id = {:site}`, map[string]any{"site": siteID})
	r, err := db.QueryOne(q)
	if err != nil {
		t.Fatal(err)
	}
	return r.Int("n")
}

// kindsAnswer is what the dashboard's three kinds of figures (totals, pages, dimensions) answer
// for one range.
type kindsAnswer struct {
	T     eventstore.Totals
	Pages []eventstore.PageFigures
	Dims  []eventstore.DimFigures
}

// readKinds reads the kinds in the order given ('t' totals, 'p' pages, 'd' dimensions), as routes
// arriving in that order would, and sorts the lists so answers compare.
func readKinds(t *testing.T, s *chStore, r eventstore.DayRange, order string) kindsAnswer {
	t.Helper()
	var a kindsAnswer
	var err error
	for _, c := range order {
		switch c {
		case 't':
			a.T, err = s.Totals(storetest.SiteA, r)
		case 'p':
			a.Pages, err = s.TopPages(storetest.SiteA, r, -1)
		case 'd':
			a.Dims, err = s.Dimensions(storetest.SiteA, r)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Slice(a.Pages, func(i, j int) bool { return a.Pages[i].Path < a.Pages[j].Path })
	sort.Slice(a.Dims, func(i, j int) bool {
		return a.Dims[i].Dim+"|"+a.Dims[i].Value < a.Dims[j].Dim+"|"+a.Dims[j].Value
	})
	return a
}

// sitePageView is one page view on storetest's SiteA by visitor "v" + the session's first two
// characters.
func sitePageView(session, path, ref, device string, when time.Time) eventstore.Ingest {
	site := storetest.Site(storetest.SiteA)
	return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session[:2], Session: session,
		Events: []eventstore.Event{{Type: "pv", Path: path, Referrer: ref, At: when}}}, Device: device, Browser: "Chrome", Country: "SE"}
}

// clickMapMatchingRaw is store's click map for q, failing the test unless it equals the figures
// of q's raw events read as one span (what kept days and hours must add up to).
func clickMapMatchingRaw(t *testing.T, store *chStore, q eventstore.HeatmapQuery, label string) eventstore.ClickMapFigures {
	t.Helper()
	got, err := store.ClickMap(q)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := store.rawClickParts(q, []chSpan{{from: q.From.UnixMilli(), to: q.To.UnixMilli()}})
	if err != nil {
		t.Fatal(err)
	}
	if want := clickmap.Figures(chMergeClickParts([]chClickParts{raw})); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: click map\n got %+v\nwant %+v", label, got, want)
	}
	return got
}
