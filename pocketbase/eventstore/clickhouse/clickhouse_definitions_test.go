package clickhouse

import (
	"errors"
	"reflect"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// The metrics a running experiment shows (eventstore.Definitions) are computed by the settle pass
// before anyone reads them: after the pass, another server's first read of each (the results
// page of an experiment just given a ratio metric or guardrail) computes nothing and answers what
// the raw events give. Definitions that cannot be read settle nothing more and fail nothing.
func TestClickHouseSettlePassComputesTheMetricsExperimentsShow(t *testing.T) {
	store := experimentTrafficStore(t)
	queries := metricQueries()
	store.DefineMetrics(func(siteID string) ([]eventstore.RatioQuery, error) {
		if siteID != storetest.SiteA {
			return nil, errors.New("no such site")
		}
		other := eventstore.RatioQuery{SiteID: siteID, ExperimentID: "anotherexp00001", Numerator: eventstore.RatioPages, Denominator: eventstore.RatioSessions}
		return append([]eventstore.RatioQuery{other}, queries...), nil
	})
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}
	other, rec := recordedServer(store)
	got := metricsOf(t, other, queries)
	noneComputed(t, "the first read of the metrics defined, after the settle pass", rec)
	if want := refMetrics(t, store, queries); len(want) < 2*len(queries) || !reflect.DeepEqual(got, want) {
		t.Fatalf("the settled metrics\n got %q\nwant %q", got, want)
	}
}
