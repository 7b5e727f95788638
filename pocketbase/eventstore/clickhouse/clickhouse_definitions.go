package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
)

// The features' definitions (eventstore.Definitions): the settle pass computes the metrics the
// running experiments show before their first read (settleMetrics, settleCuped) and prunes the stored days of
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

func (s *chStore) DefineCovariates(f func(siteID string) ([]eventstore.CovariateQuery, error)) {
	s.defsMu.Lock()
	s.covDefs = f
	s.defsMu.Unlock()
}

// definedCovariates are the CUPED windows the experiment shows and the goals read at each (none
// when not told or unreadable).
func (s *chStore) definedCovariates(siteID, expID string) map[int][]string {
	s.defsMu.Lock()
	covs := s.covDefs
	s.defsMu.Unlock()
	out := map[int][]string{}
	if covs == nil {
		return out
	}
	qs, err := covs(siteID)
	if err != nil {
		return out
	}
	for _, q := range qs {
		if q.ExperimentID != expID || q.SiteID != siteID {
			continue
		}
		goal := q.GoalID
		if q.Revenue {
			goal = eventrow.RevenueGoal
		}
		out[q.WindowDays] = append(out[q.WindowDays], goal)
	}
	return out
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

// Redefined: a site's definitions changed (an experiment saved, a funnel changed or deleted): the
// days in memory of funnels no longer defined go now, and the settle pass runs soon, so that what
// the site now shows is computed before it is read.
func (s *chStore) Redefined(siteID string) {
	s.forgetUndefinedFunnels(siteID)
	if !s.settles {
		return
	}
	select {
	case s.settleKick <- struct{}{}:
	default: // a pass is already due
	}
}

// forgetUndefinedFunnels drops from memory the site's funnel days of funnels no longer defined
// (nothing when the funnels are not told or cannot be read); the settle pass deletes their stored
// rows (clickhouse_funnel_prune.go).
func (s *chStore) forgetUndefinedFunnels(siteID string) {
	if defined := s.definedFunnelKeys(siteID); defined != nil {
		s.dayCache.DropUndefined(siteID, defined)
	}
}
