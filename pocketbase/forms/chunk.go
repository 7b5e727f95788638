package forms

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// The forms chunk built by scripts/build-tracker.mjs from src/forms (an ES module; its budget is in
// scripts/tracker-budgets.mjs).
//
//go:embed forms.gen.js
var chunkJS string

var chunkHash = func() string {
	sum := sha256.Sum256([]byte(chunkJS))
	return hex.EncodeToString(sum[:6])
}()

// chunkPath names the chunk by its content, so it is cached for good and a new build is a new URL.
func chunkPath() string { return "/t/f/" + chunkHash + ".js" }

// chunkHandler is GET /t/f/{file}: the current chunk, any origin, cached for a year; else a 404.
func chunkHandler(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Type", "application/javascript; charset=utf-8")
	if e.Request.PathValue("file") != chunkHash+".js" {
		h.Set("Cache-Control", "no-store")
		return e.String(http.StatusNotFound, "/* cro: unknown forms build */\n")
	}
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	return e.String(http.StatusOK, chunkJS)
}
