package edge

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"cro/pocketbase/experiments"
)

// splitConfig is a running split-URL test on original with one variant at variant, weight w.
func splitConfig(original, variant string, w float64) string {
	return fmt.Sprintf(`{"k":"key111111111111111111111","dnt":true,"x":[{"i":"split1","s":"seed","p":100,"u":%q,`+
		`"v":[{"k":"control","w":%v,"c":[]},{"k":"b","w":%v,"c":[],"l":%q}]}]}`, original, 1-w, w, variant)
}

// splitEdge serves shop.test with cfg and counts the origin's requests.
func splitEdge(t *testing.T, cfg string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(`<html><head></head><body><h1>Page ` + r.URL.Path + `</h1></body></html>`))
	}))
	t.Cleanup(origin.Close)
	u, _ := url.Parse(origin.URL)
	dir := &Directory{}
	dir.Set(map[string]*Site{"shop.test": {ID: "site1", Key: "key111111111111111111111", Origin: u}})
	srv := httptest.NewServer(New(dir, Options{TrackerOrigin: "https://app.test", AllowPrivate: true,
		Config: func(string) []byte { return []byte(cfg) }}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// splitGet asks the edge for path without following redirects.
func splitGet(t *testing.T, edge, path string, h http.Header) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", edge+path, nil)
	req.Host = "shop.test"
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0")
	for k, v := range h {
		req.Header[k] = v
	}
	res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

func TestSplitURLVisitorsOfAVariantGetA302BeforeTheOriginIsAsked(t *testing.T) {
	srv, hits := splitEdge(t, splitConfig("/landing", "/landing-b", 1))
	res := splitGet(t, srv.URL, "/landing?utm_source=news&x=1", nil)
	if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "http://shop.test/landing-b?utm_source=news&x=1" {
		t.Fatalf("status %d, Location %q", res.StatusCode, res.Header.Get("Location"))
	}
	if hits.Load() != 0 {
		t.Fatalf("the origin was asked %d times before the redirect", hits.Load())
	}
	if cc := res.Header.Get("Cache-Control"); cc != "private, no-store" {
		t.Fatalf("a redirect per visitor must not be cached: %q", cc)
	}
	// A new visitor's id comes with the 302, so the landing page's tracker assigns alike.
	cookies := res.Cookies()
	if len(cookies) != 1 || cookies[0].Name != visitorCookie || !validVisitorID.MatchString(cookies[0].Value) {
		t.Fatalf("cookies: %v", res.Header["Set-Cookie"])
	}
	// The landing page is served, never redirected again.
	res = splitGet(t, srv.URL, "/landing-b?utm_source=news&x=1", http.Header{"Cookie": {"cro_v=" + cookies[0].Value}})
	if res.StatusCode != http.StatusOK || hits.Load() != 1 {
		t.Fatalf("landing page: status %d, origin hits %d", res.StatusCode, hits.Load())
	}
	// Other pages, and subresources of an original URL, are not redirected.
	for path, h := range map[string]http.Header{"/other": nil, "/landing": {"Sec-Fetch-Dest": {"image"}}} {
		if res := splitGet(t, srv.URL, path, h); res.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d", path, res.StatusCode)
		}
	}
}

func TestSplitURLAssignsAsTheTrackerAndSendsAboutHalf(t *testing.T) {
	srv, _ := splitEdge(t, splitConfig("/landing", "/landing-b", 0.5))
	moved := 0
	const n = 400
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("visitor%06d", i)
		res := splitGet(t, srv.URL, "/landing", http.Header{"Cookie": {"cro_v=" + id}})
		want := experiments.Assign(id, "seed", 1, []float64{0.5, 0.5}) == 1
		if got := res.StatusCode == http.StatusFound; got != want {
			t.Fatalf("%s: redirected %v, the tracker's assignment says %v", id, got, want)
		}
		if want {
			moved++
			if len(res.Cookies()) != 0 {
				t.Fatalf("a returning visitor keeps their id: %v", res.Header["Set-Cookie"])
			}
		}
	}
	if moved < n*40/100 || moved > n*60/100 {
		t.Fatalf("%d of %d visitors redirected", moved, n)
	}
}

func TestSplitURLNeverRedirectsBotsOrVisitorsWhoMayNotBeTracked(t *testing.T) {
	srv, hits := splitEdge(t, splitConfig("/landing", "/landing-b", 1))
	for name, h := range map[string]http.Header{
		"search engine":          {"User-Agent": {"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"}},
		"crawler":                {"User-Agent": {"Mozilla/5.0 (compatible; AhrefsBot/7.0)"}},
		"automated browser":      {"User-Agent": {"Mozilla/5.0 HeadlessChrome/140.0"}},
		"Lighthouse":             {"User-Agent": {"Mozilla/5.0 Chrome-Lighthouse"}},
		"Do Not Track":           {"Dnt": {"1"}},
		"Global Privacy Control": {"Sec-Gpc": {"1"}},
		"consent withdrawn":      {"Cookie": {"cro_v=-"}},
	} {
		if res := splitGet(t, srv.URL, "/landing", h); res.StatusCode != http.StatusOK || len(res.Header["Set-Cookie"]) != 0 {
			t.Errorf("%s: status %d, cookies %v", name, res.StatusCode, res.Header["Set-Cookie"])
		}
	}
	if hits.Load() != 7 {
		t.Fatalf("each of them gets the original page: %d origin hits", hits.Load())
	}
}

