// Command cro-server is the product's one server process: PocketBase (auth, data, realtime,
// files, admin UI) with the JS hooks runtime, JS migrations and the site served from dist/.
package main

import (
	"fmt"
	"log"
	"os"
	"time"

	"cro/pocketbase/ai"
	"cro/pocketbase/analytics"
	"cro/pocketbase/ecommerce"
	"cro/pocketbase/experiments"
	"cro/pocketbase/forms"
	"cro/pocketbase/frustration"
	"cro/pocketbase/funnels"
	"cro/pocketbase/heatmaps"
	"cro/pocketbase/integrations"
	"cro/pocketbase/personalization"
	"cro/pocketbase/programimpact"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"

	"cro/pocketbase/authdns"
	"cro/pocketbase/demoshop"
	"cro/pocketbase/dnsverify"
	"cro/pocketbase/docs"
	"cro/pocketbase/domainzone"
	"cro/pocketbase/edge"
	"cro/pocketbase/editor"
	"cro/pocketbase/mailqueue"
	"cro/pocketbase/periodic"
	"cro/pocketbase/publicapi"
	"cro/pocketbase/recordings"
	"cro/pocketbase/reports"
	"cro/pocketbase/surveys"

	"cro/pocketbase/render"
	"cro/pocketbase/safefetch"
	"cro/pocketbase/status"
	"cro/pocketbase/usage"
	"cro/pocketbase/whitelabel"
)

func collectProbeBody() string {
	return fmt.Sprintf(`{"k":"statusprobe0000","v":"status-probe","s":"status-probe","e":[{"t":"pv","ts":%d,"p":"/"}]}`, time.Now().UnixMilli())
}

