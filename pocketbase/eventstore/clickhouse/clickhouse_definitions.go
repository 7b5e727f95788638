package clickhouse

import "cro/pocketbase/eventstore"

// The features' definitions (eventstore.Definitions): the settle pass computes the metrics the
// running experiments show before their first read (settleMetrics) and prunes the stored days of
// funnels no longer defined (clickhouse_funnel_prune.go).

var _ eventstore.Definitions = (*chStore)(nil)

func (s *chStore) DefineFunnels(f func(siteID string) ([]eventstore.FunnelQuery, error)) {
	s.defsMu.Lock()
	s.funnelDefs = f
	s.defsMu.Unlock()
}

func (s *chStore) DefineMetrics(f func(siteID string) ([]eventstore.RatioQuery, error)) {
	s.defsMu.Lock()
	s.metricDefs = f
	s.defsMu.Unlock()
}

// definedMetrics are the ratio metrics the experiment shows, by key (none when not told or unreadable).
func (s *chStore) definedMetrics(siteID, expID string) map[string]metricSpec {
	s.defsMu.Lock()
	metrics := s.metricDefs
	s.defsMu.Unlock()
	out := map[string]metricSpec{}
	if metrics == nil {
		return out
	}
	qs, err := metrics(siteID)
	if err != nil {
		return out
	}
	for _, q := range qs {
		if q.ExperimentID != expID || q.SiteID != siteID {
			continue
		}
		if m, err := ratioSpec(q); err == nil {
			out[m.key()] = m
		}
	}
	return out
}

// Redefined: a site's definitions changed (an experiment saved); the settle pass runs soon, so
// that what it now shows is computed before it is read.
func (s *chStore) Redefined(siteID string) {
	if !s.settles {
		return
	}
	select {
	case s.settleKick <- struct{}{}:
	default: // a pass is already due
	}
}
