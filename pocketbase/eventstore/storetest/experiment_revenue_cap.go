package storetest

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// Browser revenue an experiment counts is held to the same cap as the site's figures (the stores'
// default: 1,000 per visitor per day, three visitors' worth per client source per day), whether
// the purchase arrives with the exposure, after it, or before a late exposure.
func ExperimentRevenueIsCapped(t *testing.T, storeFactories []Factory) {
	site, t0 := experimentSite(), ago(2*time.Hour)
	xp := func(variant string) eventstore.Event {
		return at(eventstore.Event{Type: "xp", Path: "/", ID: expOne, Name: variant}, t0)
	}
	buy := func(value float64, after time.Duration) eventstore.Event {
		return at(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: value}, t0.Add(after))
	}
	batch := func(visitor, client string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Client: client, Device: "desktop",
			Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: "s" + visitor, Events: events}}
	}
	first := []eventstore.Ingest{
		// One source's four buyers, each exposed in the batch of their purchase: 2,700, then 300.
		batch("visitor0001", "clientshared", xp("b"), buy(900, time.Minute)),
		batch("visitor0002", "clientshared", xp("b"), buy(900, time.Minute)),
		batch("visitor0003", "clientshared", xp("control"), buy(900, time.Minute)),
		batch("visitor0004", "clientshared", xp("control"), buy(900, time.Minute)),
		// One visitor's 1,200: 1,000 count.
		batch("visitor0005", "clientown0005", xp("control"), buy(600, time.Minute), buy(600, 2*time.Minute)),
		// A purchase of 1,200 whose (earlier) exposure arrives in a later write: 1,000 count.
		batch("visitor0006", "clientown0006", buy(1200, 5*time.Minute)),
	}
	late := []eventstore.Ingest{batch("visitor0006", "clientown0006", xp("b"))}
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			if err := store.WriteAll(first); err != nil {
				t.Fatal(err)
			}
			if err := store.WriteAll(late); err != nil {
				t.Fatal(err)
			}
			got, err := store.ExperimentResults(eventstore.ExperimentQuery{SiteID: siteA, ExperimentID: expOne, Revenue: true})
			if err != nil {
				t.Fatal(err)
			}
			want := []eventstore.MeanFigures{
				{Count: 3, Sum: 900 + 900 + 1000, SumSquares: 900*900 + 900*900 + 1000*1000},
				{Count: 3, Sum: 900 + 300 + 1000, SumSquares: 900*900 + 300*300 + 1000*1000},
			}
			var revenue []eventstore.MeanFigures
			for _, v := range got.Variants {
				revenue = append(revenue, v.Revenue)
			}
			if !reflect.DeepEqual(revenue, want) {
				t.Errorf("revenue per variant (b, control)\n got %+v\nwant %+v", revenue, want)
			}
		})
	}
}
