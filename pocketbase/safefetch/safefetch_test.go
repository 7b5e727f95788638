package safefetch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestIsRefusedIP(t *testing.T) {
	refused := []string{
		"127.0.0.1", "127.8.9.10", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254",
		"100.64.0.1", "100.100.100.200", "0.0.0.0", "224.0.0.1", "255.255.255.255", "240.0.0.1",
		"::1", "::", "fe80::1", "fd00:ec2::254", "fc00::1", "ff02::1", "::ffff:127.0.0.1",
		"::ffff:169.254.169.254", "::ffff:10.0.0.1", "::127.0.0.1", "64:ff9b::a00:1", "2002:a00:1::1",
		"::ffff:0:7f00:1", "::ffff:0:a9fe:a9fe", "::ffff:0:808:808", // IPv4-translated, even of a public address
	}
	for _, s := range refused {
		if !IsRefusedIP(netip.MustParseAddr(s)) {
			t.Errorf("%s should be refused", s)
		}
	}
	for _, s := range []string{"93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"} {
		if IsRefusedIP(netip.MustParseAddr(s)) {
			t.Errorf("%s should be allowed", s)
		}
	}
}

func TestNormalizeURL(t *testing.T) {
	c := DefaultConfig()
	cases := map[string]string{
		"example.com":                  "https://example.com/",
		"HTTP://Example.COM:80/a#frag": "http://example.com/a",
		" https://shop.example.org ":   "https://shop.example.org/",
	}
	for in, want := range cases {
		u, err := c.NormalizeURL(in)
		if err != nil || u.String() != want {
			t.Errorf("%q: got %v %v, want %s", in, u, err, want)
		}
	}
	codes := map[string]Code{
		"":                            CodeInvalidURL,
		"ftp://example.com":           CodeInvalidURL,
		"javascript:alert(1)":         CodeInvalidURL,
		"https://user:pw@example.com": CodeInvalidURL,
		"https://example.com:8080/":   CodePortRefused,
		"http://127.0.0.1/":           CodeRefusedAddress,
		"http://[::1]/":               CodeRefusedAddress,
		"http://169.254.169.254/":     CodeRefusedAddress,
		"http://[::ffff:10.0.0.1]/":   CodeRefusedAddress,
	}
	for in, want := range codes {
		if _, err := c.NormalizeURL(in); err == nil || err.Code != want {
			t.Errorf("%q: got %v, want %s", in, err, want)
		}
	}
}

func serverConfig(t *testing.T, srv *httptest.Server) Config {
	u, _ := url.Parse(srv.URL)
	c := DefaultConfig()
	c.AllowHosts[netip.MustParseAddrPort(u.Host)] = true
	return c
}

func TestFetchPage(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<html><title>Hi</title></html>"))
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("{}"))
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(strings.Repeat("a", 3<<20)))
	})
	mux.HandleFunc("/to-private", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://10.0.0.1/", http.StatusFound)
	})
	mux.HandleFunc("/to-localhost", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://localhost/", http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/missing", http.NotFound)
	srv := httptest.NewServer(mux)
	defer srv.Close()

	// Without the allow-list the fixture server itself is refused.
	if _, err := DefaultConfig().FetchPage(context.Background(), srv.URL+"/page"); err == nil || err.Code != CodePortRefused {
		t.Fatalf("fixture without allow-list: %v", err)
	}
	c := serverConfig(t, srv)
	c.AllowPorts[80] = true
	page, err := c.FetchPage(context.Background(), srv.URL+"/page")
	if err != nil || !strings.Contains(page.Body, "<title>Hi</title>") {
		t.Fatalf("page: %v %v", page, err)
	}
	for path, want := range map[string]Code{
		"/json": CodeNotHTML, "/big": CodeTooLarge, "/to-private": CodeRefusedAddress,
		"/to-localhost": CodeRefusedAddress, "/loop": CodeTooManyRedirects, "/missing": CodeHTTPStatus,
	} {
		if _, err := c.FetchPage(context.Background(), srv.URL+path); err == nil || err.Code != want {
			t.Errorf("%s: got %v, want %s", path, err, want)
		}
	}
}

