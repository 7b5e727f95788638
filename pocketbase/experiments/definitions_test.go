package experiments

import (
	"reflect"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/schematest"
)

// defsStore is a store with background passes (eventstore.Definitions) that records what it is told.
type defsStore struct {
	eventstore.Store
	mu        sync.Mutex
	metrics   func(siteID string) ([]eventstore.RatioQuery, error)
	covs      func(siteID string) ([]eventstore.CovariateQuery, error)
	redefined []string
}

func (s *defsStore) DefineFunnels(func(string) ([]eventstore.FunnelQuery, error)) {}
func (s *defsStore) DefineMetrics(f func(string) ([]eventstore.RatioQuery, error)) {
	s.metrics = f
}
func (s *defsStore) DefineCovariates(f func(string) ([]eventstore.CovariateQuery, error)) {
	s.covs = f
}
func (s *defsStore) Redefined(siteID string) {
	s.mu.Lock()
	s.redefined = append(s.redefined, siteID)
	s.mu.Unlock()
}

// The store is told the ratio metrics each running experiment's results read (its ratio goals
// at its CUPED window, its ratio guardrails without; not a goal per session as a guardrail, which
// the guardrails do not read) and the CUPED covariates of its other goals, those of a paused one
// not, and saving an experiment asks for a pass.
func TestStoreIsToldTheRatioMetricsRunningExperimentsShow(t *testing.T) {
	const site = "defssite0000001"
	app := schematest.NewAppWithSites(t, site)
	store := &defsStore{}
	registerDefinitions(app, store)
	experiments, err := app.FindCollectionByNameOrId("experiments")
	if err != nil {
		t.Fatal(err)
	}
	save := func(status, primary string, secondary []string, guardrails []map[string]any) *core.Record {
		t.Helper()
		x := core.NewRecord(experiments)
		x.Load(map[string]any{"site_id": site, "name": "Test " + primary, "status": status, "primary_goal": primary,
			"secondary_goals": secondary, "guardrails": guardrails, "cuped_window_days": 14})
		if err := app.SaveNoValidate(x); err != nil {
			t.Fatal(err)
		}
		return x
	}
	running := save("running", "goalsignup00001", []string{averageOrderValue, revenueGoal, goalPerSession + "goalsignup00001"},
		[]map[string]any{{"metric": pagesPerSession, "threshold": 10}, {"metric": goalPerSession + "goalsignup00001", "threshold": 10},
			{"metric": "error_rate", "threshold": 10}})
	save("paused", revenuePerSession, nil, nil)
	got, err := store.metrics(site)
	if err != nil {
		t.Fatal(err)
	}
	q := func(num, den, goal string, window int) eventstore.RatioQuery {
		return eventstore.RatioQuery{SiteID: site, ExperimentID: running.Id, Numerator: num, Denominator: den, GoalID: goal, WindowDays: window}
	}
	want := []eventstore.RatioQuery{q(eventstore.RatioRevenue, eventstore.RatioOrders, "", 14),
		q(eventstore.RatioGoal, eventstore.RatioSessions, "goalsignup00001", 14), q(eventstore.RatioPages, eventstore.RatioSessions, "", 0)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("metrics told\n got %+v\nwant %+v", got, want)
	}
	if none, err := store.metrics("othersite000001"); err != nil || len(none) != 0 {
		t.Errorf("another site's metrics = %+v (%v), want none", none, err)
	}
	// CUPED's covariates: the goals that are not ratio metrics, revenue's when it is a goal, at the window.
	covs, err := store.covs(site)
	if err != nil {
		t.Fatal(err)
	}
	cov := func(goal string, revenue bool) eventstore.CovariateQuery {
		return eventstore.CovariateQuery{WindowDays: 14, ExperimentQuery: eventstore.ExperimentQuery{SiteID: site, ExperimentID: running.Id, GoalID: goal, Revenue: revenue}}
	}
	if want := []eventstore.CovariateQuery{cov("goalsignup00001", false), cov("", true)}; !reflect.DeepEqual(covs, want) {
		t.Errorf("covariates told\n got %+v\nwant %+v", covs, want)
	}
	if !reflect.DeepEqual(store.redefined, []string{site, site}) {
		t.Errorf("passes asked for = %q, want one per experiment saved", store.redefined)
	}
}
