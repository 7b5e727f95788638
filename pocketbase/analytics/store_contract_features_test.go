package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/storetest"
	"reflect"
	"sort"
	"testing"
	"time"
)

// The features' reads (eventstore.FeatureReads) on every store: audiences' reach, a
// personalization's arms, ecommerce's exposed visitors, frustration's session trails.

// personalizationTraffic, on site A with t0 three hours before contractNow (rule one is the
// personalization; "holdout" exposures are its held-out visitors):
//
//	p1  shown, then /thank-you (Purchase): personalized, converted
//	p2  shown, nothing after
//	p3  held out, then the Signup event: holdout, converted (any goal), not for Purchase
//	p4  held out, then shown later (stays held out); its /thank-you came before: not converted
//	p5  shown, then only the newsletter micro goal: not converted
//	p6  shown for rule two only: in neither arm of rule one
func personalizationTraffic() []eventstore.Ingest {
	a := storetest.Site(storetest.SiteA)
	t0 := storetest.Ago(3 * time.Hour)
	shown := func(rule string, t time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "ex", Path: "/", ID: rule, Value: 3}, t)
	}
	held := func(t time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "ex", Path: "/", ID: storetest.RuleOne, Name: "holdout"}, t)
	}
	pv := func(path string, t time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "pv", Path: path}, t)
	}
	batch := func(visitor string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: a, Batch: &eventstore.Batch{Key: a.Key, Visitor: visitor, Session: "s" + visitor, Events: events}, Device: "desktop"}
	}
	return []eventstore.Ingest{
		batch("visitorpp01", pv("/", t0), shown(storetest.RuleOne, t0.Add(time.Second)), pv("/thank-you", t0.Add(time.Minute))),
		batch("visitorpp02", pv("/", t0), shown(storetest.RuleOne, t0.Add(time.Second))),
		batch("visitorpp03", pv("/", t0), held(t0.Add(time.Second)), storetest.At(eventstore.Event{Type: "ev", Path: "/", Name: "signup"}, t0.Add(time.Minute))),
		batch("visitorpp04", pv("/thank-you", t0), held(t0.Add(time.Second)), shown(storetest.RuleOne, t0.Add(time.Minute))),
		batch("visitorpp05", pv("/", t0), shown(storetest.RuleOne, t0.Add(time.Second)), storetest.At(eventstore.Event{Type: "ev", Path: "/", Name: "newsletter"}, t0.Add(time.Minute))),
		batch("visitorpp06", pv("/", t0), shown(storetest.RuleTwo, t0.Add(time.Second))),
	}
}

func TestStoreContractPersonalizationArms(t *testing.T) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, storetest.SiteA, storetest.SiteB)
			if err := store.WriteAll(personalizationTraffic()); err != nil {
				t.Fatal(err)
			}
			got, err := store.PersonalizationArms(storetest.SiteA, storetest.RuleOne, "")
			if err != nil {
				t.Fatal(err)
			}
			want := []eventstore.ArmFigures{{Arm: "exposure", Visitors: 3, Conversions: 1}, {Arm: eventrow.HoldoutExposure, Visitors: 2, Conversions: 1}}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("arms for any goal:\n got %+v\nwant %+v", got, want)
			}
			got, _ = store.PersonalizationArms(storetest.SiteA, storetest.RuleOne, "goalpurchase")
			want = []eventstore.ArmFigures{{Arm: "exposure", Visitors: 3, Conversions: 1}, {Arm: eventrow.HoldoutExposure, Visitors: 2, Conversions: 0}}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("arms for Purchase:\n got %+v\nwant %+v", got, want)
			}
			if got, _ := store.PersonalizationArms(storetest.SiteB, storetest.RuleOne, ""); len(got) != 0 {
				t.Errorf("site B's arms = %+v, want none", got)
			}
			// A holdout is never an exposure to the rule's health.
			if h, _ := store.RuleHealth(storetest.SiteA, storetest.RuleOne, storetest.Ago(24*time.Hour)); h.ExposedVisitors != 4 {
				t.Errorf("rule one's exposed visitors = %d, want 4 (p1, p2, p4, p5: not p3's holdout)", h.ExposedVisitors)
			}
		})
	}
}

func TestStoreContractVisitorsSince(t *testing.T) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, storetest.SiteA, storetest.SiteB)
			if err := store.WriteAll(storetest.Traffic()); err != nil {
				t.Fatal(err)
			}
			got, err := store.VisitorsSince(storetest.SiteA, storetest.Ago(7*24*time.Hour), 100)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, v := range got {
				ids = append(ids, v.Visitor)
			}
			// Latest session first: B (30 min ago), H (50 min), G (1 h), C (2 h), A (3 h).
			if want := []string{"visitorBBBB", "visitorHHHH", "visitorGGGG", "visitorCCCC", "visitorAAAA"}; !reflect.DeepEqual(ids, want) {
				t.Fatalf("visitors = %v, want %v", ids, want)
			}
			a := got[4]
			wantA := eventstore.VisitorLatest{Visitor: "visitorAAAA", StartedAt: storetest.Ago(3 * time.Hour), EntryPath: "/", Referrer: "https://www.google.com/search",
				Device: "desktop", Browser: "Chrome", Country: "SE", Sessions: 3}
			if !a.StartedAt.Equal(wantA.StartedAt) {
				t.Errorf("A's latest session started %v, want %v", a.StartedAt, wantA.StartedAt)
			}
			a.StartedAt = wantA.StartedAt
			if a != wantA {
				t.Errorf("A (three sessions, the latest from google) = %+v\nwant %+v", a, wantA)
			}
			if b := got[0]; b.Sessions != 1 || b.EntryPath != "/pricing" || b.Device != "mobile" || b.Country != "" {
				t.Errorf("B = %+v", b)
			}
			if two, _ := store.VisitorsSince(storetest.SiteA, storetest.Ago(7*24*time.Hour), 2); len(two) != 2 || two[1].Visitor != "visitorHHHH" {
				t.Errorf("limit 2 = %+v, want B and H", two)
			}
			if none, _ := store.VisitorsSince(storetest.SiteA, storetest.Ago(10*time.Minute), 100); len(none) != 0 {
				t.Errorf("visitors of the last 10 minutes = %+v, want none", none)
			}
		})
	}
}

