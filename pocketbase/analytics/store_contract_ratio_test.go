package analytics

import (
	"fmt"
	"reflect"
	"sort"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// ratioTraffic is experimentTraffic (t0 two hours ago) and v8: a purchase of 12 an hour before t0 in
// a session of its own, then exposed to b at t0 with a page view: its only pre-exposure figures
// besides v1's session (whose /thank-you came a minute before its exposure).
func ratioTraffic() []eventstore.Ingest {
	site, t0 := storetest.ExperimentSite(), storetest.Ago(2*time.Hour)
	batch := func(session string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0008", Session: session, Events: events}, Device: "desktop"}
	}
	return append(storetest.ExperimentTraffic(),
		batch("session0008a", storetest.At(eventstore.Event{Type: "pv", Path: "/checkout"}, t0.Add(-time.Hour)),
			storetest.At(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 12}, t0.Add(-time.Hour+time.Minute))),
		batch("session0008b", storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne, Name: "b"}, t0), storetest.At(eventstore.Event{Type: "pv", Path: "/"}, t0.Add(time.Second))))
}

// ratioFlat is a variant's sums in RatioSums' field order.
func ratioFlat(s eventstore.RatioSums) string {
	return fmt.Sprint(s.Variant, s.Count, s.Numerator, s.NumeratorSquares, s.Denominator, s.DenominatorSquares, s.Products,
		s.NumeratorPre, s.NumeratorPreSquares, s.DenominatorPre, s.DenominatorPreSquares, s.NumeratorNumeratorPre,
		s.DenominatorDenominatorPre, s.NumeratorPreDenominatorPre, s.NumeratorDenominatorPre, s.NumeratorPreDenominatorPlain)
}

// ratioWant is each metric's sums per variant (ratioFlat), without and with a 7-day CUPED window.
var ratioWant = map[string][]string{
	"revenue/sessions w0": {"b5 27 449 6 8 47 0 0 0 0 0 0 0 0 0", "control2 40 1600 2 2 40 0 0 0 0 0 0 0 0 0"},
	"revenue/sessions w7": {"b5 27 449 6 8 47 12 144 1 1 0 1 12 0 12", "control2 40 1600 2 2 40 0 0 1 1 0 1 0 0 0"},
	"revenue/orders w0":   {"b5 27 449 3 5 47 0 0 0 0 0 0 0 0 0", "control2 40 1600 2 4 80 0 0 0 0 0 0 0 0 0"},
	"revenue/orders w7":   {"b5 27 449 3 5 47 12 144 1 1 0 0 12 0 0", "control2 40 1600 2 4 80 0 0 0 0 0 0 0 0 0"},
	"pages/sessions w0":   {"b5 3 5 6 8 3 0 0 0 0 0 0 0 0 0", "control2 2 2 2 2 2 0 0 0 0 0 0 0 0 0"},
	"pages/sessions w7":   {"b5 3 5 6 8 3 1 1 1 1 1 1 1 1 1", "control2 2 2 2 2 2 1 1 1 1 1 1 1 1 1"},
	"goal/sessions w0":    {"b5 2 4 6 8 2 0 0 0 0 0 0 0 0 0", "control2 1 1 2 2 1 0 0 0 0 0 0 0 0 0"},
	"goal/sessions w7":    {"b5 2 4 6 8 2 0 0 1 1 0 1 0 0 0", "control2 1 1 2 2 1 1 1 1 1 0 1 1 0 1"},
}

// Ratio metrics' sums (eventstore.RatioReads) on every store: each metric the screens offer, without
// and with CUPED's window (SQLite's figures are the reference).
func TestStoreContractRatioSums(t *testing.T) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, storetest.SiteA, storetest.SiteB)
			if err := store.WriteAll(ratioTraffic()); err != nil {
				t.Fatal(err)
			}
			for _, q := range []eventstore.RatioQuery{{Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioSessions}, {Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioOrders},
				{Numerator: eventstore.RatioPages, Denominator: eventstore.RatioSessions}, {Numerator: eventstore.RatioGoal, Denominator: eventstore.RatioSessions, GoalID: "goalpurchase"}} {
				for _, w := range []int{0, 7} {
					q.SiteID, q.ExperimentID, q.WindowDays = storetest.SiteA, storetest.ExpOne, w
					got, err := store.RatioSums(q)
					if err != nil {
						t.Fatal(err)
					}
					var flat []string
					for _, s := range got {
						flat = append(flat, ratioFlat(s))
					}
					sort.Strings(flat)
					name := fmt.Sprintf("%s/%s w%d", q.Numerator, q.Denominator, w)
					if !reflect.DeepEqual(flat, ratioWant[name]) {
						t.Errorf("%s:\n got %q\nwant %q", name, flat, ratioWant[name])
					}
				}
			}
			if other, _ := store.RatioSums(eventstore.RatioQuery{SiteID: storetest.SiteB, ExperimentID: storetest.ExpOne, Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioSessions}); len(other) != 0 {
				t.Errorf("site B's sums = %+v, want none", other)
			}
			if _, err := store.RatioSums(eventstore.RatioQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, Numerator: "visits", Denominator: eventstore.RatioSessions}); err == nil {
				t.Error("an unknown part gave no error")
			}
		})
	}
}
