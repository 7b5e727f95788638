package analytics

import (
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
)

// The collect endpoint is collect.Collector; this package gives it the sites, the store and the
// limits of its configuration, for the server (Register) and a stateless collector alike.
func newCollector(cfg Config, sites *siteCache, store eventstore.Store, sourceKey []byte) *collect.Collector {
	return &collect.Collector{
		Site: sites.get, Store: store, MaxAge: cfg.MaxAge, AllowedOrigins: cfg.AllowedOrigins, CountryHeader: cfg.CountryHeader,
		SiteLimit: collect.NewLimiter(cfg.SiteRPS), ClientLimit: collect.NewLimiter(cfg.ClientRPS),
		ShareLimit: collect.NewLimiter(cfg.SiteRPS * collect.ClientShareOfSite), SourceKey: sourceKey,
		Also: func() []func(string, *eventstore.Batch, string) { return AlsoCollect }, UnknownExposures: unknownExposures,
	}
}

// Names the SQLite writer and script serving use from the batch's parser.
var (
	typeNames  = collect.TypeNames
	keyPattern = collect.KeyPattern
)

func fail(e *core.RequestEvent, status int, msg string) error {
	return e.JSON(status, map[string]any{"status": status, "message": msg})
}
