package sqlite

import (
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// The covariate queries run on the real schema for every dimension and metric: the sums' read and
// the per-visitor pass it falls back to.
func TestCovariateQueriesRun(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	store := NewSQLiteStore(app).(*sqliteStore)
	for _, dim := range []string{eventstore.StratumDevice, eventstore.StratumVisitorType, "none"} {
		for _, q := range []eventstore.ExperimentQuery{{ExperimentID: "x", GoalID: "g"}, {ExperimentID: "x", Revenue: true}} {
			if _, err := store.CovariateSums(q, 14, dim, 0); err != nil {
				t.Fatalf("%s %+v: %v", dim, q, err)
			}
			if _, err := perVisitorCovariates(app, q, 14, dim); err != nil {
				t.Fatalf("%s %+v per visitor: %v", dim, q, err)
			}
		}
	}
}
