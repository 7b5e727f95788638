package edge

import (
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// countingOrigin answers with handler and counts the requests it got per path.
type countingOrigin struct {
	mu    sync.Mutex
	calls map[string]int
	last  map[string]*http.Request
}

func (o *countingOrigin) seen(path string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.calls[path]
}

func (o *countingOrigin) lastRequest(path string) *http.Request {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.last[path]
}

func startOrigin(t *testing.T, handler http.HandlerFunc) (*countingOrigin, *httptest.Server) {
	t.Helper()
	o := &countingOrigin{calls: map[string]int{}, last: map[string]*http.Request{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		o.calls[r.URL.Path]++
		o.last[r.URL.Path] = r
		o.mu.Unlock()
		handler(w, r)
	}))
	t.Cleanup(srv.Close)
	return o, srv
}

// cachedEdge serves shop.test and www.shop.test (site1) and other.test (site3), all from origin.
func cachedEdge(t *testing.T, origin string, limit int64) (string, *Cache) {
	t.Helper()
	u, _ := url.Parse(origin)
	dir := &Directory{}
	dir.Set(map[string]*Site{
		"shop.test":     {ID: "site1", Key: "key111111111111111111111", Origin: u},
		"www.shop.test": {ID: "site1", Key: "key111111111111111111111", Origin: u},
		"other.test":    {ID: "site3", Key: "key333333333333333333333", Origin: u},
	})
	cache := NewCache(limit)
	srv := httptest.NewServer(New(dir, Options{TrackerOrigin: "https://app.test", Brand: "Upliftly", AllowPrivate: true, Cache: cache}))
	t.Cleanup(srv.Close)
	return srv.URL, cache
}

// fetch asks the edge with the given headers (Host and method included as "Host" and "Method").
func fetch(t *testing.T, edge, path string, headers map[string]string) (*http.Response, string) {
	t.Helper()
	method := headers["Method"]
	if method == "" {
		method = http.MethodGet
	}
	req, _ := http.NewRequest(method, edge+path, nil)
	req.Host = "shop.test"
	for k, v := range headers {
		switch k {
		case "Host":
			req.Host = v
		case "Method":
		default:
			req.Header.Set(k, v)
		}
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

func TestCacheServesAStaticFileWithoutAskingTheOriginAgain(t *testing.T) {
	origin, srv := startOrigin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		w.Header().Set("Cache-Control", "public, max-age=600")
		_, _ = w.Write([]byte("h1{color:red}"))
	})
	edge, cache := cachedEdge(t, srv.URL, 1<<20)

	first, body := fetch(t, edge, "/app.css?v=3", nil)
	if first.Header.Get(cacheHeader) != "MISS" || body != "h1{color:red}" {
		t.Fatalf("first answer: %s %q", first.Header.Get(cacheHeader), body)
	}
	second, body := fetch(t, edge, "/app.css?v=3", nil)
	if second.Header.Get(cacheHeader) != "HIT" || body != "h1{color:red}" || second.Header.Get("Content-Type") != "text/css" || second.Header.Get("Content-Length") != "13" {
		t.Fatalf("second answer: %s %q %v", second.Header.Get(cacheHeader), body, second.Header)
	}
	head, body := fetch(t, edge, "/app.css?v=3", map[string]string{"Method": "HEAD"})
	if head.Header.Get(cacheHeader) != "HIT" || body != "" || head.Header.Get("Content-Length") != "13" {
		t.Fatalf("HEAD: %s %q %v", head.Header.Get(cacheHeader), body, head.Header)
	}
	if n := origin.seen("/app.css"); n != 1 {
		t.Fatalf("the origin was asked %d times, want 1", n)
	}
	if other, _ := fetch(t, edge, "/app.css?v=4", nil); other.Header.Get(cacheHeader) != "MISS" {
		t.Errorf("another query is another file: %s", other.Header.Get(cacheHeader))
	}
	if got := cache.Stats("site1"); got.Hits != 2 || got.Misses != 2 || got.BytesFromCache != 13 || got.Entries != 2 {
		t.Errorf("stats %+v", got)
	}
}

