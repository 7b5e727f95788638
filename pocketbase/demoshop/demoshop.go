// Package demoshop serves the demo shop (`npm run demo`'s site) on the install itself, at
// http://demo-shop.localhost:<port>/, when CRO_DEMO_SHOP_ADDRESS names the install's loopback
// address (`npm start` sets it): a small store whose pages carry the demo site's tracker, so that
// the dashboard's scan, heatmap renderings and visual editor can read a real page and a browser
// can browse it. Requests for other hosts, and the tracker's paths, pass through.
package demoshop

import (
	"bytes"
	"embed"
	"html/template"
	"net"
	"net/http"
	"strings"

	"cro/pocketbase/safefetch"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

//go:embed pages.tmpl
var files embed.FS

var pages = template.Must(template.ParseFS(files, "pages.tmpl"))

// The shop's own policy: its scripts are the tracker, served on this origin like the events it sends.
const csp = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
	"frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'"

// Product is one item of the shop; slugs match the demo's traffic (scripts/demo/traffic.mjs).
type Product struct {
	Slug, Name, Blurb string
	Price             int
}

var products = []Product{
	{"trail-shoe", "Trail shoe", "Grippy, light and waterproof, for long days on rough ground.", 129},
	{"rain-jacket", "Rain jacket", "Three-layer shell that packs into its own pocket.", 189},
	{"daypack", "Daypack", "22 litres, a hip belt and a pocket for everything.", 79},
	{"merino-socks", "Merino socks", "Warm when wet, cool when not, and they never smell.", 24},
	{"headlamp", "Headlamp", "400 lumens and a battery that lasts the whole night.", 49},
}

var simplePages = map[string]string{"/cart": "cart", "/checkout": "checkout", "/thank-you": "thankyou", "/newsletter/thanks": "newsletter"}

// Register binds the shop when CRO_DEMO_SHOP_ADDRESS is a loopback address; otherwise nothing.
func Register(app *pocketbase.PocketBase) {
	if _, ok := safefetch.DemoShopAddress(); !ok {
		return
	}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "croDemoShop",
			Priority: -1000, // before the routes: the shop's host has its own pages
			Func: func(e *core.RequestEvent) error {
				p := e.Request.URL.Path
				if !IsShopHost(e.Request.Host) || trackerPath(p) {
					return e.Next()
				}
				return serve(e, p)
			},
		})
		return se.Next()
	})
}

// trackerPath: what the shop's tracker needs from the install on the shop's origin (its script,
// recorder chunk, events and recordings). Nothing else of the install answers on the shop's host,
// so the scan's pin to the install's address reaches only shop pages.
func trackerPath(p string) bool {
	return strings.HasPrefix(p, "/t/") || p == "/api/cro/collect" || p == "/api/cro/recordings"
}

// IsShopHost: the request's Host names the demo shop (any port).
func IsShopHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return strings.EqualFold(host, safefetch.DemoShopHost)
}

// Page picks the template and data of a shop path; ok is false for a path the shop does not have.
func Page(p string) (name string, data map[string]any, ok bool) {
	data = map[string]any{"Products": products}
	switch {
	case p == "/" || p == "":
		return "home", data, true
	case strings.HasPrefix(p, "/products/"):
		for _, pr := range products {
			if "/products/"+pr.Slug == strings.TrimSuffix(p, "/") {
				data["Product"] = pr
				return "product", data, true
			}
		}
	default:
		if name, ok := simplePages[p]; ok {
			return name, data, true
		}
	}
	return "missing", data, false
}

func serve(e *core.RequestEvent, p string) error {
	if e.Request.Method != http.MethodGet && e.Request.Method != http.MethodHead {
		return e.String(http.StatusMethodNotAllowed, "Method not allowed")
	}
	name, data, ok := Page(p)
	data["Key"] = siteKey(e.App)
	var body bytes.Buffer
	if err := pages.ExecuteTemplate(&body, name, data); err != nil {
		return err
	}
	h := e.Response.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("Cache-Control", "no-cache")
	status := http.StatusOK
	if !ok {
		status = http.StatusNotFound
	}
	return e.HTML(status, body.String())
}

// siteKey is the tracker key of the oldest site whose domain is the shop's, or "" (no tracker).
func siteKey(app core.App) string {
	recs, err := app.FindRecordsByFilter("sites", "domain = {:d}", "created_at", 1, 0, dbx.Params{"d": safefetch.DemoShopHost})
	if err != nil || len(recs) == 0 {
		return ""
	}
	return recs[0].GetString("public_key")
}
