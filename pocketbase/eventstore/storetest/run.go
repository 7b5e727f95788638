// Package storetest is the event store's contract as tests: the same events go into every
// implementation (SQLite, ClickHouse) and each query must give the same answer. A store's own
// tests call Run with a Factory that opens empty stores of it. Only tests import this package.
package storetest

import "testing"

// Run runs every part of the contract against each factory's stores.
func Run(t *testing.T, factories ...Factory) {
	for _, part := range []struct {
		name string
		run  func(*testing.T, []Factory)
	}{
		{"Overview", Overview}, {"ServerConversions", ServerConversions}, {"GoalConvertersCountMicroGoals", GoalConvertersCountMicroGoals},
		{"Experiments", Experiments}, {"ExperimentDaysInSiteZone", ExperimentDaysInSiteZone}, {"ExperimentRevenueIsCapped", ExperimentRevenueIsCapped},
		{"Guardrails", Guardrails}, {"DroppedEventsMakeNoVisit", DroppedEventsMakeNoVisit}, {"DayVisitorOnEarliestSession", DayVisitorOnEarliestSession}, {"SessionBatchesReversed", SessionBatchesReversed},
		{"BatchStoredOnce", BatchStoredOnce},
		{"Feed", Feed}, {"RecentSessions", RecentSessions}, {"Funnels", Funnels}, {"FunnelBreakdownFollowsNewEvents", FunnelBreakdownFollowsNewEvents}, {"ClickMap", ClickMap},
	} {
		t.Run(part.name, func(t *testing.T) { part.run(t, factories) })
	}
}
