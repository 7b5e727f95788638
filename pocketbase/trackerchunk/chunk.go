// Package trackerchunk serves the tracker's lazily imported chunks (the recorder, ecommerce
// capture, form analytics, the survey widget): each is named by its content, so it is cached for
// good and a new build is a new URL.
package trackerchunk

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// Chunk is one built chunk (an ES module embedded by its package), served at /t/<dir>/<hash>.js.
type Chunk struct {
	dir, name, js, hash string
}

// New names a chunk's content; name is what the 404 of an unknown build says ("recorder").
func New(dir, name, js string) *Chunk {
	sum := sha256.Sum256([]byte(js))
	return &Chunk{dir: dir, name: name, js: js, hash: hex.EncodeToString(sum[:6])}
}

// Path is the chunk's current URL path, as the site's tracker config names it.
func (c *Chunk) Path() string { return "/t/" + c.dir + "/" + c.hash + ".js" }

// Handler is GET /t/<dir>/{file}: the current chunk, any origin (the tracker imports it from
// customers' pages), cached for a year; any other name is a 404 that is never cached.
func (c *Chunk) Handler(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Type", "application/javascript; charset=utf-8")
	if e.Request.PathValue("file") != c.hash+".js" {
		h.Set("Cache-Control", "no-store")
		return e.String(http.StatusNotFound, "/* cro: unknown "+c.name+" build */\n")
	}
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	return e.String(http.StatusOK, c.js)
}
