package publicapi

import (
	_ "embed"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// openAPIDocument is the API's description, written by hand beside the routes; /api-docs renders
// the same file at build time, and the integration tests validate it and call every path in it.
//
//go:embed openapi.json
var openAPIDocument []byte

func serveOpenAPI(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "public, max-age=300")
	e.Response.Header().Set("Access-Control-Allow-Origin", "*") // a public description: API tools may load it anywhere
	return e.Blob(http.StatusOK, "application/json", openAPIDocument)
}
