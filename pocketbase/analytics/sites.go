package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
	"cro/pocketbase/expparts"
	"encoding/json"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// siteCache keeps sites by public key for 30 s; any change to sites, goals, optimization rules or experiments clears it.
type siteCache struct {
	app core.App
	mu  sync.Mutex
	m   map[string]*cachedSite
	// gen counts clears: a load that began before a clear read what the change replaced, so it is
	// used for its own request but not kept (else a stale site lived on for 30 s).
	gen     uint64
	loading map[string]*siteLoad // the keys being loaded (get)
	// loader reads a site from the database, nil when none has the key (c.load; tests replace it).
	loader func(key string) *eventstore.Site
}

func newSiteCache(app core.App) *siteCache {
	c := &siteCache{app: app, m: map[string]*cachedSite{}}
	c.loader = c.load
	return c
}

func (c *siteCache) clear() {
	c.mu.Lock()
	c.m = map[string]*cachedSite{}
	c.loading = nil // a load under way read what the change replaced: the next request loads again
	c.gen++
	c.mu.Unlock()
}

// get returns the site for a public key, or nil if no site has it. One request at a time loads
// a key: the others of that moment serve the expired entry meanwhile, or wait for the load when
// there is none (a new site's first requests each ran the site's dozen queries on a connection of
// their own: 5% of the ingest benchmark's CPU).
func (c *siteCache) get(key string) *eventstore.Site {
	c.mu.Lock()
	e, gen := c.m[key], c.gen
	if e != nil && time.Since(e.loadedAt) < 30*time.Second {
		c.mu.Unlock()
		return e.site
	}
	if f := c.loading[key]; f != nil {
		c.mu.Unlock()
		if e != nil {
			return e.site
		}
		<-f.done
		return f.site
	}
	if c.loading == nil {
		c.loading = map[string]*siteLoad{}
	}
	f := &siteLoad{done: make(chan struct{})}
	c.loading[key] = f
	c.mu.Unlock()
	defer close(f.done)
	f.site = c.loader(key)
	c.mu.Lock()
	if c.loading[key] == f {
		delete(c.loading, key)
	}
	if len(c.m) > 10000 {
		c.m = map[string]*cachedSite{}
	}
	if c.gen == gen {
		c.m[key] = &cachedSite{site: f.site, loadedAt: time.Now()}
	}
	c.mu.Unlock()
	return f.site
}

// siteLoad is a key's load under way; done closes when site is set.
type siteLoad struct {
	done chan struct{}
	site *eventstore.Site
}

// cachedSite is a loaded site, nil when no site has the key (also kept, so that unknown keys do
// not each cost a query).
type cachedSite struct {
	site     *eventstore.Site
	loadedAt time.Time
}

func (c *siteCache) load(key string) *eventstore.Site {
	info := &eventstore.Site{Key: key, Zone: time.UTC, RuleIDs: map[string]bool{}, Experiments: map[string]*eventstore.ExperimentConfig{}}
	rec, err := c.app.FindFirstRecordByData("sites", "public_key", key)
	if err != nil || key == "" {
		return nil
	}
	info.ID = rec.Id
	info.Domain = rec.GetString("domain")
	info.Staging = rec.GetString("staging_domain")
	info.IgnoreDNT = rec.GetBool("tracking_ignore_dnt")
	info.ConsentFree = rec.GetBool("consent_free")
	info.Holdout = rec.GetInt("holdout_percentage")
	info.Zone = zones.OfSite(rec)
	goals, _ := c.app.FindAllRecords("goals", dbx.HashExp{"site_id": rec.Id, "enabled": true})
	for _, g := range goals {
		info.Goals = append(info.Goals, eventstore.Goal{ID: g.Id, Name: g.GetString("name"), Type: g.GetString("type"), Match: g.GetString("match"),
			Value: g.GetFloat("value"), Micro: g.GetBool("micro")})
	}
	rules, _ := c.app.FindRecordsByFilter("optimization_rules", "site_id = {:site} && enabled = true", "-priority,created_at", expparts.MaxRules, 0, dbx.Params{"site": rec.Id})
	for _, r := range rules {
		changes, err := json.Marshal(r.Get("changes"))
		if err != nil || len(changes) == 0 || string(changes) == "null" {
			changes = []byte("[]")
		}
		info.Rules = append(info.Rules, eventstore.RuleConfig{
			ID: r.Id, Seed: r.GetString("seed"), Pct: r.GetInt("rollout_percentage"), URL: r.GetString("url_pattern"),
			Selector: r.GetString("selector"), Changes: changes, Testing: r.GetBool("testing_mode"),
			Audience: r.GetString("audience"), Holdout: r.GetInt("holdout_percentage"),
		})
		info.RuleIDs[r.Id] = true
	}
	// A consent-free site is never recorded (a recording needs a session the device remembers).
	if RecordingConfig != nil && !info.ConsentFree {
		info.Recording = RecordingConfig(rec)
	}
	info.TagManager = tagManagerConnected(c.app, rec.Id)
	if EcommerceConfig != nil {
		info.Ecommerce = EcommerceConfig(rec.Id)
	}
	if SurveysConfig != nil {
		info.Surveys = SurveysConfig(rec)
	}
	info.ExperimentList = loadExperiments(c.app, rec.Id)
	info.Rules = resolveConflicts(info.Rules, info.ExperimentList)
	loadAudiences(c.app, info)
	for i := range info.ExperimentList {
		info.Experiments[info.ExperimentList[i].ID] = &info.ExperimentList[i]
	}
	return info
}

// RecordingConfig, set by the recordings package, gives a site's recorder config for its script
// (nil: no recording); the script stays free of the recorder's rules (plan, settings).
var RecordingConfig func(site *core.Record) json.RawMessage

// SurveysConfig, set by the surveys package, gives a site's on-page surveys for its script (the
// widget chunk's path and the active surveys' targeting; nil when none is active or the plan has none).
var SurveysConfig func(site *core.Record) json.RawMessage

// goalSelectors lists the selectors of the goals of one type (click or form), inlined into the
// tracker's config.
func goalSelectors(s *eventstore.Site, kind string) []string {
	out := []string{}
	for _, g := range s.Goals {
		if g.Type == kind {
			out = append(out, g.Match)
		}
	}
	return out
}
