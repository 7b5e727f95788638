package analytics

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// The two minified tracker builds made by scripts/build-tracker.mjs from src/tracker/: the core
// (analytics only, no optimization rules code; a 3.5 KB gzip budget) and the full build (core
// plus optimization rules, which CRO workers are too, and A/B tests; a 7 KB gzip budget).
var (
	//go:embed tracker-core.gen.js
	trackerCoreJS string
	//go:embed tracker.gen.js
	trackerFullJS string
	// The audience (targeting) build: the full build plus the audience evaluator and its context
	// and the split-URL redirect (the tracker's CRO_AUD), served only to sites whose rules or
	// tests target an audience or that run a split-URL test.
	//go:embed tracker-aud.gen.js
	trackerAudJS string
)

// trackerFor picks the build for a site: the full one only when its config carries at least one
// enabled optimization rule (CRO workers are rules) or running experiment, or the ecommerce chunk
// or surveys (whose import hooks only the full build has), so other sites load the smaller core.
func trackerFor(site *eventstore.Site) string {
	if len(site.Audiences) > 0 || hasSplitTest(site) || targetsGroups(site) {
		return trackerAudJS
	}
	if len(site.Rules) > 0 || len(site.ExperimentList) > 0 || site.Ecommerce != nil || site.Surveys != nil {
		return trackerFullJS
	}
	return trackerCoreJS
}

// scriptConfig is inlined into each site's script: everything the tracker needs, no secrets.
type scriptConfig struct {
	Key        string   `json:"k"`
	RespectDNT bool     `json:"dnt"`
	Clicks     []string `json:"g"`
	// Selectors of form goals; the tracker listens for submits only when there are any.
	Forms []string                `json:"f,omitempty"`
	Rules []eventstore.RuleConfig `json:"r,omitempty"`
	// Running experiments (experiments.go); a rule on an experiment's element yields to it.
	Experiments []eventstore.ExperimentConfig `json:"x,omitempty"`
	// Google Tag Manager is connected (tag_manager.go): the tracker pushes exposures to dataLayer.
	TagManager bool `json:"gt,omitempty"`
	// Session recording (pocketbase/recordings): where the recorder is and what it masks.
	Recording json.RawMessage `json:"v,omitempty"`
	// Ecommerce capture (pocketbase/ecommerce): where the chunk is that reads the dataLayer.
	Ecommerce json.RawMessage `json:"o,omitempty"`
	// On-page surveys (pocketbase/surveys): the widget chunk's path and the active surveys.
	Surveys json.RawMessage `json:"y,omitempty"`
	// ConsentFree, for consent-free sites only: the visitor id the server computed for this
	// request (collect/consent_free.go) in the script; 1 in the config the edge reads. The tracker then
	// stores nothing on the device and uses this id.
	ConsentFree any `json:"c,omitempty"`
	// Audiences the rules and tests target (audiences.go), the site's time zone when one of them
	// asks for the day or hour, and the visitor's country when one asks for it (then the script
	// is the visitor's own: private).
	Audiences map[string]json.RawMessage `json:"au,omitempty"`
	TimeZone  string                     `json:"tz,omitempty"`
	Country   *string                    `json:"gc,omitempty"`
	// The global holdout (groups.go): its seed and percent of tracked visitors, who see no rule
	// and no test.
	Holdout []any `json:"ho,omitempty"`
}

// configJSON is the config inlined into the site's script; the edge reads the same (TrackerConfig)
// with visitor "". visitor is the consent-free visitor id of the script's request, country the
// visitor's country when an audience asks for it (nil: not inlined).
func configJSON(site *eventstore.Site, visitor string, country *string) []byte {
	cfg := scriptConfig{Key: site.Key, RespectDNT: !site.IgnoreDNT, Clicks: goalSelectors(site, "click"),
		Forms: goalSelectors(site, "form"), Rules: site.Rules,
		Experiments: site.ExperimentList, TagManager: site.TagManager, Recording: site.Recording, Ecommerce: site.Ecommerce, Surveys: site.Surveys,
		Audiences: site.Audiences, Country: country}
	if site.Holdout > 0 {
		cfg.Holdout = []any{HoldoutSeed(site.ID), site.Holdout}
	}
	if site.AudienceKinds["day_of_week"] || site.AudienceKinds["hour"] {
		cfg.TimeZone = site.Zone.String()
	}
	if site.ConsentFree {
		cfg.ConsentFree = 1
		if visitor != "" {
			cfg.ConsentFree = visitor
		}
	}
	out, _ := json.Marshal(cfg)
	return out
}