func TestStoreContractExposedVisitors(t *testing.T) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, storetest.SiteA, storetest.SiteB)
			if err := store.WriteAll(storetest.ExperimentTraffic()); err != nil {
				t.Fatal(err)
			}
			got, err := store.ExposedVisitors(storetest.SiteA, storetest.ExpOne)
			if err != nil {
				t.Fatal(err)
			}
			sort.Slice(got, func(i, j int) bool { return got[i].Visitor < got[j].Visitor })
			t0 := storetest.Ago(2 * time.Hour)
			want := []eventstore.ExposedVisitor{{Visitor: "visitor0001", Variant: "control", At: t0.Add(time.Minute)}, {Visitor: "visitor0002", Variant: "control", At: t0}, {Visitor: "visitor0003", Variant: "b", At: t0},
				{Visitor: "visitor0004", Variant: "b", At: t0.Add(-24 * time.Hour)}, {Visitor: "visitor0006", Variant: "b", At: t0.Add(-10 * time.Minute)}, {Visitor: "visitor0007", Variant: "b", At: t0}}
			if len(got) != len(want) {
				t.Fatalf("exposed visitors = %+v\nwant %+v", got, want)
			}
			for i := range want {
				if got[i].Visitor != want[i].Visitor || got[i].Variant != want[i].Variant || !got[i].At.Equal(want[i].At) {
					t.Errorf("exposed visitor %d = %+v, want %+v", i, got[i], want[i])
				}
			}
			if other, _ := store.ExposedVisitors(storetest.SiteB, storetest.ExpOne); len(other) != 0 {
				t.Errorf("site B's exposed visitors = %+v, want none", other)
			}
		})
	}
}

func TestStoreContractSessionTrails(t *testing.T) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, storetest.SiteA, storetest.SiteB)
			if err := store.WriteAll(storetest.Traffic()); err != nil {
				t.Fatal(err)
			}
			// Sessions whose last event is in the last 2.5 hours, started within a day: C, G, H, B.
			refs, err := store.SessionsSeen(storetest.SiteA, storetest.Ago(150*time.Minute), storetest.Now, 24*time.Hour, 10)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, r := range refs {
				ids = append(ids, r.Session)
			}
			if want := []string{"sessionCCCC", "sessionGGGG", "sessionHHHH", "sessionBBBB"}; !reflect.DeepEqual(ids, want) {
				t.Fatalf("sessions seen = %v, want %v (oldest activity first)", ids, want)
			}
			c := refs[0]
			if !c.StartedAt.Equal(storetest.Ago(2*time.Hour)) || !c.LastSeenAt.Equal(storetest.Ago(2*time.Hour).Add(30*time.Second)) || c.EntryPath != "/" ||
				c.Device != "desktop" || c.Country != "DE" || c.Source != "Direct" || !c.Converted {
				t.Errorf("C = %+v", c)
			}
			if b := refs[3]; b.Converted || b.Country != "" || b.Device != "mobile" {
				t.Errorf("B (a micro goal only) = %+v", b)
			}
			if two, _ := store.SessionsSeen(storetest.SiteA, storetest.Ago(150*time.Minute), storetest.Now, 24*time.Hour, 2); len(two) != 2 {
				t.Errorf("limit 2 gave %d sessions", len(two))
			}
			// A, started 3 h ago, is outside a 150-minute maximum age.
			if old, _ := store.SessionsSeen(storetest.SiteA, storetest.Ago(4*time.Hour), storetest.Now, 150*time.Minute, 10); len(old) != 4 {
				t.Errorf("sessions started in the last 150 minutes = %d, want 4 (not A)", len(old))
			}

			trail, err := store.SessionTrail(storetest.SiteA, "sessionAAAA")
			if err != nil {
				t.Fatal(err)
			}
			t0 := float64(storetest.Ago(3 * time.Hour).UnixMilli())
			want := []eventstore.TrailEvent{{Type: "pageview", Path: "/", At: t0}, {Type: "error", Path: "/", At: t0 + 10000},
				{Type: "pageview", Path: "/thank-you", At: t0 + 20000}, {Type: "leave", Path: "/thank-you", At: t0 + 30000, Value: 6000, X: 80}}
			if !reflect.DeepEqual(trail, want) {
				t.Errorf("A's trail:\n got %+v\nwant %+v", trail, want)
			}
		})
	}
}
