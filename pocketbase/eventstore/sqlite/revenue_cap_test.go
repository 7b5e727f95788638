package sqlite

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// Browser revenue counts up to revenuecap.DefaultBrowserCap per visitor per day and
// revenuecap.VisitorsPerSource caps per source; a verified batch counts in full. Every conversion keeps
// whether it was verified and, for browser revenue, the amount reported.
// (SQLite: the raw events' props are read with SQL.)
func TestBrowserRevenueIsCapped(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	store := NewSQLiteStore(app)
	site := &eventstore.Site{ID: storetest.SiteA, Key: "key" + storetest.SiteA, RuleIDs: map[string]bool{},
		Goals: []eventstore.Goal{{ID: "goalpurchase", Name: "Purchase", Type: "event", Match: "purchase"}}}
	now := time.Now().UTC()
	buy := func(visitor, client string, verified bool, amounts ...float64) eventstore.Ingest {
		evs := make([]eventstore.Event, len(amounts))
		for i, v := range amounts {
			evs[i] = storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: v}, now.Add(time.Duration(i)*time.Second))
		}
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: "session" + visitor, Events: evs},
			Device: "desktop", Browser: "Chrome", Client: client, Verified: verified}
	}
	in := []eventstore.Ingest{
		buy("visitorONE1", "clientone", false, 600, 600), // 1,200 from one visitor: 1,000 count
		buy("visitorTWO1", "clienttwo", false, 900),
		buy("visitorTWO2", "clienttwo", false, 900),
		buy("visitorTWO3", "clienttwo", false, 900),
		buy("visitorTWO4", "clienttwo", false, 900), // the source's fourth visitor: 300 of 900 fit in 3,000
		buy("visitorTWO5", "clienttwo", false, 900), // nothing left for the source today
		buy("visitorSRV1", "", true, 5000),          // a signed server-side source: counted in full
	}
	if err := store.WriteAll(in); err != nil {
		t.Fatal(err)
	}
	day := dayOf(now)
	tot, err := store.Totals(storetest.SiteA, eventstore.DayRange{From: day, To: day})
	if err != nil {
		t.Fatal(err)
	}
	if want := 1000.0 + 3000 + 5000; tot.Revenue != want {
		t.Errorf("revenue = %v, want %v", tot.Revenue, want)
	}
	if tot.Conversions != 7 {
		t.Errorf("conversions = %v, want 7 (a capped purchase is still a conversion)", tot.Conversions)
	}
	type row struct {
		Visitor string  `db:"visitor"`
		Value   float64 `db:"value"`
		Props   string  `db:"props"`
	}
	var rows []row
	if err := app.DB().NewQuery(`SELECT visitor, value, props FROM events WHERE site_id = {:site} AND type = 'conversion' ORDER BY ts, visitor`).
		Bind(dbx.Params{"site": storetest.SiteA}).All(&rows); err != nil {
		t.Fatal(err)
	}
	got := map[string][]float64{}
	for _, r := range rows {
		var p struct {
			Verified bool    `json:"verified"`
			Reported float64 `json:"reported"`
		}
		_ = json.Unmarshal([]byte(r.Props), &p)
		if p.Verified != (r.Visitor == "visitorSRV1") {
			t.Errorf("%s's conversion verified = %v", r.Visitor, p.Verified)
		}
		got[r.Visitor] = append(got[r.Visitor], r.Value, p.Reported)
	}
	want := map[string][]float64{
		"visitorONE1": {600, 600, 400, 600}, "visitorTWO1": {900, 900}, "visitorTWO2": {900, 900}, "visitorTWO3": {900, 900},
		"visitorTWO4": {300, 900}, "visitorTWO5": {0, 900}, "visitorSRV1": {5000, 0},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("conversions per visitor (counted, reported, ...):\n got %v\nwant %v", got, want)
	}
}