// hiddenAttr marks an element the tracker has changed; the hide rules spare it (src/tracker/engine.ts).
const hiddenAttr = "data-cro-on"

// targetsElement says whether changes alter the selected element itself (not only the page: CSS
// injection, redirects).
func targetsElement(changes json.RawMessage) bool {
	var list []struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(changes, &list)
	for _, c := range list {
		if c.Type != "inject_css" && c.Type != "redirect" {
			return true
		}
	}
	return false
}

// hideCSS is the stylesheet the loader snippet (src/lib/tracking-snippet.ts) holds the first paint
// on: it hides the elements the site's rules and running experiments change, and nothing else,
// until the tracker has run and removes it. An experiment's element is hidden for every visitor,
// control included, so that both arms are shown the same way. Selectors that could leave the
// rule's block are skipped (`:is()` forgives the rest).
func hideCSS(site *eventstore.Site) string {
	var sels []string
	add := func(sel string, targeted bool) {
		if targeted && sel != "" && !strings.ContainsAny(sel, "{}<;@\\") {
			sels = append(sels, sel)
		}
	}
	for _, r := range site.Rules {
		add(r.Selector, targetsElement(r.Changes))
	}
	for _, x := range site.ExperimentList {
		targeted := false
		for _, v := range x.Variants {
			targeted = targeted || targetsElement(v.Changes)
		}
		add(x.Selector, targeted)
	}
	// A split-URL test redirects before the original is painted: the whole page waits for the
	// tracker's decision (CSS cannot tell the page's URL), as the targeted elements do.
	page := ""
	if hasSplitTest(site) {
		page = "html{visibility:hidden!important}\n"
	}
	if len(sels) == 0 {
		return page
	}
	return page + ":is(" + strings.Join(sels, ",") + "):not([" + hiddenAttr + "]){visibility:hidden!important}\n"
}

// scriptHandler serves GET /t/{key}.js: the tracker build the site needs (trackerFor) with the
// site's configuration inlined, and GET /t/{key}.css: the site's hide rules (hideCSS); both
// cacheable for 60 s with an ETag. An unknown key gets a 404 comment. A consent-free site's script
// carries the visitor's id, so it is cached by the visitor's browser only (private), and refused
// (503, nothing tracked) when no id can be computed.
func scriptHandler(sites *siteCache, countryHeader string) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		h := e.Response.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("X-Content-Type-Options", "nosniff")
		file := e.Request.PathValue("file")
		css := strings.HasSuffix(file, ".css")
		key := strings.TrimSuffix(strings.TrimSuffix(file, ".js"), ".css")
		if css {
			h.Set("Content-Type", "text/css; charset=utf-8")
		} else {
			h.Set("Content-Type", "application/javascript; charset=utf-8")
		}
		var site *eventstore.Site
		if key != file && keyPattern.MatchString(key) {
			site = sites.get(key)
		}
		if site == nil {
			h.Set("Cache-Control", "no-store")
			return e.String(http.StatusNotFound, "/* cro: unknown site key */\n")
		}
		var body string
		cache := "public, max-age=60"
		if css {
			body = hideCSS(site)
		} else {
			visitor := ""
			if site.ConsentFree {
				cache = "private, max-age=60"
				if visitor = collect.ConsentFreeVisitor(site.ID, e.RealIP(), e.Request.UserAgent()); visitor == "" {
					h.Set("Cache-Control", "no-store")
					return e.String(http.StatusServiceUnavailable, "/* cro: busy, retry later */\n")
				}
			}
			var country *string
			if site.AudienceKinds["country"] {
				// The visitor's own country (never stored): the response is theirs alone.
				cache = "private, max-age=60"
				c := collect.VisitorCountry(countryHeader, e.Request.Header.Get(countryHeader), e.RealIP())
				country = &c
			}
			body = "(function(CRO_CFG){" + trackerFor(site) + "})(" + string(configJSON(site, visitor, country)) + ");\n"
		}
		sum := sha256.Sum256([]byte(body))
		etag := `"` + hex.EncodeToString(sum[:12]) + `"`
		h.Set("Cache-Control", cache)
		h.Set("ETag", etag)
		if match := e.Request.Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
			return e.NoContent(http.StatusNotModified)
		}
		return e.String(http.StatusOK, body)
	}
}
