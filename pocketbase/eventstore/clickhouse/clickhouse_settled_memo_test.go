package clickhouse

import (
	"reflect"
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
	open := func() *chStore { return storeAt(t, url) }
	writer := open()
	now := time.Now().UTC()
	closed := time.Date(now.Year(), now.Month(), now.Day()-10, 12, 0, 0, 0, time.UTC)
	if err := writer.WriteAll([]eventstore.Ingest{
		sitePageView("m1a", "/", "https://google.com/", "desktop", closed),
		sitePageView("m1a", "/pricing", "", "desktop", closed.Add(time.Minute)),
		sitePageView("m2a", "/blog", "https://bing.com/", "mobile", closed.Add(2*time.Hour)),
		sitePageView("m3a", "/", "", "tablet", closed.AddDate(0, 0, 1)),
		sitePageView("m4a", "/pricing", "https://duck.com/", "mobile", now.Add(-time.Minute)),
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
	kept := open() // reads every step's days into its memory first
	for step, late := range []eventstore.Ingest{
		// Another page of a settled day's bounce, then a session moved to the day before.
		sitePageView("m2a", "/thank-you", "", "mobile", closed.Add(3*time.Hour)),
		sitePageView("m1a", "/blog", "", "desktop", closed.Add(-13*time.Hour)),
		{},
	} {
		for _, r := range ranges {
			for _, order := range []string{"tpd", "dpt", "ptd"} {
				got, want := readKinds(t, kept, r, order), readKinds(t, open(), r, "tpd")
				if want.T.Sessions == 0 || len(want.Pages) == 0 || len(want.Dims) == 0 {
					t.Fatalf("step %d %s: no figures: %+v", step, r.From, want)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d %s..%s order %s: kept %+v\nwant (fresh store) %+v", step, r.From, r.To, order, got, want)
				}
			}
		}
		// The same days read at once by a fresh store, as the Overview's totals are.
		together, want := open(), readKinds(t, open(), ranges[1], "t").T
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
