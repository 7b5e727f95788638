package storetest

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// DayVisitorOnEarliestSession: a dimension's visitors count each visitor's earliest session of
// the day, whichever arrived first. Visitor V's afternoon session (mobile, SE) is written, then
// its morning one (desktop, DE), late: V is a desktop and DE visitor of the day, not a mobile or
// SE one, and the day has one visitor and two sessions.
func DayVisitorOnEarliestSession(t *testing.T, storeFactories []Factory) {
	site := contractSite(siteA)
	batch := func(session, device, country string, at time.Time) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitorVVVV", Session: session,
			Events: []eventstore.Event{{Type: "pv", Path: "/", At: at}}}, Device: device, Browser: "Chrome", Country: country}
	}
	day := eventstore.DayRange{From: contractDay, To: contractDay}
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			if err := store.WriteAll([]eventstore.Ingest{batch("sessionPM01", "mobile", "SE", ago(5*time.Hour))}); err != nil {
				t.Fatal(err)
			}
			if err := store.WriteAll([]eventstore.Ingest{batch("sessionAM01", "desktop", "DE", ago(10*time.Hour))}); err != nil {
				t.Fatal(err)
			}
			if tot, err := store.Totals(siteA, day); err != nil || tot.Visitors != 1 || tot.Sessions != 2 {
				t.Errorf("the day's totals = %+v (%v), want 1 visitor, 2 sessions", tot, err)
			}
			dims, err := store.Dimensions(siteA, day)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]float64{"device desktop": 1, "device mobile": 0, "country DE": 1, "country SE": 0, "browser Chrome": 1}
			for _, d := range dims {
				if v, ok := want[d.Dim+" "+d.Value]; ok {
					if d.Visitors != v || d.Sessions != 1+float64(btoi(d.Dim == "browser")) {
						t.Errorf("%s %s: %v visitors, %v sessions; want %v visitors", d.Dim, d.Value, d.Visitors, d.Sessions, v)
					}
					delete(want, d.Dim+" "+d.Value)
				}
			}
			if len(want) > 0 {
				t.Errorf("dimensions missing: %v", want)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
