package analytics

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// trackerJS is the minified tracker built by scripts/build-tracker.mjs from src/tracker/.
//
//go:embed tracker.gen.js
var trackerJS string

// scriptConfig is inlined into each site's script: everything the tracker needs, no secrets.
type scriptConfig struct {
	Key        string    `json:"k"`
	RespectDNT bool      `json:"dnt"`
	Clicks     []string  `json:"g"`
	Rules      []ruleCfg `json:"r,omitempty"`
}

// scriptHandler serves GET /t/{key}.js: the tracker with the site's configuration inlined,
// cacheable for 60 s with an ETag. An unknown key gets a 404 JavaScript comment.
func scriptHandler(sites *siteCache) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		h := e.Response.Header()
		h.Set("Content-Type", "application/javascript; charset=utf-8")
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("X-Content-Type-Options", "nosniff")
		file := e.Request.PathValue("file")
		key := strings.TrimSuffix(file, ".js")
		var site *siteInfo
		if key != file && keyPattern.MatchString(key) {
			site = sites.get(key)
		}
		if site == nil {
			h.Set("Cache-Control", "no-store")
			return e.String(http.StatusNotFound, "/* cro: unknown site key */\n")
		}
		cfg, _ := json.Marshal(scriptConfig{Key: site.Key, RespectDNT: !site.IgnoreDNT, Clicks: site.clickSelectors(), Rules: site.Rules})
		body := "(function(CRO_CFG){" + trackerJS + "})(" + string(cfg) + ");\n"
		sum := sha256.Sum256([]byte(body))
		etag := `"` + hex.EncodeToString(sum[:12]) + `"`
		h.Set("Cache-Control", "public, max-age=60")
		h.Set("ETag", etag)
		if match := e.Request.Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
			return e.NoContent(http.StatusNotModified)
		}
		return e.String(http.StatusOK, body)
	}
}