func main() {
	if docs.RunChild() { // started to read one uploaded document (pocketbase/docs/isolate.go)
		return
	}
	startPprof(os.Args)                              // CRO_PPROF_ADDR: Go's profiler on its own loopback listener (collectors too)
	if len(os.Args) > 1 && os.Args[1] == "collect" { // a stateless collector: no database of its own
		if err := analytics.RunCollector(os.Args[2:]); err != nil {
			log.Fatal(err)
		}
		return
	}
	app := pocketbase.New()
	render.Enable(app) // the scan renders pages in Chromium when CRO_SCAN_CHROMIUM is set

	var hooksDir, migrationsDir, siteDir, typesDir string
	var hooksWatch bool
	var hooksPool int
	flags := app.RootCmd.PersistentFlags()
	flags.StringVar(&hooksDir, "hooksDir", "pocketbase/pb_hooks", "the directory with the JS app hooks")
	flags.BoolVar(&hooksWatch, "hooksWatch", false, "restart the app when a pb_hooks file changes (dev)")
	flags.IntVar(&hooksPool, "hooksPool", 15, "prewarmed goja runtimes for the JS hooks")
	flags.StringVar(&migrationsDir, "migrationsDir", "pocketbase/pb_migrations", "the directory with the JS migrations")
	flags.StringVar(&siteDir, "siteDir", "dist", "the Astro build to serve (empty or missing: API only)")
	flags.StringVar(&typesDir, "typesDir", "", "where the hooks' TypeScript declarations (types.d.ts) are written (default: the data dir)")
	_ = app.RootCmd.ParseFlags(os.Args[1:])

	mail := mailqueue.Start(app)
	events := openEventStore(app) // the one owner of events, sessions and rollups (eventstore.go)
	secrets := integrations.NewSecrets(app.DataDir)
	jsvm.MustRegister(app, jsvm.Config{
		MigrationsDir: migrationsDir,
		HooksDir:      hooksDir,
		HooksWatch:    hooksWatch,
		HooksPoolSize: hooksPool,
		TypesDir:      typesDir,
		OnInit: func(vm *goja.Runtime) {
			safefetch.BindJS(vm)                // $safefetch: the website scan's guarded fetcher (renders with CRO_SCAN_CHROMIUM)
			mail.BindJS(vm)                     // $mailqueue: mail sent after the request, never holding it up
			analytics.BindJS(vm, events)        // $analytics: the event store's queries for the hooks
			ai.BindJS(vm)                       // $ai: the language model behind the AI chat, streamed
			docs.BindJS(vm)                     // $docs: text and language of uploaded documents
			experiments.BindJS(vm, app, events) // $experiments: running tests and results for the AI grounding
			funnels.BindJS(vm, app, events)     // $funnels: the site's funnels' figures for the AI grounding
			secrets.BindJS(vm)                  // $integrations: integration credentials sealed at rest
			domainzone.BindJS(vm)               // $domainzone: a domain's registrable domain (the zone a site proves)
			surveys.BindJS(vm)                  // $surveys: a consent-free visitor's session, for survey answers
		},
	})
	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Automigrate:  false, // migrations are written by hand and committed
		Dir:          migrationsDir,
	})

	dnsverify.Register(app) // POST /api/cro/verify-dns
	authdns.Register(app)   // the authoritative DNS server (CRO_DNS_LISTEN) and dns_records
	edge.Register(app)      // the reverse proxy of DNS-connected sites (CRO_EDGE_HTTP)
	docs.Register(app)      // document uploads: one file, 20 MB, content matching the extension
	demoshop.Register(app)  // the demo shop on demo-shop.localhost, when CRO_DEMO_SHOP_ADDRESS is set (npm start)

	// Organizations and brands, GET /api/cro/brand, every mail sent under its brand.
	whitelabel.Register(app)

	registerSite(app, siteDir)
	registerSecurityHeaders(app)
	registerBodyLimits(app)         // PocketBase's own routes read what they can need, not 32 MB
	publicapi.Register(app, events) // /v1: the public REST API with site API keys
	analytics.Register(app, events)
	experiments.Register(app, events)     // GET /api/cro/experiments/{id}/results
	personalization.Register(app, events) // a personalization's effect against its holdout; audiences' reach
	programimpact.Register(app, events)   // the Overview's 'Program impact': everyone else against the global holdout
	funnels.Register(app, events)         // GET /api/cro/funnels/{id}/results and /dropoff
	heatmaps.Register(app, events)        // /api/cro/heatmaps/{site}/...: click maps, scroll maps, the page rendering
	recordings.Register(app, events)      // the recorder chunk, POST /api/cro/recordings and a recording's events
	frustration.Register(app, events)     // sessions' frustration signals (background), /api/cro/frustration/{site}/pages
	forms.Register(app)                   // form analytics: the forms chunk (wraps the recorder's config), /api/cro/forms
	editor.Register(app)                  // the visual editor's bundle, /t/e/editor.js
	usage.Register(app, events, mail)     // monthly tracked visitors against the plan, with 80% and 100% alerts
	ecommerce.Register(app, events)       // ecommerce events and orders, the dataLayer chunk, the Ecommerce screen's routes
	surveys.Register(app)                 // on-page surveys: the widget chunk and each site's active surveys in its script

	// Integrations: deliveries to Slack, webhooks and analytics tools, order webhooks in; periodic
	// passes forward new exposures and conversions, and send sample ratio alerts and the weekly summary.
	bus := integrations.Register(app, secrets, events)
	forwardEvery := periodic.Interval("CRO_INTEGRATION_FORWARD_SECONDS", time.Minute)
	periodic.Run(app, min(forwardEvery, 30*time.Second), forwardEvery, func() { bus.Forward(events) })
	alertEvery := periodic.Interval("CRO_INTEGRATION_ALERT_SECONDS", 10*time.Minute) // sample ratio alerts, Monday's summary
	periodic.Run(app, min(alertEvery, time.Minute), alertEvery, func() { bus.Alerts(events, time.Now()) })

	reports.Register(app, events, mail) // scheduled reports: generated in each site's zone, mailed with retries; the export
	status.Register(app, []status.Service{
		{Name: "API", Probe: status.HTTPProbe("GET", "/api/health", nil, 200)},
		{Name: "Web App", Probe: status.HTTPProbe("GET", "/", nil, 200)},
		// A valid batch for no site: the endpoint parses it and looks the key up in the database.
		{Name: "Analytics Engine", Probe: status.HTTPProbe("POST", "/api/cro/collect", collectProbeBody, 404)},
		{Name: "Mail", Probe: status.FuncProbe(mail.Health)},
	})

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}