func TestCacheNeverKeepsPrivateOrPersonalAnswers(t *testing.T) {
	_, srv := startOrigin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Cache-Control", "public, max-age=600")
		switch r.URL.Path {
		case "/no-store.png":
			w.Header().Set("Cache-Control", "no-store")
		case "/private.png":
			w.Header().Set("Cache-Control", "private, max-age=600")
		case "/cookie.png":
			w.Header().Set("Set-Cookie", "session=abc")
		case "/page":
			w.Header().Set("Content-Type", "text/html")
		case "/vary.png":
			w.Header().Set("Vary", "Accept-Encoding, Cookie")
		case "/partial.png":
			w.WriteHeader(http.StatusPartialContent)
		case "/error.png":
			w.WriteHeader(http.StatusInternalServerError)
		case "/nothing.png":
			w.Header().Del("Cache-Control") // no freshness and no validator
		}
		_, _ = fmt.Fprintf(w, "%s for %s", r.URL.Path, r.Header.Get("Authorization"))
	})
	edge, cache := cachedEdge(t, srv.URL, 1<<20)
	cases := []struct {
		path    string
		headers map[string]string
	}{
		{"/no-store.png", nil},
		{"/private.png", nil},
		{"/cookie.png", nil},
		{"/page", nil},
		{"/vary.png", nil},
		{"/partial.png", nil},
		{"/error.png", nil},
		{"/nothing.png", nil},
		{"/public.png", map[string]string{"Authorization": "Bearer one"}},
		{"/public.png", map[string]string{"Cache-Control": "no-store"}},
		{"/public.png", map[string]string{"Method": "POST"}},
	}
	for _, c := range cases {
		for i := 0; i < 2; i++ {
			res, _ := fetch(t, edge, c.path, c.headers)
			if res.Header.Get(cacheHeader) == "HIT" {
				t.Errorf("%s %v was answered from the cache", c.path, c.headers)
			}
		}
	}
	if got := cache.Stats("site1"); got.Entries != 0 || cache.Size() != 0 {
		t.Errorf("entries were kept: %+v", got)
	}
	// Another visitor's credentials never get the first one's answer.
	if _, body := fetch(t, edge, "/public.png", map[string]string{"Authorization": "Bearer two"}); body != "/public.png for Bearer two" {
		t.Errorf("answer to the second credentials: %q", body)
	}
}

func TestCacheEntryExpiresAfterMaxAge(t *testing.T) {
	origin, srv := startOrigin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/javascript")
		w.Header().Set("Cache-Control", "max-age=1")
		_, _ = w.Write([]byte("console.log(1)"))
	})
	edge, _ := cachedEdge(t, srv.URL, 1<<20)
	for _, want := range []string{"MISS", "HIT"} {
		if res, _ := fetch(t, edge, "/app.js", nil); res.Header.Get(cacheHeader) != want {
			t.Fatalf("want %s, got %s", want, res.Header.Get(cacheHeader))
		}
	}
	time.Sleep(1100 * time.Millisecond)
	if res, body := fetch(t, edge, "/app.js", nil); res.Header.Get(cacheHeader) != "MISS" || body != "console.log(1)" || origin.seen("/app.js") != 2 {
		t.Fatalf("after max-age: %s %q, origin asked %d times", res.Header.Get(cacheHeader), body, origin.seen("/app.js"))
	}
}

