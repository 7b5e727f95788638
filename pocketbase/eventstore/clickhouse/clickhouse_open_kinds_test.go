package clickhouse

import (
	"reflect"
	"sort"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// A run of open days computes only the kind of figures its route reads, and the other kinds in the
// background (computeDaysOnce). Whatever order the routes come in, and after an event changes the
// days' basis, every route must answer as a store that computes every kind at once (settleLag -1:
// today counts as closed).
func TestClickHouseOpenDaysByKindMatchWholeDays(t *testing.T) {
	url := chDatabaseURL(t)
	open := func(lag int) *chStore {
		t.Helper()
		st, err := NewClickHouseStore(url)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*chStore)
		s.SetSettleLag(lag)
		return s
	}
	writer := open(chSettleLag)
	site := storetest.Site(storetest.SiteA)
	now := time.Now().UTC()
	pv := func(session, path, ref, device string, when time.Time) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session[:2], Session: session,
			Events: []eventstore.Event{{Type: "pv", Path: path, Referrer: ref, At: when}}}, Device: device, Browser: "Chrome", Country: "SE"}
	}
	if err := writer.WriteAll([]eventstore.Ingest{
		pv("k1a", "/", "https://google.com/", "desktop", now.Add(-26*time.Hour)),
		pv("k1a", "/pricing", "", "desktop", now.Add(-26*time.Hour+time.Minute)),
		pv("k2a", "/blog", "https://bing.com/", "mobile", now.Add(-2*time.Hour)),
		pv("k2b", "/", "", "mobile", now.Add(-time.Hour)),
		pv("k2b", "/thank-you", "", "mobile", now.Add(-time.Hour+time.Minute)),
		pv("k3a", "/pricing", "https://duck.com/", "tablet", now.Add(-time.Minute)),
	}); err != nil {
		t.Fatal(err)
	}
	r := eventstore.DayRange{From: now.AddDate(0, 0, -2).Format("2006-01-02"), To: eventstore.OpenEnd}
	type answer struct {
		T     eventstore.Totals
		Pages []eventstore.PageFigures
		Dims  []eventstore.DimFigures
	}
	read := func(s *chStore, order string) answer {
		t.Helper()
		var a answer
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
		return a
	}
	byKind1, byKind2 := open(chSettleLag), open(chSettleLag)
	for step := 0; step < 2; step++ {
		gots := []answer{read(byKind1, "tpd"), read(byKind2, "dpt"), read(byKind1, "pdt"), read(byKind2, "tpd")}
		// Read last: it settles the days it computes, which the stores above would then read.
		want := read(open(-1), "tpd")
		if want.T.Sessions == 0 || len(want.Pages) == 0 || len(want.Dims) == 0 {
			t.Fatalf("step %d: no figures: %+v", step, want)
		}
		for _, got := range gots {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d: by kind %+v\nwant (every kind at once) %+v", step, got, want)
			}
		}
		// Another page of today's last session: its bounce, pages and visitors change.
		if err := writer.WriteAll([]eventstore.Ingest{pv("k3a", "/thank-you", "", "tablet", now.Add(-30*time.Second))}); err != nil {
			t.Fatal(err)
		}
	}
}
