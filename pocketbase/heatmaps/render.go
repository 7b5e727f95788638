package heatmaps

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/safefetch"
)

// The page a heatmap is drawn over is the page as it is now, fetched through the guarded fetcher
// (as the scan fetches) and made inert (Sanitize). The dashboard shows it in an iframe whose
// address it cannot authenticate with a header, so the address is signed for a few minutes by the
// member's request (addressHandler) and the rendering answered to that address alone.

const (
	addressLife = 5 * time.Minute
	cacheLife   = 5 * time.Minute
	cacheSize   = 200
)

// renderingPolicy lets the rendering load the site's styles, images and fonts, and nothing run.
const renderingPolicy = "default-src 'none'; style-src * 'unsafe-inline'; img-src * data: blob:; font-src * data:; media-src *; " +
	"script-src 'none'; form-action 'none'; base-uri *; frame-ancestors 'self'"

type rendered struct {
	html string
	at   time.Time
}

type renderer struct {
	key   []byte
	mu    sync.Mutex
	cache map[string]rendered
	// source gives a page's HTML and the address its relative links resolve against.
	source func(ctx context.Context, domain, path string) (page, base string, err error)
}

func newRenderer() *renderer {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	return &renderer{key: key, cache: map[string]rendered{}, source: fetchedPage}
}

// fetchedPage is the rendering's source: the page as the site serves it now, over https, else
// http. A recorded snapshot of the page (a recording's full snapshot) can take its place.
func fetchedPage(ctx context.Context, domain, path string) (string, string, error) {
	cfg := safefetch.ConfigFromEnv()
	var last error
	for _, scheme := range []string{"https://", "http://"} {
		page, ferr := cfg.FetchPage(ctx, scheme+domain+path)
		if ferr == nil {
			return page.Body, page.URL, nil
		}
		last = ferr
	}
	return "", "", last
}

func (r *renderer) sign(site, path string, exp int64) string {
	mac := hmac.New(sha256.New, r.key)
	mac.Write([]byte(site + "\x00" + path + "\x00" + strconv.FormatInt(exp, 10)))
	return hex.EncodeToString(mac.Sum(nil))
}

// addressHandler answers {url}: where the member's browser loads the page's rendering from.
func (r *renderer) addressHandler(e *core.RequestEvent) error {
	site, err := member(e)
	if err != nil {
		return err
	}
	path, err := pagePath(e)
	if err != nil {
		return err
	}
	exp := time.Now().Add(addressLife).Unix()
	q := url.Values{"path": {path}, "exp": {strconv.FormatInt(exp, 10)}, "sig": {r.sign(site.Id, path, exp)}}
	return e.JSON(http.StatusOK, map[string]string{"url": "/api/cro/heatmap-render/" + site.Id + "?" + q.Encode()})
}

// pageHandler answers the rendering to a signed, unexpired address.
func (r *renderer) pageHandler(e *core.RequestEvent) error {
	siteID, q := e.Request.PathValue("site"), e.Request.URL.Query()
	path := q.Get("path")
	exp, _ := strconv.ParseInt(q.Get("exp"), 10, 64)
	if exp < time.Now().Unix() || !hmac.Equal([]byte(q.Get("sig")), []byte(r.sign(siteID, path, exp))) {
		return e.ForbiddenError("This page address has expired. Open the heatmap again.", nil)
	}
	site, err := e.App.FindRecordById("sites", siteID)
	if err != nil {
		return e.NotFoundError("Site not found", nil)
	}
	page, err := r.page(e.Request.Context(), site.GetString("domain"), path)
	if err != nil {
		return e.JSON(http.StatusBadGateway, map[string]any{"status": 502, "message": "Could not load the page from your site: " + err.Error(), "data": map[string]any{}})
	}
	h := e.Response.Header()
	h.Set("Content-Security-Policy", renderingPolicy)
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Cache-Control", "private, max-age=300")
	return e.HTML(http.StatusOK, page)
}

// page is the sanitized rendering of domain+path, kept for cacheLife.
func (r *renderer) page(ctx context.Context, domain, path string) (string, error) {
	key := domain + path
	r.mu.Lock()
	c, ok := r.cache[key]
	r.mu.Unlock()
	if ok && time.Since(c.at) < cacheLife {
		return c.html, nil
	}
	body, base, err := r.source(ctx, domain, path)
	if err != nil {
		return "", err
	}
	html, err := Sanitize(body, base)
	if err != nil {
		return "", err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.cache) >= cacheSize {
		for k, v := range r.cache {
			if time.Since(v.at) >= cacheLife || len(r.cache) >= cacheSize {
				delete(r.cache, k)
			}
		}
	}
	r.cache[key] = rendered{html: html, at: time.Now()}
	return html, nil
}
