package sqlite

import (
	"strings"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// A read of settled metrics finds its recent visitors by index ranges only: events since a time,
// sessions stored since a rowid, exposures since a time; then each by (experiment, visitor). A
// scan of the site's sessions or the experiment's exposures would grow with the site again.
func TestSettledMetricsRecentVisitorsSearchTheirIndexes(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	d, err := ratioMetric(eventstore.RatioQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne,
		Numerator: eventstore.RatioRevenue, Denominator: eventstore.RatioSessions, WindowDays: 14})
	if err != nil {
		t.Fatal(err)
	}
	p := map[string]any{"metric": d.key, "since_ms": 1, "since_iso": eventTimeISO(1), "sessions_rowid": 1}
	for k, v := range d.params {
		p[k] = v
	}
	plan := strings.Join(queryPlan(t, app, d.tailSQL(), p), "\n")
	for _, want := range []string{
		"SEARCH x USING INDEX idx_experiment_exposures_experiment_visitor (experiment=? AND visitor=?)",
		"SEARCH events USING INDEX idx_events_site_id_ts (site_id=? AND ts>?)",
		"SEARCH sessions USING INTEGER PRIMARY KEY (rowid>?)",
		"SEARCH experiment_exposures USING INDEX idx_experiment_exposures_experiment_ts (experiment=? AND ts>?)",
	} {
		if !strings.Contains(plan, want) {
			t.Errorf("plan lacks %q:\n%s", want, plan)
		}
	}
}

// A whole computation walks the experiment's exposures by their (experiment, visitor) index from the
// last visitor stored, in its order (no sort of every exposure per run of visitors).
func TestSettledMetricsWholeComputationWalksVisitorsInOrder(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	d := guardrailMetric(storetest.SiteA, storetest.ExpOne)
	p := map[string]any{"metric": d.key, "after": "", "chunk": 500}
	for k, v := range d.params {
		p[k] = v
	}
	plan := strings.Join(queryPlan(t, app, d.settleChunkSQL(">"), p), "\n")
	if !strings.Contains(plan, "SEARCH x USING INDEX idx_experiment_exposures_experiment_visitor (experiment=? AND visitor>?)") ||
		strings.Contains(plan, "TEMP B-TREE") {
		t.Errorf("a run of visitors does not walk the exposures' (experiment, visitor) index in order:\n%s", plan)
	}
}
