package storetest

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The experiment part of the store contract: exposures kept once per visitor and experiment (the
// first), unknown ones dropped and counted, and per-variant results that count conversions and
// purchases only after each visitor's first exposure.

const expOne = "contractexp0001"

func experimentSite() *eventstore.Site {
	site := contractSite(siteA)
	x := &eventstore.ExperimentConfig{ID: expOne, Variants: []eventstore.VariantConfig{{Key: "control", Weight: 0.5}, {Key: "b", Weight: 0.5}}}
	site.Experiments = map[string]*eventstore.ExperimentConfig{expOne: x}
	return site
}

// experimentTraffic, on site A, with t0 two hours before contractNow:
//
//	v1 control: /thank-you (Purchase goal) before the exposure, nothing after: exposed, not converted
//	v2 control: exposed, then /thank-you and two purchases (30 + 10)
//	v3 b:       exposed twice (two batches), /thank-you twice after: one user, one conversion
//	v4 b:       exposed the day before with a purchase of 5 that day, a purchase of 15 today
//	v5:         an exposure of an unknown variant and one of an unknown experiment: both dropped
//	v6 b:       exposed at t0+10m, then a late batch with an earlier exposure (t0-10m) and a purchase
//	            of 7 at t0-5m: the earlier exposure is the first, so the purchase counts
//	v7 b:       exposed; later writes bring /thank-you at t0+20m, then (late) at t0+5m: one conversion
func experimentTraffic() []eventstore.Ingest {
	site := experimentSite()
	t0 := ago(2 * time.Hour)
	xp := func(variant string, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "xp", Path: "/", ID: expOne, Name: variant}, t)
	}
	pv := func(path string, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "pv", Path: path}, t)
	}
	buy := func(value float64, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: value}, t)
	}
	batch := func(visitor, session string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: "desktop"}
	}
	return []eventstore.Ingest{
		batch("visitor0001", "session0001", pv("/thank-you", t0), xp("control", t0.Add(time.Minute))),
		batch("visitor0002", "session0002", xp("control", t0), pv("/thank-you", t0.Add(time.Minute)),
			buy(30, t0.Add(2*time.Minute)), buy(10, t0.Add(3*time.Minute))),
		batch("visitor0003", "session0003", xp("b", t0), pv("/thank-you", t0.Add(time.Minute))),
		batch("visitor0003", "session0003", xp("b", t0.Add(4*time.Minute)), pv("/thank-you", t0.Add(5*time.Minute))),
		batch("visitor0004", "session0004a", xp("b", t0.Add(-24*time.Hour)), buy(5, t0.Add(-24*time.Hour+time.Minute))),
		batch("visitor0004", "session0004b", buy(15, t0)),
		batch("visitor0005", "session0005", xp("zz", t0), at(eventstore.Event{Type: "xp", Path: "/", ID: "unknownexp0001", Name: "control"}, t0)),
		batch("visitor0006", "session0006", xp("b", t0.Add(10*time.Minute))),
		batch("visitor0006", "session0006", xp("b", t0.Add(-10*time.Minute)), buy(7, t0.Add(-5*time.Minute))),
		batch("visitor0007", "session0007", xp("b", t0)),
	}
}

// lateConversions are v7's conversions, each written on its own after the rest.
func lateConversions() [][]eventstore.Ingest {
	site, t0 := experimentSite(), ago(2*time.Hour)
	one := func(at time.Time) []eventstore.Ingest {
		return []eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0007", Session: "session0007",
			Events: []eventstore.Event{{Type: "pv", Path: "/thank-you", At: at}}}, Device: "desktop"}}
	}
	return [][]eventstore.Ingest{one(t0.Add(20 * time.Minute)), one(t0.Add(5 * time.Minute))}
}

