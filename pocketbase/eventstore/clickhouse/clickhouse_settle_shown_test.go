package clickhouse

import (
	"reflect"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/storetest"
)

// Every figure the experiment results screen reads (each goal's results, revenue's, CUPED's
// covariates of the goals and revenue at the experiment's window, the guardrails, the ratio goals
// and guardrails) is computed by the settle pass once the store is told what the running
// experiments show: another server's first read of the screen sends no computing statement.
func TestClickHouseSettlePassComputesEveryFigureTheResultsScreenReads(t *testing.T) {
	store := experimentTrafficStore(t)
	shown := shownExperiment()
	store.DefineMetrics(func(siteID string) ([]eventstore.RatioQuery, error) { return shown.Ratios, nil })
	store.DefineCovariates(func(siteID string) ([]eventstore.CovariateQuery, error) { return shown.covariates(), nil })
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	other, rec := recordedServer(store)
	readResultsScreen(t, other, shown)
	noneComputed(t, "the first read of the results screen, after the settle pass", rec)
	// What it read settled is what the raw events give (the goal's and revenue's at the window).
	q := eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"}
	goal, revenue, err := other.ExperimentCovariatesWithRevenue(q, shown.WindowDays)
	if err != nil {
		t.Fatal(err)
	}
	want := refCovariates(t, store, q, shown.WindowDays, []string{q.GoalID, eventrow.RevenueGoal}, [2]string{chGoalPost, chGoalPre},
		[2]string{chRevenuePost, chRevenuePre})
	if len(want[0]) == 0 || !reflect.DeepEqual([][]eventstore.CupedCell{goal, revenue}, want) {
		t.Errorf("the settled covariates at %d days\n got %v\nwant %v", shown.WindowDays, [][]eventstore.CupedCell{goal, revenue}, want)
	}
}

// shownDefinition is what the results screen of the contract's experiment reads.
type shownDefinition struct {
	Goals      []string // goal ids; "" is revenue
	WindowDays int
	Ratios     []eventstore.RatioQuery
}

func shownExperiment() shownDefinition {
	q := eventstore.RatioQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne}
	perSession, pages := q, q
	perSession.Numerator, perSession.Denominator, perSession.WindowDays = eventstore.RatioRevenue, eventstore.RatioSessions, 7
	pages.Numerator, pages.Denominator = eventstore.RatioPages, eventstore.RatioSessions
	return shownDefinition{Goals: []string{"goalpurchase", "goalnobody", ""}, WindowDays: 7, Ratios: []eventstore.RatioQuery{perSession, pages}}
}

// covariates are the CUPED covariates of the goals at the window, as the experiments package tells them.
func (d shownDefinition) covariates() []eventstore.CovariateQuery {
	var out []eventstore.CovariateQuery
	for _, g := range d.Goals {
		out = append(out, eventstore.CovariateQuery{WindowDays: d.WindowDays,
			ExperimentQuery: eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: g, Revenue: g == ""}})
	}
	return out
}

// readResultsScreen reads what experiments.Results reads for each of the experiment's goals.
func readResultsScreen(t *testing.T, s *chStore, d shownDefinition) {
	t.Helper()
	for _, g := range d.Goals {
		q := eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: g, Revenue: g == ""}
		if _, err := s.ExperimentResults(q); err != nil {
			t.Fatal(err)
		}
		var err error
		if g == "" {
			_, err = s.ExperimentCovariates(q, d.WindowDays)
		} else {
			_, _, err = s.ExperimentCovariatesWithRevenue(q, d.WindowDays)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.ExperimentGuardrails(storetest.SiteA, storetest.ExpOne); err != nil {
		t.Fatal(err)
	}
	for _, q := range d.Ratios {
		if _, err := s.RatioSums(q); err != nil {
			t.Fatal(err)
		}
	}
}
