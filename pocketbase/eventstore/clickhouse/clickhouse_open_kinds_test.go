package clickhouse

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
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
	now := time.Now().UTC()
	if err := writer.WriteAll([]eventstore.Ingest{
		sitePageView("k1a", "/", "https://google.com/", "desktop", now.Add(-26*time.Hour)),
		sitePageView("k1a", "/pricing", "", "desktop", now.Add(-26*time.Hour+time.Minute)),
		sitePageView("k2a", "/blog", "https://bing.com/", "mobile", now.Add(-2*time.Hour)),
		sitePageView("k2b", "/", "", "mobile", now.Add(-time.Hour)),
		sitePageView("k2b", "/thank-you", "", "mobile", now.Add(-time.Hour+time.Minute)),
		sitePageView("k3a", "/pricing", "https://duck.com/", "tablet", now.Add(-time.Minute)),
	}); err != nil {
		t.Fatal(err)
	}
	r := eventstore.DayRange{From: now.AddDate(0, 0, -2).Format("2006-01-02"), To: eventstore.OpenEnd}
	byKind1, byKind2 := open(chSettleLag), open(chSettleLag)
	for step := 0; step < 2; step++ {
		gots := []kindsAnswer{readKinds(t, byKind1, r, "tpd"), readKinds(t, byKind2, r, "dpt"), readKinds(t, byKind1, r, "pdt"), readKinds(t, byKind2, r, "tpd")}
		// Read last: it settles the days it computes, which the stores above would then read.
		want := readKinds(t, open(-1), r, "tpd")
		if want.T.Sessions == 0 || len(want.Pages) == 0 || len(want.Dims) == 0 {
			t.Fatalf("step %d: no figures: %+v", step, want)
		}
		for _, got := range gots {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d: by kind %+v\nwant (every kind at once) %+v", step, got, want)
			}
		}
		// Another page of today's last session: its bounce, pages and visitors change.
		if err := writer.WriteAll([]eventstore.Ingest{sitePageView("k3a", "/thank-you", "", "tablet", now.Add(-30*time.Second))}); err != nil {
			t.Fatal(err)
		}
	}
}
