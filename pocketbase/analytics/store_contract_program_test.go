package analytics

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// The Program impact card's visitors (eventstore.FeatureReads.ProgramVisitors) on every store,
// given contractTraffic: A (sessions F, 72 h ago, and A, 3 h ago, with Purchase at 50), B (a micro
// goal only), C (Signup, no value), G and H (bounces); site B's E is not site A's.
func TestStoreContractProgramVisitors(t *testing.T) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, storetest.SiteA, storetest.SiteB)
			if err := store.WriteAll(storetest.Traffic()); err != nil {
				t.Fatal(err)
			}
			read := func(from time.Time, goal string) map[string]eventstore.VisitorOutcome {
				t.Helper()
				got, err := store.ProgramVisitors(storetest.SiteA, from, goal)
				if err != nil {
					t.Fatal(err)
				}
				out := map[string]eventstore.VisitorOutcome{}
				for _, v := range got {
					out[v.Visitor] = v
				}
				return out
			}
			want := map[string]eventstore.VisitorOutcome{
				"visitorAAAA": {Visitor: "visitorAAAA", Converted: true, Revenue: 50},
				"visitorBBBB": {Visitor: "visitorBBBB"},
				"visitorCCCC": {Visitor: "visitorCCCC", Converted: true},
				"visitorGGGG": {Visitor: "visitorGGGG"},
				"visitorHHHH": {Visitor: "visitorHHHH"},
			}
			if got := read(storetest.Ago(7*24*time.Hour), ""); !reflect.DeepEqual(got, want) {
				t.Errorf("any goal, last 7 days:\n got %+v\nwant %+v", got, want)
			}
			// Only Purchase: C's Signup no longer converts; revenue is every conversion's.
			c := want["visitorCCCC"]
			c.Converted = false
			want["visitorCCCC"] = c
			if got := read(storetest.Ago(7*24*time.Hour), "goalpurchase"); !reflect.DeepEqual(got, want) {
				t.Errorf("Purchase, last 7 days:\n got %+v\nwant %+v", got, want)
			}
			// Sessions started in the last 2.5 hours: not A's.
			delete(want, "visitorAAAA")
			if got := read(storetest.Ago(150*time.Minute), "goalpurchase"); !reflect.DeepEqual(got, want) {
				t.Errorf("Purchase, last 150 minutes:\n got %+v\nwant %+v", got, want)
			}
			if other, _ := store.ProgramVisitors(storetest.SiteB, storetest.Ago(10*time.Minute), ""); len(other) != 0 {
				t.Errorf("site B's visitors of the last 10 minutes = %+v, want none", other)
			}
		})
	}
}