func Experiments(t *testing.T, storeFactories []Factory) {
	yesterday := contractNow.AddDate(0, 0, -1).Format("2006-01-02")
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			if err := store.WriteAll(experimentTraffic()); err != nil {
				t.Fatal(err)
			}
			for _, late := range lateConversions() {
				if err := store.WriteAll(late); err != nil {
					t.Fatal(err)
				}
			}
			goal, err := store.ExperimentResults(eventstore.ExperimentQuery{SiteID: siteA, ExperimentID: expOne, GoalID: "goalpurchase"})
			if err != nil {
				t.Fatal(err)
			}
			want := []eventstore.VariantFigures{
				{Variant: "b", Users: 4, Conversions: 2, Revenue: eventstore.MeanFigures{Count: 4, Sum: 27, SumSquares: 20*20 + 7*7}},
				{Variant: "control", Users: 2, Conversions: 1, Revenue: eventstore.MeanFigures{Count: 2, Sum: 40, SumSquares: 40 * 40}},
			}
			if !reflect.DeepEqual(goal.Variants, want) {
				t.Errorf("goal results\n got %+v\nwant %+v", goal.Variants, want)
			}
			wantDaily := []eventstore.ExperimentDay{
				{Day: yesterday, Variants: []eventstore.CumulativeFigures{{Variant: "b", Users: 1, Revenue: 5}, {Variant: "control"}}},
				{Day: contractDay, Variants: []eventstore.CumulativeFigures{
					{Variant: "b", Users: 4, Conversions: 2, Revenue: 27}, {Variant: "control", Users: 2, Conversions: 1, Revenue: 40}}},
			}
			if !reflect.DeepEqual(goal.Daily, wantDaily) {
				t.Errorf("daily series\n got %+v\nwant %+v", goal.Daily, wantDaily)
			}

			revenue, err := store.ExperimentResults(eventstore.ExperimentQuery{SiteID: siteA, ExperimentID: expOne, Revenue: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := []float64{revenue.Variants[0].Conversions, revenue.Variants[1].Conversions}; !reflect.DeepEqual(got, []float64{2, 1}) {
				t.Errorf("purchasers per variant (b, control) = %v, want [2 1]", got)
			}
			if revenue.Variants[0].Revenue != want[0].Revenue {
				t.Errorf("revenue of b = %+v, want %+v", revenue.Variants[0].Revenue, want[0].Revenue)
			}

			totals, err := store.Totals(siteA, eventstore.DayRange{From: contractDay, To: contractDay})
			if err != nil {
				t.Fatal(err)
			}
			if totals.DroppedExposures != 2 {
				t.Errorf("dropped exposures = %v, want 2", totals.DroppedExposures)
			}

			none, err := store.ExperimentResults(eventstore.ExperimentQuery{SiteID: siteA, ExperimentID: "nosuchexp000000", GoalID: "goalpurchase"})
			if err != nil || len(none.Variants) != 0 || len(none.Daily) != 0 {
				t.Errorf("an experiment without exposures: %+v, %v", none, err)
			}

			// The results are aggregates: retention of raw events does not change them.
			if err := store.Prune(contractNow.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			after, _ := store.ExperimentResults(eventstore.ExperimentQuery{SiteID: siteA, ExperimentID: expOne, GoalID: "goalpurchase"})
			if !reflect.DeepEqual(after.Variants, want) {
				t.Errorf("after pruning the raw events: %+v", after.Variants)
			}
		})
	}
}

// The daily series is on the site's calendar: in Tokyo (UTC+9) an exposure at 23:30 UTC and a
// purchase at 15:30 UTC the next day land on the two local days after their UTC dates.
func ExperimentDaysInSiteZone(t *testing.T, storeFactories []Factory) {
	site := experimentSite()
	site.Zone, _ = time.LoadLocation("Asia/Tokyo")
	exposed := time.Date(2026, 3, 8, 23, 30, 0, 0, time.UTC)
	bought := time.Date(2026, 3, 9, 15, 30, 0, 0, time.UTC)
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA)
			err := store.WriteAll([]eventstore.Ingest{{Site: site, Device: "desktop", Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0001", Session: "session0001",
				Events: []eventstore.Event{
					at(eventstore.Event{Type: "xp", Path: "/", ID: expOne, Name: "b"}, exposed),
					at(eventstore.Event{Type: "pv", Path: "/thank-you"}, bought),
					at(eventstore.Event{Type: "ev", Path: "/checkout", Name: "purchase", Value: 12}, bought),
				}}}})
			if err != nil {
				t.Fatal(err)
			}
			goal, err := store.ExperimentResults(eventstore.ExperimentQuery{SiteID: siteA, ExperimentID: expOne, GoalID: "goalpurchase"})
			if err != nil {
				t.Fatal(err)
			}
			want := []eventstore.ExperimentDay{
				{Day: "2026-03-09", Variants: []eventstore.CumulativeFigures{{Variant: "b", Users: 1}}},
				{Day: "2026-03-10", Variants: []eventstore.CumulativeFigures{{Variant: "b", Users: 1, Conversions: 1, Revenue: 12}}},
			}
			if !reflect.DeepEqual(goal.Daily, want) {
				t.Errorf("daily series\n got %+v\nwant %+v", goal.Daily, want)
			}
		})
	}
}
