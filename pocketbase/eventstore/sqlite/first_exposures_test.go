package sqlite

import (
	"fmt"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// Bandit periods' first exposures: a closed period's counts are settled on their first read and
// answer what counting the exposures answers, after a late exposure that moves a visitor's first
// exposure from one closed period into an earlier one, after a settle pass, and after retention;
// an open period (or one ending within the late window) is always counted.
func TestBanditFirstExposuresSettledEqualTheCount(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	store := NewSQLiteStore(app).(*sqliteStore)
	if err := store.WriteAll(storetest.ExperimentTraffic()); err != nil {
		t.Fatal(err)
	}
	t0 := storetest.Ago(2 * time.Hour)
	periods := [][2]time.Time{
		{t0.Add(-48 * time.Hour), t0.Add(-time.Hour)},  // visitor0004's exposure
		{t0.Add(-time.Hour), t0.Add(-5 * time.Minute)}, // visitor0006's, then visitor0007's after the late one
		{t0.Add(-5 * time.Minute), t0.Add(20 * time.Minute)},
		{t0.Add(20 * time.Minute), time.Now().UTC().Add(-10 * time.Minute)}, // ends within the late window
		{t0.Add(20 * time.Minute), {}},                                      // open
	}
	settled := func(from, to time.Time) bool {
		var n int
		if err := app.DB().NewQuery(`SELECT COUNT(*) FROM metric_settled WHERE site_id = {:site} AND metric = {:metric} AND since > 0`).
			Bind(map[string]any{"site": storetest.SiteA, "metric": banditKey(storetest.ExpOne, from, to)}).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	check := func(label string) string {
		t.Helper()
		all := ""
		for i, p := range periods {
			for range 2 { // counted (and settled), then read settled
				got, err := store.FirstExposures(storetest.SiteA, storetest.ExpOne, p[0], p[1])
				if err != nil {
					t.Fatal(err)
				}
				want, err := store.countFirstExposures(storetest.SiteA, storetest.ExpOne, p[0], p[1])
				if err != nil {
					t.Fatal(err)
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s: period %d: got %v, want %v", label, i, got, want)
				}
				all += fmt.Sprint(want)
			}
			if closed := i < 3; settled(p[0], p[1]) != closed {
				t.Errorf("%s: period %d settled %v, want %v", label, i, !closed, closed)
			}
		}
		return all
	}
	before := check("first reads")
	late := []eventstore.Ingest{{Site: storetest.ExperimentSite(), Device: "desktop", Batch: &eventstore.Batch{Key: storetest.ExperimentSite().Key,
		Visitor: "visitor0007", Session: "session0007x", Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "xp", Path: "/",
			ID: storetest.ExpOne, Name: "b"}, t0.Add(-30*time.Minute))}}}}
	if err := store.WriteAll(late); err != nil {
		t.Fatal(err)
	}
	if check("an earlier exposure, late") == before {
		t.Fatal("the late exposure changed no period: the test cannot tell settled counts from counted ones")
	}
	if err := store.settler.settleAll(); err != nil {
		t.Fatal(err)
	}
	check("after a settle pass")
	if mark, err := readLateMark(app.DB(), storetest.SiteA); err != nil || mark.Since != "" {
		t.Errorf("the pass left the late mark %q (%v): settled periods must not keep it", mark.Since, err)
	}
	if err := store.PruneSite(storetest.SiteA, t0.Add(-30*time.Hour)); err != nil {
		t.Fatal(err)
	}
	check("after retention")
}
