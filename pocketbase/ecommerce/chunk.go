package ecommerce

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// The ecommerce chunk built by scripts/build-tracker.mjs from src/ecommerce (an ES module that
// reads the GA4 ecommerce events of the page's dataLayer); the full build imports it at idle time
// when the site's config carries `o`.
//
//go:embed ecommerce.gen.js
var chunkJS string

var chunkHash = func() string {
	sum := sha256.Sum256([]byte(chunkJS))
	return hex.EncodeToString(sum[:6])
}()

// chunkPath names the chunk by its content, so it is cached for good and a new build is a new URL.
func chunkPath() string { return "/t/o/" + chunkHash + ".js" }

// scriptConfig is the site's `o`: the chunk's path, for sites that capture ecommerce events.
func scriptConfig(cap *capture) func(siteID string) json.RawMessage {
	return func(siteID string) json.RawMessage {
		if !cap.on(siteID) {
			return nil
		}
		raw, _ := json.Marshal(chunkPath())
		return raw
	}
}

// chunkHandler is GET /t/o/{file}: the current chunk, any origin, cached for a year.
func chunkHandler(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Type", "application/javascript; charset=utf-8")
	if e.Request.PathValue("file") != chunkHash+".js" {
		h.Set("Cache-Control", "no-store")
		return e.String(http.StatusNotFound, "/* cro: unknown ecommerce build */\n")
	}
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	return e.String(http.StatusOK, chunkJS)
}
