// Package recordings is the server side of session recordings: it serves the recorder chunk,
// puts the recorder's config into each site's tracker config (only on plans that include it),
// accepts the recorder's compressed chunks at POST /api/cro/recordings, keeps them as files (its
// own, under the data directory), maintains each recording's index row in session_recordings, and
// answers a recording's events to the site's members. Retention and deletes remove the files.
package recordings

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"golang.org/x/time/rate"
)

// Register wires the routes, the tracker config, retention and the file clean-up into the app.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	cfg := analytics.LoadConfig()
	sites := &siteKeys{app: app, m: map[string]cachedSite{}}
	in := &ingest{app: app, store: store, origins: cfg.AllowedOrigins, country: cfg.CountryHeader, sites: sites,
		siteRPS: envFloat("CRO_RECORDING_SITE_RPS", 50), clientRPS: envFloat("CRO_RECORDING_CLIENT_RPS", 10),
		buckets: map[string]*rate.Limiter{}, swept: time.Now()}

	analytics.RecordingConfig = scriptConfig
	analytics.AlsoPrune = append(analytics.AlsoPrune, func(app core.App, siteID string, before time.Time) error {
		return prune(app, in.files, siteID, before)
	})
	app.OnRecordAfterUpdateSuccess("sites").BindFunc(func(e *core.RecordEvent) error { sites.clear(); return e.Next() })
	app.OnRecordAfterDeleteSuccess("sites").BindFunc(func(e *core.RecordEvent) error {
		sites.clear()
		if err := in.files.removeSite(e.Record.Id); err != nil {
			e.App.Logger().Warn("recordings: removing a deleted site's recordings failed", "error", err)
		}
		return e.Next()
	})
	app.OnRecordAfterDeleteSuccess("session_recordings").BindFunc(func(e *core.RecordEvent) error {
		if err := in.files.removeSession(e.Record.GetString("site_id"), e.Record.GetString("session_id")); err != nil {
			e.App.Logger().Warn("recordings: removing a recording's chunks failed", "error", err)
		}
		return e.Next()
	})

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			in.files = storage{dir: filepath.Join(app.DataDir(), "recordings")}
			se.Router.GET("/t/r/{file}", recorderHandler).Bind(apis.SkipSuccessActivityLog())
			se.Router.POST("/api/cro/recordings", in.handle).Bind(apis.SkipSuccessActivityLog())
			se.Router.GET("/api/cro/recordings/{id}/events", eventsHandler(in.files))
			se.Router.GET("/api/cro/sites/{siteId}/recordings", listHandler)
			return se.Next()
		},
		Priority: -10,
	})
}

// prune deletes the site's recordings that started before the cutoff: rows first (each delete
// removes its files through the hook above), then any directory left without a row.
func prune(app core.App, files storage, siteID string, before time.Time) error {
	old, err := app.FindRecordsByFilter("session_recordings", "site_id = {:site} && started_at < {:before}", "", 0, 0,
		dbx.Params{"site": siteID, "before": before.UTC().Format("2006-01-02 15:04:05.000Z")})
	if err != nil {
		return err
	}
	for _, r := range old {
		if err := app.Delete(r); err != nil {
			return err
		}
		_ = files.removeSession(siteID, r.GetString("session_id"))
	}
	return nil
}

func removeFile(path string) error { return os.Remove(path) }

// siteKeys caches sites by public key for 30 s (cleared when a site changes).
type siteKeys struct {
	app core.App
	mu  sync.Mutex
	m   map[string]cachedSite
}

type cachedSite struct {
	rec *core.Record
	at  time.Time
}

func (c *siteKeys) clear() {
	c.mu.Lock()
	c.m = map[string]cachedSite{}
	c.mu.Unlock()
}

func (c *siteKeys) get(key string) *core.Record {
	c.mu.Lock()
	s, ok := c.m[key]
	c.mu.Unlock()
	if ok && time.Since(s.at) < 30*time.Second {
		return s.rec
	}
	rec, err := c.app.FindFirstRecordByData("sites", "public_key", key)
	if err != nil || strings.TrimSpace(key) == "" {
		rec = nil
	}
	c.mu.Lock()
	if len(c.m) > 10000 {
		c.m = map[string]cachedSite{}
	}
	c.m[key] = cachedSite{rec, time.Now()}
	c.mu.Unlock()
	return rec
}
