// Package analytics is the tracker's server side: it serves the per-site tracker script, accepts
// event batches at /api/cro/collect, writes them with rollups in batched transactions, keeps the
// per-site live record and KPI fields current, answers the dashboard's analytics queries from
// rollups only, and prunes raw events past their retention.
//
// Events, sessions and rollups are kept by a Store (cro/pocketbase/eventstore: SQLite, sqlite_*.go, or
// ClickHouse, clickhouse_*.go, with CRO_EVENTS_URL), the only code that knows their tables. Everything
// else, the JS hooks included ($analytics, jsvm.go), goes through it.
package analytics

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/sqlite"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"cro/pocketbase/visitorhash"
)

// Config comes from the environment (documented in the README).
type Config struct {
	AllowedOrigins []string      // CRO_COLLECT_ALLOWED_ORIGINS: extra origins accepted for every site
	CountryHeader  string        // CRO_COUNTRY_HEADER: trusted proxy header with a 2-letter country
	SiteRPS        float64       // CRO_COLLECT_SITE_RPS: requests per second per site (0 = unlimited)
	ClientRPS      float64       // CRO_COLLECT_CLIENT_RPS: requests per second per client (0 = unlimited)
	MaxAge         time.Duration // CRO_COLLECT_MAX_AGE_DAYS: oldest event timestamp accepted
	RetentionDays  int           // CRO_EVENT_RETENTION_DAYS: raw events kept this many days
	LiveInterval   time.Duration // CRO_LIVE_INTERVAL_MS: how often live records and site KPIs refresh
}

func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(strings.TrimSpace(os.Getenv(name)), 64); err == nil && v >= 0 {
		return v
	}
	return def
}

// LoadConfig reads the configuration with its defaults.
func LoadConfig() Config {
	var origins []string
	for _, o := range strings.Split(os.Getenv("CRO_COLLECT_ALLOWED_ORIGINS"), ",") {
		if o = strings.TrimSpace(o); o != "" {
			origins = append(origins, o)
		}
	}
	return Config{
		AllowedOrigins: origins,
		CountryHeader:  strings.TrimSpace(os.Getenv("CRO_COUNTRY_HEADER")),
		SiteRPS:        envFloat("CRO_COLLECT_SITE_RPS", 500),
		ClientRPS:      envFloat("CRO_COLLECT_CLIENT_RPS", 100),
		MaxAge:         time.Duration(envFloat("CRO_COLLECT_MAX_AGE_DAYS", 35)*24) * time.Hour,
		RetentionDays:  int(envFloat("CRO_EVENT_RETENTION_DAYS", 90)),
		LiveInterval:   time.Duration(envFloat("CRO_LIVE_INTERVAL_MS", 2000)) * time.Millisecond,
	}
}

// Register wires the analytics routes, the store's writer, the live refresher and the retention
// job into the app.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	app.RootCmd.AddCommand(Command(app, store))
	app.RootCmd.AddCommand(clickhouse.CopyCommand(app)) // events-copy: a site's events from SQLite to ClickHouse
	cfg := LoadConfig()
	sites := newSiteCache(app)
	servedSites.Store(sites)
	c := newCollector(cfg, sites, store, nil)

	for _, name := range []string{"sites", "goals", "optimization_rules", "experiments", "ecommerce_settings", "audiences", "surveys"} {
		app.OnRecordAfterCreateSuccess(name).BindFunc(func(e *core.RecordEvent) error { sites.clear(); return e.Next() })
		app.OnRecordAfterUpdateSuccess(name).BindFunc(func(e *core.RecordEvent) error { sites.clear(); return e.Next() })
		app.OnRecordAfterDeleteSuccess(name).BindFunc(func(e *core.RecordEvent) error { sites.clear(); return e.Next() })
	}
	clearOnTagManager(app, sites)

	checkZoneOnWrite(app)
	sqlite.EventRecordTimes(app)

	stopLive := func() {}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			c.SourceKey = collect.LoadSourceKey(app.DataDir())
			collect.Visitors.Store(visitorhash.New(visitorhash.RecordStore{App: app}, nil))
			store.Start()
			stopLive = startLive(app, store, cfg.LiveInterval)
			// Successful tracker requests are not written to the request log: too many, no value.
			se.Router.GET("/t/{file}", scriptHandler(sites, cfg.CountryHeader)).Bind(apis.SkipSuccessActivityLog())
			se.Router.POST("/api/cro/collect", c.Handle).Bind(apis.SkipSuccessActivityLog())
			se.Router.GET("/api/cro/analytics/{siteId}", analyticsHandler(store))
			se.Router.GET("/api/cro/analytics/{siteId}/sessions", sessionsHandler(app, store))
			se.Router.GET("/api/cro/kpis/{siteId}", kpisHandler(app, store))
			se.Router.GET("/api/cro/micro-goals/{siteId}", microGoalsHandler(app, store))
			se.Router.GET("/api/cro/automated-hits/{siteId}", automatedHitsHandler(store))
			registerCollectorConfig(se, sites, func() []byte { return c.SourceKey }) // CRO_COLLECTOR_TOKEN
			registerCollectorVisitorKey(se)
			registerSpoolStats(se, store) // ClickHouse: GET /api/cro/events/spool (superusers)
			return se.Next()
		},
		Priority: -10,
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		stopLive()
		store.Stop()
		return e.Next()
	})
	app.Cron().MustAdd("cro_events_retention", "17 3 * * *", func() { pruneEvents(app, store, cfg.RetentionDays, time.Now()) })
}
