package authdns

import (
	"context"
	"regexp"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/access"
	"cro/pocketbase/dnsverify"
)

var recordID = regexp.MustCompile(`^[a-z0-9]{15}$`)

// importTimeout bounds one import: a resolver that does not answer never holds a site's creation.
const importTimeout = 8 * time.Second

// Register runs the DNS server on CRO_DNS_LISTEN (off when unset), reloads its zones whenever a
// site or a DNS record changes, imports a new site's records from its current nameservers, and
// adds POST /api/cro/dns-records/import {siteId} to import again.
func Register(app core.App) {
	cfg := ConfigFromEnv(dnsverify.AssignedNameservers())
	zones := &Zones{}
	reload := newReloader(app, cfg, zones)
	bindValidation(app)
	for _, c := range []string{"sites", "dns_records"} {
		app.OnRecordAfterCreateSuccess(c).BindFunc(func(e *core.RecordEvent) error { reload.schedule(); return e.Next() })
		app.OnRecordAfterUpdateSuccess(c).BindFunc(func(e *core.RecordEvent) error { reload.schedule(); return e.Next() })
		app.OnRecordAfterDeleteSuccess(c).BindFunc(func(e *core.RecordEvent) error { reload.schedule(); return e.Next() })
	}
	var server *Server
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.POST("/api/cro/dns-records/import", func(e *core.RequestEvent) error {
			return handleImport(app, e)
		}).Bind(apis.RequireAuth("users"), apis.BodyLimit(4<<10))
		if len(cfg.Listen) == 0 {
			return se.Next()
		}
		reload.now()
		s, err := Listen(cfg.Listen, zones)
		if err != nil {
			return err
		}
		server = s
		app.Logger().Info("authoritative DNS listening", "addresses", cfg.Listen)
		return se.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		if server != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_ = server.Shutdown(ctx)
		}
		return e.Next()
	})
	if len(cfg.Listen) > 0 {
		// A new site's zone starts as a copy of what its domain answers today, so delegating
		// to the install keeps its mail and subdomains working.
		app.OnRecordAfterCreateSuccess("sites").BindFunc(func(e *core.RecordEvent) error {
			siteID := e.Record.Id
			go func() {
				if _, err := ImportInto(app, siteID); err != nil {
					app.Logger().Warn("DNS record import failed", "site", siteID, "error", err)
				}
			}()
			return e.Next()
		})
	}
}

// ImportInto asks the domain's current nameservers (through CRO_DNS_RESOLVER) for its records and
// stores those the site does not have yet, marked "imported". It returns how many it stored.
func ImportInto(app core.App, siteID string) (int, error) {
	site, err := app.FindRecordById("sites", siteID)
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), importTimeout)
	defer cancel()
	found, err := Import(ctx, dnsverify.ResolverAddress(), ZoneOf(site.GetString("domain")))
	if err != nil {
		return 0, err
	}
	collection, err := app.FindCollectionByNameOrId("dns_records")
	if err != nil {
		return 0, err
	}
	stored := 0
	for _, r := range found {
		rec := core.NewRecord(collection)
		rec.Set("site_id", site.Id)
		rec.Set("name", r.Name)
		rec.Set("type", r.Type)
		rec.Set("value", r.Value)
		rec.Set("ttl", r.TTL)
		rec.Set("priority", r.Priority)
		rec.Set("source", "imported")
		// A record the site already has (or one DNS forbids beside it) is refused and skipped.
		if app.Save(rec) == nil {
			stored++
		}
	}
	return stored, nil
}

func handleImport(app core.App, e *core.RequestEvent) error {
	var body struct {
		SiteID string `json:"siteId"`
	}
	if err := e.BindBody(&body); err != nil || !recordID.MatchString(body.SiteID) {
		return apis.NewBadRequestError("siteId is required", nil)
	}
	site, err := access.RequireSiteRole(e, body.SiteID, access.Editor, access.Messages{
		Forbidden: "Only the site's editors, admins and owner can import its DNS records",
	})
	if err != nil {
		return err
	}
	n, err := ImportInto(app, site.Id)
	if err != nil {
		return e.JSON(502, map[string]any{"status": 502, "message": "Could not read the domain's current DNS records: " + err.Error(), "data": map[string]any{}})
	}
	return e.JSON(200, map[string]int{"imported": n})
}

// reloader rebuilds the zones after changes, at most once per burst of writes.
type reloader struct {
	app   core.App
	cfg   Config
	zones *Zones
	mu    sync.Mutex
	timer *time.Timer
}

func newReloader(app core.App, cfg Config, zones *Zones) *reloader {
	return &reloader{app: app, cfg: cfg, zones: zones}
}

func (r *reloader) schedule() {
	if len(r.cfg.Listen) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.timer == nil {
		r.timer = time.AfterFunc(50*time.Millisecond, func() {
			r.mu.Lock()
			r.timer = nil
			r.mu.Unlock()
			r.now()
		})
	}
}

func (r *reloader) now() {
	zones, err := LoadZones(r.app, r.cfg)
	if err != nil {
		r.app.Logger().Error("DNS zones not reloaded", "error", err)
		return
	}
	r.zones.Set(zones)
}
