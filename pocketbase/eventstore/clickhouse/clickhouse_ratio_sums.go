package clickhouse

import (
	"cro/pocketbase/eventstore"
	"fmt"
)

// Ratio metrics' sums on ClickHouse (eventstore.RatioReads), with SQLite's meaning (ratio_sums.go):
// the metric's day figures summed (clickhouse_metric_days.go), each visitor's sessions from the
// sessions rollup, purchases and conversions from visitor_events and capped revenue from
// experiment_events' outcomes.

func (s *chStore) RatioSums(q eventstore.RatioQuery) ([]eventstore.RatioSums, error) {
	return s.ratioSums(s.db, q)
}

func (s *chStore) ratioSums(db *Client, q eventstore.RatioQuery) ([]eventstore.RatioSums, error) {
	m, err := ratioSpec(q)
	if err != nil {
		return nil, err
	}
	total, err := s.metricDays(db, q.SiteID, q.ExperimentID, m, false)
	out := make([]eventstore.RatioSums, 0, len(total))
	for _, v := range sortedKeys(total) {
		f := total[v]
		out = append(out, eventstore.RatioSums{Variant: v, Count: f[0], Numerator: f[1], NumeratorSquares: f[2], Denominator: f[3],
			DenominatorSquares: f[4], Products: f[5], NumeratorPre: f[6], NumeratorPreSquares: f[7], DenominatorPre: f[8],
			DenominatorPreSquares: f[9], NumeratorNumeratorPre: f[10], DenominatorDenominatorPre: f[11], NumeratorPreDenominatorPre: f[12],
			NumeratorDenominatorPre: f[13], NumeratorPreDenominatorPlain: f[14]})
	}
	return out, err
}

// ratioSpec is the metric a ratio query reads (the settle pass computes the experiments' own alike).
func ratioSpec(q eventstore.RatioQuery) (metricSpec, error) {
	known := map[string]bool{eventstore.RatioRevenue: true, eventstore.RatioSessions: true, eventstore.RatioPages: true,
		eventstore.RatioOrders: true, eventstore.RatioGoal: true}
	if !known[q.Numerator] || !known[q.Denominator] {
		return metricSpec{}, fmt.Errorf("unknown ratio parts %q over %q", q.Numerator, q.Denominator)
	}
	if q.Numerator != eventstore.RatioGoal && q.Denominator != eventstore.RatioGoal {
		q.GoalID = "" // a goal only names a goal part's rows
	}
	return metricSpec{q: q}, nil
}
