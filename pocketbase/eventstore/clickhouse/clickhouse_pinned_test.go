package clickhouse

import (
	"reflect"
	"regexp"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// chStrataStateSQL matches strataState's statement: the snapshot a read of experiment figures takes.
var chStrataStateSQL = regexp.MustCompile(`SELECT 'e' AS k, toString\(day\) AS d`)

// A pinned view reads the results screen (each goal's results and covariates, revenue's, the
// guardrails, the ratio goals and guardrails) with one strata snapshot, where the store takes one
// per figure, and answers as the store; a view pinned after an insert sees it.
func TestClickHousePinnedViewReadsTheResultsScreenWithOneSnapshot(t *testing.T) {
	url := chDatabaseURL(t)
	store := storeAt(t, url)
	if err := store.WriteAll(storetest.ExperimentTraffic()); err != nil {
		t.Fatal(err)
	}
	shown := shownExperiment()
	server, rec := recordedServer(store)
	screen := func(s eventstore.Store) []any {
		t.Helper()
		var out []any
		for _, g := range shown.Goals {
			q := eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: g, Revenue: g == ""}
			r, err := s.ExperimentResults(q)
			if err != nil {
				t.Fatal(err)
			}
			c, err := s.(eventstore.CovariateStore).ExperimentCovariates(q, shown.WindowDays)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, r, c)
			if g != "" {
				gc, rc, err := s.(eventstore.CovariatePairStore).ExperimentCovariatesWithRevenue(q, shown.WindowDays)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, gc, rc)
			}
		}
		g, err := s.ExperimentGuardrails(storetest.SiteA, storetest.ExpOne)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
		for _, q := range shown.Ratios {
			r, err := s.(eventstore.RatioReads).RatioSums(q)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
	snapshots := func() int { return len(rec.matching(chStrataStateSQL)) }
	want := screen(server) // computes and keeps every day
	rec.reset()
	if again := screen(server); !reflect.DeepEqual(again, want) {
		t.Fatalf("a second read differs:\n got %v\nwant %v", again, want)
	}
	perFigure := snapshots()
	rec.reset()
	pinned := eventstore.Pinned(server)
	if got := screen(pinned); !reflect.DeepEqual(got, want) {
		t.Fatalf("the pinned view's screen\n got %v\nwant %v", got, want)
	}
	if n := snapshots(); n != 1 || perFigure < 5 {
		t.Errorf("strata snapshots of the screen: %d pinned, %d unpinned; want 1 pinned", n, perFigure)
	}

	site := storetest.ExperimentSite()
	if err := store.WriteAll([]eventstore.Ingest{{Site: site, Device: "desktop", Batch: &eventstore.Batch{Key: site.Key, Visitor: "visitor0077",
		Session: "session0077", Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "xp", Path: "/", ID: storetest.ExpOne, Name: "b"},
			time.Now().Add(-time.Minute))}}}}); err != nil {
		t.Fatal(err)
	}
	after := screen(eventstore.Pinned(server))
	if reflect.DeepEqual(after, want) {
		t.Fatal("a view pinned after an exposure today answers as before it")
	}
	if fresh := screen(storeAt(t, url)); !reflect.DeepEqual(after, fresh) {
		t.Errorf("a view pinned after the exposure\n got %v\nwant (a fresh server) %v", after, fresh)
	}
}
