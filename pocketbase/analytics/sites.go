package analytics

import (
	"encoding/json"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// siteInfo is what ingestion and the script need to know about a site.
type siteInfo struct {
	ID        string
	Key       string
	Domain    string
	Staging   string // the staging host testing mode runs on; its origin may send events too
	IgnoreDNT bool
	// ConsentFree: nothing on the visitor's device; visitors are named by the server (consent_free.go).
	ConsentFree bool
	Goals       []goal
	// Zone is the site's time zone: its days, "today" and weeks (UTC when unset).
	Zone    *time.Location
	Rules   []ruleCfg // enabled optimization rules, inlined into the script
	RuleIDs map[string]bool
	// Running experiments, inlined into the script; exposures of anything else are dropped.
	Experiments map[string]*experimentCfg
	expList     []experimentCfg
	// Recording is the session recorder's config (key `v`), nil when the site does not record.
	Recording json.RawMessage
	// TagManager: Google Tag Manager is connected; the tracker pushes exposures to dataLayer.
	TagManager bool
	// Ecommerce is the ecommerce chunk's config (key `o`), nil when the site captures none.
	Ecommerce json.RawMessage
	// Surveys is the survey widget's config (key `y`), nil when the site has no active survey.
	Surveys  json.RawMessage
	notFound bool
	loadedAt time.Time
}

type goal struct {
	ID    string  `json:"-"`
	Name  string  `json:"-"`
	Type  string  `json:"-"`
	Match string  `json:"-"`
	Value float64 `json:"-"`
	// Micro goals are small steps (a newsletter signup, an add to cart): counted as micro
	// conversions with their points, never as the site's conversions or revenue.
	Micro bool `json:"-"`
}

// siteCache keeps sites by public key for 30 s; any change to sites, goals, optimization rules or experiments clears it.
type siteCache struct {
	app core.App
	mu  sync.Mutex
	m   map[string]*siteInfo
	// gen counts clears: a load that began before a clear read what the change replaced, so it is
	// used for its own request but not kept (else a stale site lived on for 30 s).
	gen uint64
	// loader reads a site from the database (c.load; tests replace it).
	loader func(key string) *siteInfo
}

func newSiteCache(app core.App) *siteCache {
	c := &siteCache{app: app, m: map[string]*siteInfo{}}
	c.loader = c.load
	return c
}

func (c *siteCache) clear() {
	c.mu.Lock()
	c.m = map[string]*siteInfo{}
	c.gen++
	c.mu.Unlock()
}

// get returns the site for a public key, or nil if no site has it.
func (c *siteCache) get(key string) *siteInfo {
	c.mu.Lock()
	s, gen := c.m[key], c.gen
	c.mu.Unlock()
	if s != nil && time.Since(s.loadedAt) < 30*time.Second {
		if s.notFound {
			return nil
		}
		return s
	}
	s = c.loader(key)
	c.mu.Lock()
	if len(c.m) > 10000 {
		c.m = map[string]*siteInfo{}
	}
	if c.gen == gen {
		c.m[key] = s
	}
	c.mu.Unlock()
	if s.notFound {
		return nil
	}
	return s
}

func (c *siteCache) load(key string) *siteInfo {
	info := &siteInfo{Key: key, loadedAt: time.Now(), Zone: time.UTC, RuleIDs: map[string]bool{}, Experiments: map[string]*experimentCfg{}}
	rec, err := c.app.FindFirstRecordByData("sites", "public_key", key)
	if err != nil || key == "" {
		info.notFound = true
		return info
	}
	info.ID = rec.Id
	info.Domain = rec.GetString("domain")
	info.Staging = rec.GetString("staging_domain")
	info.IgnoreDNT = rec.GetBool("tracking_ignore_dnt")
	info.ConsentFree = rec.GetBool("consent_free")
	info.Zone = siteZone(rec)
	goals, _ := c.app.FindAllRecords("goals", dbx.HashExp{"site_id": rec.Id, "enabled": true})
	for _, g := range goals {
		info.Goals = append(info.Goals, goal{ID: g.Id, Name: g.GetString("name"), Type: g.GetString("type"), Match: g.GetString("match"),
			Value: g.GetFloat("value"), Micro: g.GetBool("micro")})
	}
	rules, _ := c.app.FindRecordsByFilter("optimization_rules", "site_id = {:site} && enabled = true", "-priority,created_at", maxRules, 0, dbx.Params{"site": rec.Id})
	for _, r := range rules {
		changes, err := json.Marshal(r.Get("changes"))
		if err != nil || len(changes) == 0 || string(changes) == "null" {
			changes = []byte("[]")
		}
		info.Rules = append(info.Rules, ruleCfg{
			ID: r.Id, Seed: r.GetString("seed"), Pct: r.GetInt("rollout_percentage"), URL: r.GetString("url_pattern"),
			Selector: r.GetString("selector"), Changes: changes, Testing: r.GetBool("testing_mode"),
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
	info.expList = loadExperiments(c.app, rec.Id)
	info.Rules = resolveConflicts(info.Rules, info.expList)
	for i := range info.expList {
		info.Experiments[info.expList[i].ID] = &info.expList[i]
	}
	return info
}

// RecordingConfig, set by the recordings package, gives a site's recorder config for its script
// (nil: no recording); the script stays free of the recorder's rules (plan, settings).
var RecordingConfig func(site *core.Record) json.RawMessage

// SurveysConfig, set by the surveys package, gives a site's on-page surveys for its script (the
// widget chunk's path and the active surveys' targeting; nil when none is active or the plan has none).
var SurveysConfig func(site *core.Record) json.RawMessage

// maxRules bounds the rules inlined into one site's script.
const maxRules = 50

// ruleCfg is an enabled optimization rule as the tracker applies it (src/tracker/rules.ts).
type ruleCfg struct {
	ID       string          `json:"i"`
	Seed     string          `json:"s"`
	Pct      int             `json:"p"`
	URL      string          `json:"u,omitempty"`
	Selector string          `json:"q,omitempty"`
	Changes  json.RawMessage `json:"c"`
	Testing  bool            `json:"x,omitempty"`
	// Except: URL patterns where a running experiment changes the same element; not applied there.
	Except []string `json:"xu,omitempty"`
}

// goalSelectors lists the selectors of the goals of one type (click or form), inlined into the
// tracker's config.
func (s *siteInfo) goalSelectors(kind string) []string {
	out := []string{}
	for _, g := range s.Goals {
		if g.Type == kind {
			out = append(out, g.Match)
		}
	}
	return out
}