func TestCacheRevalidatesWithTheEntrysValidators(t *testing.T) {
	origin, srv := startOrigin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", `"logo-v1"`)
		if r.Header.Get("If-None-Match") == `"logo-v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		_, _ = w.Write([]byte("<svg/>"))
	})
	edge, _ := cachedEdge(t, srv.URL, 1<<20)
	if res, _ := fetch(t, edge, "/logo.svg", nil); res.Header.Get(cacheHeader) != "MISS" {
		t.Fatalf("first: %s", res.Header.Get(cacheHeader))
	}
	res, body := fetch(t, edge, "/logo.svg", map[string]string{"If-None-Match": `"an-old-one"`})
	if res.StatusCode != 200 || res.Header.Get(cacheHeader) != "REVALIDATED" || body != "<svg/>" {
		t.Fatalf("no-cache must be revalidated: %d %s %q", res.StatusCode, res.Header.Get(cacheHeader), body)
	}
	if got := origin.lastRequest("/logo.svg").Header.Get("If-None-Match"); got != `"logo-v1"` {
		t.Errorf("the edge asked with If-None-Match %q, want its entry's ETag", got)
	}
	res, body = fetch(t, edge, "/logo.svg", map[string]string{"If-None-Match": `"logo-v1"`})
	if res.StatusCode != http.StatusNotModified || body != "" {
		t.Errorf("a visitor holding the current version: %d %q", res.StatusCode, body)
	}
	if origin.seen("/logo.svg") != 3 {
		t.Errorf("the origin was asked %d times, want 3 (one fetch, two revalidations)", origin.seen("/logo.svg"))
	}
}

func TestCacheHonoursAReloadAndTheVisitorsOwnCopy(t *testing.T) {
	origin, srv := startOrigin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "font/woff2")
		w.Header().Set("Cache-Control", "public, max-age=600")
		w.Header().Set("Last-Modified", "Mon, 02 Jan 2026 15:04:05 GMT")
		if r.Header.Get("If-Modified-Since") != "" {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		_, _ = w.Write([]byte("font-bytes"))
	})
	edge, _ := cachedEdge(t, srv.URL, 1<<20)
	fetch(t, edge, "/f.woff2", nil)
	res, _ := fetch(t, edge, "/f.woff2", map[string]string{"If-Modified-Since": "Tue, 03 Jan 2026 00:00:00 GMT"})
	if res.StatusCode != http.StatusNotModified || res.Header.Get(cacheHeader) != "HIT" {
		t.Fatalf("a visitor whose copy is current: %d %s", res.StatusCode, res.Header.Get(cacheHeader))
	}
	res, body := fetch(t, edge, "/f.woff2", map[string]string{"Cache-Control": "max-age=0"})
	if res.Header.Get(cacheHeader) != "REVALIDATED" || body != "font-bytes" || origin.seen("/f.woff2") != 2 {
		t.Fatalf("a reload: %s %q, origin asked %d times", res.Header.Get(cacheHeader), body, origin.seen("/f.woff2"))
	}
}

func TestCacheKeepsEachHostAndEncodingApart(t *testing.T) {
	_, srv := startOrigin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Cache-Control", "public, max-age=600")
		w.Header().Set("Vary", "Accept-Encoding")
		text := "logo of " + r.Host
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			gz := gzip.NewWriter(w)
			_, _ = gz.Write([]byte(text))
			_ = gz.Close()
			return
		}
		_, _ = w.Write([]byte(text))
	})
	edge, cache := cachedEdge(t, srv.URL, 1<<20)
	for _, host := range []string{"shop.test", "www.shop.test", "other.test"} {
		for _, want := range []string{"MISS", "HIT"} {
			res, body := fetch(t, edge, "/logo.txt", map[string]string{"Host": host})
			if res.Header.Get(cacheHeader) != want || body != "logo of "+host {
				t.Fatalf("%s: %s %q, want %s", host, res.Header.Get(cacheHeader), body, want)
			}
		}
	}
	res, body := fetch(t, edge, "/logo.txt", map[string]string{"Accept-Encoding": "gzip"})
	if res.Header.Get(cacheHeader) != "MISS" || res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip is another entry: %s %q", res.Header.Get(cacheHeader), res.Header.Get("Content-Encoding"))
	}
	again, body2 := fetch(t, edge, "/logo.txt", map[string]string{"Accept-Encoding": "gzip, br"})
	if again.Header.Get(cacheHeader) != "HIT" || body2 != body {
		t.Fatalf("the gzip entry: %s", again.Header.Get(cacheHeader))
	}
	if plain, text := fetch(t, edge, "/logo.txt", nil); plain.Header.Get("Content-Encoding") != "" || text != "logo of shop.test" {
		t.Fatalf("a visitor without gzip got %q %q", plain.Header.Get("Content-Encoding"), text)
	}
	if s1, s3 := cache.Stats("site1"), cache.Stats("site3"); s1.Entries != 3 || s3.Entries != 1 {
		t.Errorf("entries per site: %+v %+v", s1, s3)
	}
}

func TestPurgeDropsOnlyTheSitesEntries(t *testing.T) {
	origin, srv := startOrigin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		w.Header().Set("Cache-Control", "s-maxage=600, max-age=0")
		_, _ = w.Write([]byte("/* " + r.URL.Path + " */"))
	})
	edge, cache := cachedEdge(t, srv.URL, 1<<20)
	for _, host := range []string{"shop.test", "www.shop.test", "other.test"} {
		fetch(t, edge, "/a.css", map[string]string{"Host": host})
		fetch(t, edge, "/b.css?v=1", map[string]string{"Host": host})
	}
	if res, _ := fetch(t, edge, "/a.css", nil); res.Header.Get(cacheHeader) != "HIT" {
		t.Fatalf("s-maxage rules a shared cache: %s", res.Header.Get(cacheHeader))
	}
	if n := cache.Purge("site1", "/b.css"); n != 2 {
		t.Errorf("purging one path of site1 dropped %d, want 2 (both hosts)", n)
	}
	if res, _ := fetch(t, edge, "/b.css?v=1", nil); res.Header.Get(cacheHeader) != "MISS" {
		t.Errorf("a purged path: %s", res.Header.Get(cacheHeader))
	}
	if n := cache.Purge("site1", ""); n != 3 {
		t.Errorf("purging site1 dropped %d, want 3", n)
	}
	if res, _ := fetch(t, edge, "/a.css", nil); res.Header.Get(cacheHeader) != "MISS" {
		t.Errorf("after a purge: %s", res.Header.Get(cacheHeader))
	}
	if res, _ := fetch(t, edge, "/a.css", map[string]string{"Host": "other.test"}); res.Header.Get(cacheHeader) != "HIT" {
		t.Errorf("another site's entry was purged: %s", res.Header.Get(cacheHeader))
	}
	if origin.seen("/a.css") != 4 {
		t.Errorf("origin asked %d times for /a.css", origin.seen("/a.css"))
	}
}

func TestCacheStaysWithinItsMemoryBound(t *testing.T) {
	const limit = 64 << 10 // an entry may take 8 KB
	_, srv := startOrigin(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/jpeg")
		w.Header().Set("Cache-Control", "public, max-age=600")
		size := 4 << 10
		if r.URL.Path == "/huge.jpg" {
			size = 10 << 10
		}
		_, _ = w.Write([]byte(strings.Repeat("x", size)))
	})
	edge, cache := cachedEdge(t, srv.URL, limit)
	for i := 0; i < 40; i++ {
		fetch(t, edge, fmt.Sprintf("/img/%d.jpg", i), nil)
		if cache.Size() > limit {
			t.Fatalf("after %d files the cache holds %d bytes, over %d", i+1, cache.Size(), limit)
		}
	}
	if res, _ := fetch(t, edge, "/img/39.jpg", nil); res.Header.Get(cacheHeader) != "HIT" {
		t.Errorf("the newest file was not kept: %s", res.Header.Get(cacheHeader))
	}
	if res, _ := fetch(t, edge, "/img/0.jpg", nil); res.Header.Get(cacheHeader) != "MISS" {
		t.Errorf("the oldest file should have made room: %s", res.Header.Get(cacheHeader))
	}
	fetch(t, edge, "/huge.jpg", nil)
	if res, body := fetch(t, edge, "/huge.jpg", nil); res.Header.Get(cacheHeader) != "MISS" || len(body) != 10<<10 {
		t.Errorf("a file over the entry cap: %s (%d bytes)", res.Header.Get(cacheHeader), len(body))
	}
	if s := cache.Stats("site1"); s.Bytes != cache.Size() || s.Entries < 10 || s.Entries > 16 {
		t.Errorf("stats %+v, size %d", s, cache.Size())
	}
}