func TestResolvePinsNameAndStillChecksAddress(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<h1>" + r.Host + "</h1>"))
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	c := DefaultConfig()
	c.Resolve["shop.test"] = netip.MustParseAddrPort(u.Host)
	if _, err := c.FetchPage(context.Background(), "http://shop.test/"); err == nil || err.Code != CodeRefusedAddress {
		t.Fatalf("pinned to a loopback address without allow-list: %v", err)
	}
	c.AllowHosts[netip.MustParseAddrPort(u.Host)] = true
	page, err := c.FetchPage(context.Background(), "http://shop.test/")
	if err != nil || !strings.Contains(page.Body, "shop.test") {
		t.Fatalf("pinned: %v %v", page, err)
	}
}

func TestAssetSizes(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		_, _ = w.Write([]byte(strings.Repeat("x", 1234)))
	}))
	defer srv.Close()
	c := serverConfig(t, srv)
	sizes := c.AssetSizes(context.Background(), []string{srv.URL + "/a.css", "http://10.0.0.1/b.js"})
	if sizes[srv.URL+"/a.css"] != 1234 || sizes["http://10.0.0.1/b.js"] != -1 {
		t.Fatalf("sizes: %v", sizes)
	}
}

func TestUnreachableAndTimeout(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	addr := closed.Listener.Addr().String()
	closed.Close()
	c := DefaultConfig()
	c.AllowHosts[netip.MustParseAddrPort(addr)] = true
	if _, err := c.FetchPage(context.Background(), "http://"+addr+"/"); err == nil || err.Code != CodeUnreachable {
		t.Fatalf("closed port: %v", err)
	}

	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	defer slow.Close()
	c = serverConfig(t, slow)
	c.Timeout = 200 * 1e6
	if _, err := c.FetchPage(context.Background(), slow.URL+"/"); err == nil || err.Code != CodeTimeout {
		t.Fatalf("slow server: %v", err)
	}
}

func TestDemoShopPinReachesOnlyItsAddress(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<h1>" + r.Host + "</h1>"))
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	t.Setenv("CRO_DEMO_SHOP_ADDRESS", u.Host)
	c := ConfigFromEnv()
	page, err := c.FetchPage(context.Background(), "http://"+DemoShopHost+"/")
	if err != nil || !strings.Contains(page.Body, DemoShopHost) {
		t.Fatalf("the demo shop: %v %v", page, err)
	}
	// The address itself stays refused, by IP or by another name.
	for _, raw := range []string{srv.URL + "/", "http://localhost:" + u.Port() + "/"} {
		if _, err := c.FetchPage(context.Background(), raw); err == nil {
			t.Errorf("%s was fetched", raw)
		}
	}
	// Only a loopback address is taken.
	t.Setenv("CRO_DEMO_SHOP_ADDRESS", "203.0.113.7:80")
	if _, ok := DemoShopAddress(); ok {
		t.Error("a public address was taken for the demo shop")
	}
}

// A site's home read beside an inner page has a smaller budget than the page: a 1.5 MB home the
// page's own fetch would read is too large, and the guards stay the same (a redirect to a private
// address is refused).
func TestHomeConfigSmallerBudgetSameGuards(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html><title>Home</title>" + strings.Repeat("a", 3<<19) + "</html>"))
	})
	mux.HandleFunc("/small", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html><title>Home</title></html>"))
	})
	mux.HandleFunc("/to-private", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://10.0.0.1/", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	c := serverConfig(t, srv)
	if _, err := c.FetchPage(context.Background(), srv.URL+"/"); err != nil {
		t.Fatalf("the page's own budget reads the 1.5 MB home: %v", err)
	}
	home := c.HomeConfig()
	if home.Timeout != 3*time.Second || c.Timeout != 10*time.Second {
		t.Fatalf("home timeout %v, page timeout %v", home.Timeout, c.Timeout)
	}
	if _, err := home.FetchPage(context.Background(), srv.URL+"/"); err == nil || err.Code != CodeTooLarge {
		t.Fatalf("1.5 MB home within the home budget: %v", err)
	}
	if page, err := home.FetchPage(context.Background(), srv.URL+"/small"); err != nil || !strings.Contains(page.Body, "<title>Home</title>") {
		t.Fatalf("small home: %v %v", page, err)
	}
	if _, err := home.FetchPage(context.Background(), srv.URL+"/to-private"); err == nil || err.Code != CodeRefusedAddress {
		t.Fatalf("home redirected to a private address: %v", err)
	}
}
