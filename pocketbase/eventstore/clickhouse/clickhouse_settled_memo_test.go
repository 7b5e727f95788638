package clickhouse

import (
	"reflect"
	"sort"
	"sync"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// Settled days read once are kept in the store's memory (sessionFigures, memoPut) by day, basis
// and kind. A server that read them must answer as a fresh one: whatever kinds its routes read in
// which order, after a late event changes a settled day's basis, and when its routes read the
// same open days at once (the Overview's five totals).
func TestClickHouseSettledDaysInMemoryMatchAFreshStore(t *testing.T) {
	url := chDatabaseURL(t)
	open := func() *chStore {
		t.Helper()
		st, err := NewClickHouseStore(url)
		if err != nil {
			t.Fatal(err)
		}
		return st.(*chStore)
	}
	writer := open()
	site := storetest.Site(storetest.SiteA)
	now := time.Now().UTC()
	closed := time.Date(now.Year(), now.Month(), now.Day()-10, 12, 0, 0, 0, time.UTC)
	pv := func(session, path, ref, device string, when time.Time) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session[:2], Session: session,
			Events: []eventstore.Event{{Type: "pv", Path: path, Referrer: ref, At: when}}}, Device: device, Browser: "Chrome", Country: "SE"}
	}
	if err := writer.WriteAll([]eventstore.Ingest{
		pv("m1a", "/", "https://google.com/", "desktop", closed),
		pv("m1a", "/pricing", "", "desktop", closed.Add(time.Minute)),
		pv("m2a", "/blog", "https://bing.com/", "mobile", closed.Add(2*time.Hour)),
		pv("m3a", "/", "", "tablet", closed.AddDate(0, 0, 1)),
		pv("m4a", "/pricing", "https://duck.com/", "mobile", now.Add(-time.Minute)),
	}); err != nil {
		t.Fatal(err)
	}
	if err := writer.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	if r, err := writer.db.QueryOne("SELECT count() AS n FROM settled WHERE kind = 'basis'"); err != nil || r.Int("n") < 2 {
		t.Fatalf("the closed days were not settled: %v %v", r, err)
	}
	ranges := []eventstore.DayRange{
		{From: closed.Format("2006-01-02"), To: closed.Format("2006-01-02")},
		{From: closed.AddDate(0, 0, -1).Format("2006-01-02"), To: eventstore.OpenEnd},
	}
	type answer struct {
		T     eventstore.Totals
		Pages []eventstore.PageFigures
		Dims  []eventstore.DimFigures
	}
	read := func(s *chStore, r eventstore.DayRange, order string) answer {
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
		sort.Slice(a.Dims, func(i, j int) bool {
			return a.Dims[i].Dim+"|"+a.Dims[i].Value < a.Dims[j].Dim+"|"+a.Dims[j].Value
		})
		return a
	}
	kept := open() // reads every step's days into its memory first
	for step, late := range []eventstore.Ingest{
		// Another page of a settled day's bounce, then a session moved to the day before.
		pv("m2a", "/thank-you", "", "mobile", closed.Add(3*time.Hour)),
		pv("m1a", "/blog", "", "desktop", closed.Add(-13*time.Hour)),
		{},
	} {
		for _, r := range ranges {
			for _, order := range []string{"tpd", "dpt", "ptd"} {
				got, want := read(kept, r, order), read(open(), r, "tpd")
				if want.T.Sessions == 0 || len(want.Pages) == 0 || len(want.Dims) == 0 {
					t.Fatalf("step %d %s: no figures: %+v", step, r.From, want)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d %s..%s order %s: kept %+v\nwant (fresh store) %+v", step, r.From, r.To, order, got, want)
				}
			}
		}
		// The same days read at once by a fresh store, as the Overview's totals are.
		together, want := open(), read(open(), ranges[1], "t").T
		var wg sync.WaitGroup
		gots := make([]eventstore.Totals, 5)
		for i := range gots {
			wg.Add(1)
			go func() {
				defer wg.Done()
				gots[i], _ = together.Totals(storetest.SiteA, ranges[1])
			}()
		}
		wg.Wait()
		for i, got := range gots {
			if got != want {
				t.Fatalf("step %d: read at once %d: %+v, want %+v", step, i, got, want)
			}
		}
		if late.Site == nil {
			break
		}
		if err := writer.WriteAll([]eventstore.Ingest{late}); err != nil {
			t.Fatal(err)
		}
	}
}
