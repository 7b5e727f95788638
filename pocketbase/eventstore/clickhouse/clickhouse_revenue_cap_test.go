package clickhouse

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// A server caps browser revenue per visitor and day with what the store already holds of the day
// (another server's, or before a restart), and reads it once per write, not once per converting
// visitor: a bulk writer (the seeder's 500 batches) sent a query over the site's whole day for each.
func TestClickHouseRevenueCapReadsStoredDaysOncePerWrite(t *testing.T) {
	url := chDatabaseURL(t)
	site := &eventstore.Site{ID: "revcapsite00001", Key: "keyrevcapsite00001",
		Goals: []eventstore.Goal{{ID: "goalbuy", Name: "Buy", Type: "event", Match: "purchase"}}}
	now := time.Now().UTC().Add(-time.Hour)
	yesterday := now.AddDate(0, 0, -1)
	buy := func(visitor string, value float64, at time.Time) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Device: "desktop", Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: "s" + visitor,
			Events: []eventstore.Event{{Type: "ev", Path: "/checkout", Name: "purchase", Value: value, At: at}}}}
	}
	if err := storeAt(t, url).WriteAll([]eventstore.Ingest{buy("visitor0001", 700, now), buy("visitor0002", 950, yesterday)}); err != nil {
		t.Fatal(err)
	}
	second, rec := recordedServer(storeAt(t, url))
	var write []eventstore.Ingest
	for i := 3; i < 40; i++ { // other buyers, each new
		write = append(write, buy(fmt.Sprintf("visitor%04d", i), 100, now))
	}
	write = append(write,
		buy("visitor0001", 600, now),                        // 700 held today: 300 count
		buy("visitor0001", 50, now.Add(time.Minute)),        // then nothing
		buy("visitor0002", 600, now),                        // 950 held yesterday, not today: 600 count
		buy("visitor0002", 100, yesterday.Add(time.Minute)), // yesterday: 50 count
	)
	if err := second.WriteAll(write); err != nil {
		t.Fatal(err)
	}
	if reads := rec.matching(regexp.MustCompile(`FROM (visitor_events|events)\b`)); len(reads) != 1 {
		t.Errorf("the write read the stored revenue %d times, want once", len(reads))
	}
	rows, err := second.query(`SELECT visitor, toString(day) AS d, sum(value) AS v FROM events WHERE site_id = {:site} AND type = 'conversion'
		GROUP BY visitor, d`, map[string]any{"site": site.ID})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, r := range rows {
		got[r.Str("visitor")+" "+r.Str("d")] = r.Num("v")
	}
	today, before := now.Format(time.DateOnly), yesterday.Format(time.DateOnly)
	want := map[string]float64{"visitor0001 " + today: 1000, "visitor0002 " + today: 600, "visitor0002 " + before: 1000}
	for i := 3; i < 40; i++ {
		want[fmt.Sprintf("visitor%04d %s", i, today)] = 100
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("counted revenue per visitor and day\n got %v\nwant %v", got, want)
	}
}
