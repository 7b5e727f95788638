package sqlite

import (
	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
)

// The stored days of funnels deleted or changed (a funnel's days are keyed by its definition) go
// with retention's daily pass, once the funnels package has told the store the site's funnels
// (eventstore.Definitions); late events already delete the days they undo (funnel_late.go).
// Redefined drops the days in memory of funnels no longer defined at once, and asks the metrics'
// settle pass (metric_settle.go) for a pass, which settles the ratio metrics DefineMetrics lists.

var _ eventstore.Definitions = (*sqliteStore)(nil)

func (s *sqliteStore) DefineFunnels(f func(siteID string) ([]eventstore.FunnelQuery, error)) {
	s.defsMu.Lock()
	s.funnelDefs = f
	s.defsMu.Unlock()
}

func (s *sqliteStore) DefineMetrics(f func(siteID string) ([]eventstore.RatioQuery, error)) {
	s.settler.define(f)
}

// Redefined: a site's definitions changed (a funnel changed or deleted): the days in memory of
// funnels no longer defined go now (their stored days at the next retention pass).
func (s *sqliteStore) Redefined(site string) {
	if defined := s.definedFunnels(site); defined != nil {
		s.dayCache.DropUndefined(site, defined)
	}
	s.settler.poke()
}

// DefineCovariates: SQLite keeps CUPED's sums at ingest (covariate_sums), nothing to compute ahead.
func (s *sqliteStore) DefineCovariates(func(siteID string) ([]eventstore.CovariateQuery, error)) {}

// pruneUndefinedFunnels deletes the site's stored days of funnel keys no funnel of the site has;
// nothing when the funnels were not told or cannot be read.
func (s *sqliteStore) pruneUndefinedFunnels(site string) error {
	defined := s.definedFunnels(site)
	if defined == nil {
		return nil
	}
	s.dayCache.DropUndefined(site, defined)
	var keys []string
	if err := s.app.DB().NewQuery(`SELECT DISTINCT funnel_key FROM funnel_days WHERE site_id = {:site}`).
		Bind(dbx.Params{"site": site}).Column(&keys); err != nil {
		return err
	}
	for _, k := range keys {
		if defined[k] {
			continue
		}
		if _, err := s.app.NonconcurrentDB().NewQuery(`DELETE FROM funnel_days WHERE site_id = {:site} AND funnel_key = {:key}`).
			Bind(dbx.Params{"site": site, "key": k}).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// definedFunnels are the keys of the site's funnels, nil when not told or unreadable.
func (s *sqliteStore) definedFunnels(site string) map[string]bool {
	s.defsMu.Lock()
	funnels := s.funnelDefs
	s.defsMu.Unlock()
	if funnels == nil {
		return nil
	}
	qs, err := funnels(site)
	if err != nil {
		return nil
	}
	defined := map[string]bool{}
	for _, q := range qs {
		defined[funneldays.Key(q)] = true
	}
	return defined
}