// A loop is impossible by construction: only an original page is redirected, and never to an
// address of the original's pattern, whatever the config says (the server refuses such variants;
// these configs bypass it). Every visitor is followed through the redirects.
func TestSplitURLRedirectLoopsAreImpossible(t *testing.T) {
	for _, c := range []struct{ original, variant, from, landing string }{
		{"/landing", "/landing-b", "/landing", "/landing-b"},
		{"/shop/*", "/new-shop/*", "/shop/shoes/red?size=9", "/new-shop/shoes/red?size=9"},
		{"/products/*", "/products-b/*", "/products/1", "/products-b/1"},
		{"/landing*", "/landing-b*", "/landing", ""},             // its target matches the original: never used
		{"/*", "/b", "/landing", ""},                             // every page is the original
		{"/landing", "/landing", "/landing", ""},                 // the variant is the original
		{"/a*", "/a/*", "/abc", ""},                              // a mapping back into the original
		{"http://shop.test/p*", "/p-b*", "/p1", ""},              // a full-URL original
		{"/landing", "http://shop.test/landing", "/landing", ""}, // the same page by its full address
	} {
		srv, _ := splitEdge(t, splitConfig(c.original, c.variant, 1))
		client := &http.Client{}
		redirects := 0
		client.CheckRedirect = func(req *http.Request, via []*http.Request) error {
			redirects = len(via)
			if len(via) > 1 {
				return fmt.Errorf("redirected again to %s", req.URL)
			}
			req.URL.Host = strings.TrimPrefix(srv.URL, "http://") // follow on the edge, as the visitor's browser would
			req.Host = "shop.test"
			return nil
		}
		req, _ := http.NewRequest("GET", srv.URL+c.from, nil)
		req.Host = "shop.test"
		req.Header.Set("Cookie", "cro_v=visitor000001")
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s -> %s: %v", c.original, c.variant, err)
		}
		res.Body.Close()
		want := 0
		if c.landing != "" {
			want = 1
		}
		if redirects != want || res.StatusCode != http.StatusOK {
			t.Fatalf("%s -> %s from %s: %d redirects, status %d", c.original, c.variant, c.from, redirects, res.StatusCode)
		}
		if c.landing != "" && res.Request.URL.RequestURI() != c.landing {
			t.Fatalf("%s -> %s: landed on %s, want %s", c.original, c.variant, res.Request.URL.RequestURI(), c.landing)
		}
		// The landing page itself is never redirected.
		if c.landing != "" {
			if res := splitGet(t, srv.URL, c.landing, http.Header{"Cookie": {"cro_v=visitor000001"}}); res.StatusCode != http.StatusOK {
				t.Fatalf("%s: landing page redirected (%d)", c.landing, res.StatusCode)
			}
		}
	}
}

// The global holdout is never sent away, and a grouped split test redirects only its range's
// visitors: the edge decides as the tracker's experimentSets does (src/tracker/experiments.ts).
func TestSplitURLSkipsTheHoldoutAndVisitorsOutsideItsGroupRange(t *testing.T) {
	held := configOf(t, `{"dnt":true,"ho":["site1:holdout",20],"x":[{"i":"split1","s":"seed","p":100,"u":"/landing",`+
		`"v":[{"k":"control","w":0,"c":[]},{"k":"b","w":1,"c":[],"l":"/landing-b"}]}]}`)
	n := 0
	for i := 0; i < 1000; i++ {
		v := fmt.Sprintf("visitor%d", i)
		to := held.splitRedirect(visitorInfo{id: v, href: "https://shop.test/landing"})
		if inHoldout := experiments.InRollout(v, "site1:holdout", 20); inHoldout != (to == "") {
			t.Fatalf("visitor %s: held out %v, redirected to %q", v, inHoldout, to)
		}
		if to == "" {
			n++
		}
	}
	if n == 0 || n == 1000 {
		t.Fatalf("%d of 1,000 visitors held out", n)
	}
	grouped := configOf(t, `{"dnt":true,"x":[{"i":"split1","s":"seed","p":100,"u":"/landing","g":{"s":"gseed","a":0.25,"b":0.75},`+
		`"v":[{"k":"control","w":0,"c":[]},{"k":"b","w":1,"c":[],"l":"/landing-b"}]}]}`)
	in := 0
	for i := 0; i < 1000; i++ {
		v := fmt.Sprintf("visitor%d", i)
		to := grouped.splitRedirect(visitorInfo{id: v, href: "https://shop.test/landing"})
		if inRange := experiments.InGroupRange(v, "gseed", 0.25, 0.75); inRange != (to != "") {
			t.Fatalf("visitor %s: in the range %v, redirected to %q", v, inRange, to)
		}
		if to != "" {
			in++
		}
	}
	if in < 400 || in > 600 {
		t.Fatalf("%d of 1,000 visitors in a half-wide range", in)
	}
}
