package main

import (
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// registerSite serves the Astro build on the same origin as the API: pretty URLs map to
// <path>/index.html, /dashboard/* falls back to the dashboard's single page (client router),
// and anything else unknown gets the site's 404 page with status 404.
func registerSite(app *pocketbase.PocketBase, siteDir string) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(e *core.ServeEvent) error {
			if st, err := os.Stat(siteDir); err == nil && st.IsDir() {
				// gzip: pages and scripts shrink ~3x (Lighthouse counts transfer size on a slow network)
				site := os.DirFS(siteDir)
				e.Router.GET("/{path...}", siteHandler(site, contentSecurityPolicy(site))).Bind(apis.Gzip())
			}
			return e.Next()
		},
		Priority: 999, // last, so that API and hook routes win
	})
}

func siteHandler(site fs.FS, csp string) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		// Every answer here is a page of the build or a file of it; the policy is harmless on files.
		e.Response.Header().Set("Content-Security-Policy", csp)
		name, ok := resolveSitePath(site, e.Request.URL.Path)
		if ok {
			setCacheHeaders(e, name)
			return e.FileFS(site, name)
		}
		if isDashboardPath(e.Request.URL.Path) {
			e.Response.Header().Set("Cache-Control", "no-cache")
			return e.FileFS(site, "dashboard/index.html")
		}
		body, err := fs.ReadFile(site, "404.html")
		if err != nil {
			return e.String(http.StatusNotFound, "Oops! Page not found")
		}
		return e.HTML(http.StatusNotFound, string(body))
	}
}

// resolveSitePath maps a request path to a file of the build, or reports that none exists.
func resolveSitePath(site fs.FS, urlPath string) (string, bool) {
	clean := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if strings.HasPrefix(clean, "..") {
		return "", false
	}
	candidates := []string{clean, path.Join(clean, "index.html"), clean + ".html"}
	if clean == "" || clean == "." {
		candidates = []string{"index.html"}
	}
	for _, c := range candidates {
		if st, err := fs.Stat(site, c); err == nil && !st.IsDir() {
			return c, true
		}
	}
	return "", false
}

func isDashboardPath(urlPath string) bool {
	return urlPath == "/dashboard" || strings.HasPrefix(urlPath, "/dashboard/")
}

// setCacheHeaders: hashed Astro assets never change; pages must revalidate.
func setCacheHeaders(e *core.RequestEvent, name string) {
	h := e.Response.Header()
	if strings.HasPrefix(name, "_astro/") {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else if strings.HasSuffix(name, ".html") {
		h.Set("Cache-Control", "no-cache")
	} else {
		h.Set("Cache-Control", "public, max-age=3600")
	}
}
