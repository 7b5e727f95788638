package surveys

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// The survey widget built by scripts/build-tracker.mjs from src/survey (an ES module); the full
// build imports it at idle time when the site's config carries `y`.
//
//go:embed survey.gen.js
var chunkJS string

var chunkHash = func() string {
	sum := sha256.Sum256([]byte(chunkJS))
	return hex.EncodeToString(sum[:6])
}()

// chunkPath names the chunk by its content, so it is cached for good and a new build is a new URL.
func chunkPath() string { return "/t/s/" + chunkHash + ".js" }

// chunkHandler is GET /t/s/{file}: the current chunk, any origin, cached for a year.
func chunkHandler(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Type", "application/javascript; charset=utf-8")
	if e.Request.PathValue("file") != chunkHash+".js" {
		h.Set("Cache-Control", "no-store")
		return e.String(http.StatusNotFound, "/* cro: unknown survey build */\n")
	}
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	return e.String(http.StatusOK, chunkJS)
}
