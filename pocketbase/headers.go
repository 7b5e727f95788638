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
// powerful browser features, and no framing by other origins.
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
// cross-origin routes only, and adds the security headers to every response.
func registerSecurityHeaders(app *pocketbase.PocketBase) {
	cors := apis.CORS(apis.CORSConfig{
		AllowOrigins: []string{"*"},
		AllowMethods: []string{http.MethodGet, http.MethodHead, http.MethodPost},
	})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Unbind(apis.DefaultCorsMiddlewareId)
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       apis.DefaultCorsMiddlewareId,
			Priority: apis.DefaultCorsMiddlewarePriority,
			Func: func(e *core.RequestEvent) error {
				h := e.Response.Header()
				for k, v := range securityHeaders {
					h.Set(k, v)
				}
				if crossOriginPath(e.Request.URL.Path) {
					return cors.Func(e)
				}
				return e.Next()
			},
		})
		return se.Next()
	})
}
