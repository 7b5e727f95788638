// Package editor serves the visual editor's bundle (built by scripts/build-tracker.mjs from
// src/editor; budget 60 KB gzip) at /t/e/editor.js. The tracker imports it from a customer's page
// only after POST /api/cro/editor/verify (pb_hooks/visual_editor.pb.js) accepted an edit token, so
// visitors never load it; it is never part of the tracker's builds.
package editor

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

//go:embed editor.gen.js
var editorJS string

var etag = func() string {
	sum := sha256.Sum256([]byte(editorJS))
	return `"` + hex.EncodeToString(sum[:8]) + `"`
}()

// Handler is GET /t/e/editor.js: any origin may import it; revalidated on each load (an owner
// opens the editor rarely, and a new build must reach them at once).
func Handler(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Content-Type", "application/javascript; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etag)
	if e.Request.Header.Get("If-None-Match") == etag {
		return e.NoContent(http.StatusNotModified)
	}
	return e.String(http.StatusOK, editorJS)
}

// Register adds the bundle's route.
func Register(app core.App) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/t/e/editor.js", Handler).Bind(apis.SkipSuccessActivityLog())
			return se.Next()
		},
		Priority: -10,
	})
}
