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
	// DefineCovariates: the CUPED covariates the site's running experiments show (each goal's,
	// revenue's when revenue is one of them, at the experiment's window), SiteID and ExperimentID set.
	DefineCovariates(func(siteID string) ([]CovariateQuery, error))
	// Redefined: what the site defines changed (an experiment saved); a pass runs soon.
	Redefined(siteID string)
}

// CovariateQuery is a goal's (or revenue's) CUPED covariates of an experiment at a window.
type CovariateQuery struct {
	ExperimentQuery
	WindowDays int
}
