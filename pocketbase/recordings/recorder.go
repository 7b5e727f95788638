package recordings

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// The recorder chunk built by scripts/build-tracker.mjs from src/recorder (rrweb's recorder and
// fflate, an ES module; budget 30 KB gzip).
//
//go:embed recorder.gen.js
var recorderJS string

var recorderHash = func() string {
	sum := sha256.Sum256([]byte(recorderJS))
	return hex.EncodeToString(sum[:6])
}()

// recorderPath names the chunk by its content, so it is cached for good and a new build is a new URL.
func recorderPath() string { return "/t/r/" + recorderHash + ".js" }

// recorderHandler is GET /t/r/{file}: the current recorder chunk, any origin (the tracker imports
// it from customers' pages), cached for a year; any other name is a 404.
func recorderHandler(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Type", "application/javascript; charset=utf-8")
	if e.Request.PathValue("file") != recorderHash+".js" {
		h.Set("Cache-Control", "no-store")
		return e.String(http.StatusNotFound, "/* cro: unknown recorder build */\n")
	}
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	return e.String(http.StatusOK, recorderJS)
}
