package eventstore

// Definitions is an optional part of a store with background passes (ClickHouse's settle pass):
// the features tell it what a site defines today, so that it computes what the product will read
// before anyone reads it and deletes what no definition reads any more. Each function answers
// the site's whole list, or an error (then the pass prunes nothing of that kind).
type Definitions interface {
	// DefineFunnels: the site's funnels as queries (steps, window, order, zone; no range).
	DefineFunnels(func(siteID string) ([]FunnelQuery, error))
	// DefineMetrics: the ratio metrics the site's running experiments show (an experiment's
	// goals at its CUPED window, its ratio guardrails at 0), SiteID and ExperimentID set.
	DefineMetrics(func(siteID string) ([]RatioQuery, error))
	// Redefined: what the site defines changed (an experiment saved); a pass runs soon.
	Redefined(siteID string)
}
