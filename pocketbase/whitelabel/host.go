package whitelabel

import (
	"bytes"
	"html"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Domains are the verified dashboard domains of brands whose organization has white label: the
// edge serves the install's own app on them (its certificate from the same ACME CA as sites').
func Domains(app core.App) []string {
	recs, err := app.FindAllRecords("brands", dbx.NewExp("domain != '' AND domain_verified = TRUE"))
	if err != nil {
		return nil
	}
	var out []string
	for _, r := range recs {
		if Load(app, r.Id) != nil {
			out = append(out, r.GetString("domain"))
		}
	}
	return out
}

// Dashboard serves the app (next) on a brand's domain as the brand's own: its clients land on the
// dashboard, the product's public pages are not served there, and the sign-in and dashboard pages
// carry the brand's name, logo and colour instead of the product's.
func Dashboard(app core.App, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		rewrite := isAppPage(p) && (r.Method == http.MethodGet || r.Method == http.MethodHead)
		if !rewrite && p != "/favicon.svg" && !isPage(p) {
			next.ServeHTTP(w, r) // the API, files and assets, as on the install's own host
			return
		}
		b := ForHost(app, r.Host)
		if b == nil {
			http.Error(w, "Misdirected request: this server does not serve "+r.Host+".", http.StatusMisdirectedRequest)
			return
		}
		switch {
		case p == "/favicon.svg" && b.Logo != "":
			http.Redirect(w, r, b.Logo, http.StatusFound)
		case rewrite:
			// The page is rewritten whole: ask for it uncompressed and unconditionally.
			r = r.Clone(r.Context())
			for _, h := range []string{"Accept-Encoding", "If-None-Match", "If-Modified-Since", "Range"} {
				r.Header.Del(h)
			}
			rec := &recorder{header: http.Header{}, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			body := rec.body.Bytes()
			if strings.HasPrefix(rec.header.Get("Content-Type"), "text/html") {
				body = BrandPage(body, b)
			}
			for k, v := range rec.header {
				w.Header()[k] = v
			}
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.Header().Del("ETag")
			w.Header().Del("Last-Modified")
			w.WriteHeader(rec.status)
			if r.Method != http.MethodHead {
				_, _ = w.Write(body)
			}
		case isPage(p) && !isAppPage(p):
			http.Redirect(w, r, "/dashboard", http.StatusFound)
		default:
			next.ServeHTTP(w, r)
		}
	})
}

// isPage: a path of the site's pages (no file extension), not of the API, the admin UI or the tracker.
func isPage(p string) bool {
	for _, prefix := range []string{"/api/", "/_/", "/t/", "/v1/", "/.well-known/"} {
		if strings.HasPrefix(p, prefix) {
			return false
		}
	}
	return path.Ext(p) == ""
}

func isAppPage(p string) bool {
	for _, base := range []string{"/dashboard", "/auth"} {
		if p == base || strings.HasPrefix(p, base+"/") {
			return true
		}
	}
	return false
}

var (
	titleTag   = regexp.MustCompile(`(?s)<title>(.*?)</title>`)
	socialMeta = regexp.MustCompile(`<meta (?:property="og:|name="twitter:)[^>]*>|<link rel="canonical"[^>]*>`)
	jsonLD     = regexp.MustCompile(`(?s)<script type="application/ld\+json"[^>]*>.*?</script>`)
	themeColor = regexp.MustCompile(`<meta name="theme-color" content="[^"]*"`)
	htmlTag    = regexp.MustCompile(`<html\b`)
	// The marked places of the sign-in frame (src/components/auth/AuthFrame.astro).
	logoLink    = regexp.MustCompile(`(?s)<a\b[^>]*\bdata-brand-logo\b[^>]*>.*?</a>`)
	supportLink = regexp.MustCompile(`(?s)<a\b[^>]*\bdata-brand-support\b[^>]*>.*?</a>`)
)

// BrandPage rewrites a page of the build for the brand: its title, no social or search metadata
// naming the product, the brand's theme colour, logo and support address in the marked places,
// and <html data-white-label> so that the dashboard renders nothing of the product's while it
// loads the brand.
func BrandPage(page []byte, b *Brand) []byte {
	esc := html.EscapeString
	s := string(page)
	product := ProductName()
	s = titleTag.ReplaceAllStringFunc(s, func(t string) string {
		inner := titleTag.FindStringSubmatch(t)[1]
		return "<title>" + strings.ReplaceAll(inner, esc(product), esc(b.Name)) + "</title>"
	})
	s = socialMeta.ReplaceAllString(s, "")
	s = jsonLD.ReplaceAllString(s, "")
	if b.PrimaryColor != "" {
		s = themeColor.ReplaceAllString(s, `<meta name="theme-color" content="`+esc(b.PrimaryColor)+`"`)
	}
	s = htmlTag.ReplaceAllString(s, `<html data-white-label`)
	logo := `<a href="/dashboard" class="inline-flex items-center gap-2 text-lg font-bold text-ink" data-brand-logo>`
	if b.Logo != "" {
		logo += `<img src="` + esc(b.Logo) + `" alt="" height="28" style="height:28px;width:auto">`
	}
	logo += `<span>` + esc(b.Name) + `</span></a>`
	s = logoLink.ReplaceAllLiteralString(s, logo)
	support := esc(b.Name)
	if b.SupportEmail != "" {
		support = `<a class="link" href="mailto:` + esc(b.SupportEmail) + `" data-brand-support>` + esc(b.SupportEmail) + `</a>`
	}
	s = supportLink.ReplaceAllLiteralString(s, support)
	return []byte(s)
}

// recorder keeps a whole answer of the app to rewrite it.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(p []byte) (int, error) { return r.body.Write(p) }
func (r *recorder) WriteHeader(status int)      { r.status = status }
