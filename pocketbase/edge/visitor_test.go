package edge

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// edgeWithRules serves shop.test from an origin with the given tracker config.
func edgeWithRules(t *testing.T, cfg string) *httptest.Server {
	t.Helper()
	return edgeWithVisitor(t, cfg, nil)
}

// edgeWithVisitor is edgeWithRules with the consent-free visitor function (analytics.ConsentFreeVisitor).
func edgeWithVisitor(t *testing.T, cfg string, visitor func(siteID, ip, ua string) string) *httptest.Server {
	t.Helper()
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Cache-Control", "public, max-age=60, s-maxage=600")
		_, _ = w.Write([]byte(`<html><head></head><body><h1 id="t">Original</h1><p class="all">x</p></body></html>`))
	}))
	t.Cleanup(origin.Close)
	u, _ := url.Parse(origin.URL)
	dir := &Directory{}
	dir.Set(map[string]*Site{"shop.test": {ID: "site1", Key: "key111111111111111111111", Origin: u}})
	srv := httptest.NewServer(New(dir, Options{TrackerOrigin: "https://app.test", AllowPrivate: true,
		Config: func(key string) []byte {
			if key != "key111111111111111111111" {
				return nil
			}
			return []byte(cfg)
		}, Visitor: visitor}))
	t.Cleanup(srv.Close)
	return srv
}

func visit(t *testing.T, edge string, header http.Header) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", edge+"/", nil)
	req.Host = "shop.test"
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return res, b.String()
}

const everyVisitorExperiment = `{"k":"key111111111111111111111","dnt":true,` +
	`"r":[{"i":"all","s":"s","p":100,"q":"p.all","c":[{"type":"set_attribute","name":"title","value":"everyone"}]}],` +
	`"x":[{"i":"exp1","s":"seed","p":100,"q":"#t","v":[{"k":"control","w":0,"c":[]},{"k":"b","w":1,"c":[{"type":"set_text","value":"Variant B"}]}]}]}`

func TestTheEdgeGivesANewVisitorAnIdCookieAndTheirVariant(t *testing.T) {
	srv := edgeWithRules(t, everyVisitorExperiment)
	res, body := visit(t, srv.URL, http.Header{"User-Agent": {"Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0"}})
	cookies := res.Cookies()
	if len(cookies) != 1 || cookies[0].Name != "cro_v" || !validVisitorID.MatchString(cookies[0].Value) || cookies[0].Path != "/" || cookies[0].MaxAge < 86400*300 {
		t.Fatalf("cookies: %v", res.Header["Set-Cookie"])
	}
	if !strings.Contains(body, `<h1 id="t" data-cro-on="exp1">Variant B</h1>`) || !strings.Contains(body, `title="everyone"`) {
		t.Fatalf("body: %s", body)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "private, max-age=60" {
		t.Fatalf("a page per visitor must not be shared by caches: %q", cc)
	}
	// A returning visitor keeps their id: no new cookie, the same variant.
	res, body = visit(t, srv.URL, http.Header{"Cookie": {"cro_v=" + cookies[0].Value}})
	if len(res.Cookies()) != 0 || !strings.Contains(body, ">Variant B</h1>") {
		t.Fatalf("returning visitor: %v %s", res.Header["Set-Cookie"], body)
	}
}

func TestVisitorsWhoMayNotBeTrackedGetNoCookieAndNoExperiment(t *testing.T) {
	srv := edgeWithRules(t, everyVisitorExperiment)
	for name, h := range map[string]http.Header{
		"Do Not Track":           {"Dnt": {"1"}},
		"Global Privacy Control": {"Sec-Gpc": {"1"}},
		"automated browser":      {"User-Agent": {"Mozilla/5.0 HeadlessChrome/140.0"}},
		"consent withdrawn":      {"Cookie": {"cro_v=-"}},
	} {
		res, body := visit(t, srv.URL, h)
		if len(res.Header["Set-Cookie"]) != 0 {
			t.Errorf("%s: cookie set %v", name, res.Header["Set-Cookie"])
		}
		if !strings.Contains(body, `<h1 id="t">Original</h1>`) || !strings.Contains(body, `title="everyone"`) {
			t.Errorf("%s: only the rule for everyone applies: %s", name, body)
		}
	}
	// A site that does not honour DNT tracks such a visitor.
	srv = edgeWithRules(t, strings.Replace(everyVisitorExperiment, `"dnt":true`, `"dnt":false`, 1))
	if res, body := visit(t, srv.URL, http.Header{"Dnt": {"1"}}); len(res.Cookies()) != 1 || !strings.Contains(body, "Variant B") {
		t.Fatalf("dnt ignored by the site: %v %s", res.Header["Set-Cookie"], body)
	}
}

func TestAConsentFreeSiteGetsNoCookieAndTheServersDailyVisitorId(t *testing.T) {
	cfg := strings.Replace(everyVisitorExperiment, `"dnt":true,`, `"dnt":true,"c":1,`, 1)
	var asked []string
	srv := edgeWithVisitor(t, cfg, func(siteID, ip, ua string) string {
		asked = append(asked, siteID+"|"+ip+"|"+ua)
		return "dailyhash0123456789a"
	})
	res, body := visit(t, srv.URL, http.Header{"User-Agent": {"Firefox/140"}, "Cookie": {"cro_v=-"}})
	if len(res.Header["Set-Cookie"]) != 0 {
		t.Fatalf("consent-free: cookie set %v", res.Header["Set-Cookie"])
	}
	// The withdrawn-consent cookie is not read either: nothing on the device counts.
	if !strings.Contains(body, ">Variant B</h1>") {
		t.Fatalf("the daily visitor is in the experiment: %s", body)
	}
	if len(asked) != 1 || asked[0] != "site1|127.0.0.1|Firefox/140" {
		t.Fatalf("visitor asked for %v", asked)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "private, max-age=60" {
		t.Fatalf("a page per visitor must not be shared by caches: %q", cc)
	}
	// Without an id (the salts cannot be read) the visitor gets no per-visitor change, and no cookie.
	srv = edgeWithVisitor(t, cfg, func(string, string, string) string { return "" })
	res, body = visit(t, srv.URL, nil)
	if len(res.Header["Set-Cookie"]) != 0 || !strings.Contains(body, `<h1 id="t">Original</h1>`) {
		t.Fatalf("no id: %v %s", res.Header["Set-Cookie"], body)
	}
	// Do Not Track still wins on a site that honours it.
	asked = nil
	srv = edgeWithVisitor(t, cfg, func(siteID, ip, ua string) string { asked = append(asked, ip); return "dailyhash0123456789a" })
	if _, body = visit(t, srv.URL, http.Header{"Dnt": {"1"}}); len(asked) != 0 || strings.Contains(body, "Variant B") {
		t.Fatalf("DNT on a consent-free site: asked %v, %s", asked, body)
	}
}
