package analytics

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore/storetest"
)

// A bandit period's first exposures (eventstore.FeatureReads.FirstExposures) on every store, given
// experimentTraffic's first exposures to expOne (t0 two hours ago): 0001 control at t0+1m, 0002
// control at t0, 0003 and 0007 b at t0, 0004 b a day before t0, 0006 b ten minutes before t0.
func TestStoreContractFirstExposures(t *testing.T) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, storetest.SiteA, storetest.SiteB)
			if err := store.WriteAll(storetest.ExperimentTraffic()); err != nil {
				t.Fatal(err)
			}
			t0 := storetest.Ago(2 * time.Hour)
			for _, c := range []struct {
				name     string
				from, to time.Time
				want     map[string]int
			}{
				{"from the start, open", time.Time{}, time.Time{}, map[string]int{"control": 2, "b": 4}},
				{"from t0, open", t0, time.Time{}, map[string]int{"control": 2, "b": 2}},
				{"the day before t0 (its start included, t0 excluded)", t0.Add(-24 * time.Hour), t0, map[string]int{"b": 2}},
				{"the ten minutes before t0", t0.Add(-10 * time.Minute), t0, map[string]int{"b": 1}},
				{"after the last", t0.Add(2 * time.Minute), time.Time{}, map[string]int{}},
			} {
				got, err := store.FirstExposures(storetest.SiteA, storetest.ExpOne, c.from, c.to)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, c.want) {
					t.Errorf("%s: got %v, want %v", c.name, got, c.want)
				}
			}
			if other, _ := store.FirstExposures(storetest.SiteB, storetest.ExpOne, time.Time{}, time.Time{}); len(other) != 0 {
				t.Errorf("site B's first exposures = %v, want none", other)
			}
		})
	}
}
