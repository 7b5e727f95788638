package main

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Headers every response carries: no MIME sniffing, no full URLs leaked to other sites, no
// powerful browser features, and no framing. The one page of ours that is framed, the heatmap's
// page rendering (shown in the dashboard's iframe), sets X-Frame-Options: SAMEORIGIN and
// frame-ancestors 'self' on its own answer, which its handler writes after this middleware.
var securityHeaders = map[string]string{
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "strict-origin-when-cross-origin",
	"Permissions-Policy":     "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
	"X-Frame-Options":        "DENY",
}

// crossOriginPath: the only routes other origins call are the tracker script, the event endpoint
// (both embedded in customers' sites) and the visual editor's routes the tracker and the editor call
// from the customer's page (authorized by an edit token or session, never by cookies or the
// dashboard's auth). The rest of the API is same-origin only.
func crossOriginPath(p string) bool {
	return p == "/api/cro/collect" || strings.HasPrefix(p, "/t/") || strings.HasPrefix(p, "/api/cro/editor/")
}

// registerSecurityHeaders replaces PocketBase's CORS for the whole API ("*") by CORS on the
// cross-origin routes only, and PocketBase's security headers (X-Frame-Options: SAMEORIGIN) by
// ours. Unbinding an id also excludes it from the router, so ours has an id of its own (with
// PocketBase's, it never ran on most routes).
func registerSecurityHeaders(app *pocketbase.PocketBase) {
	cors := apis.CORS(apis.CORSConfig{
		AllowOrigins: []string{"*"},
		AllowMethods: []string{http.MethodGet, http.MethodHead, http.MethodPost},
	})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Unbind(apis.DefaultCorsMiddlewareId, apis.DefaultSecurityHeadersMiddlewareId)
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "croSecurityHeaders",
			Priority: apis.DefaultCorsMiddlewarePriority, // first, so even a preflight or a refusal carries them
			Func: func(e *core.RequestEvent) error {
				h := e.Response.Header()
				for k, v := range securityHeaders {
					h.Set(k, v)
				}
				if e.Request.Method == http.MethodOptions && crossOriginPath(e.Request.URL.Path) {
					return cors.Func(e) // the preflight; the routes answer their requests' CORS themselves
				}
				return e.Next()
			},
		})
		return se.Next()
	})
	// PocketBase deletes X-Frame-Options before serving a stored file (so that files can be
	// embedded elsewhere); no page of ours frames one.
	app.OnFileDownloadRequest().BindFunc(func(e *core.FileDownloadRequestEvent) error {
		e.Response.Header().Set("X-Frame-Options", securityHeaders["X-Frame-Options"])
		return e.Next()
	})
}
