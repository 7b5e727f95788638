package edge

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

const page = `<!doctype html><html><head data-x="1"><title>Shop</title></head><body><h1>Welcome</h1></body></html>`

func edgeFor(t *testing.T, origin string, allowPrivate bool) (*httptest.Server, string) {
	t.Helper()
	u, _ := url.Parse(origin)
	dir := &Directory{}
	dir.Set(map[string]*Site{
		"shop.test":     {ID: "site1", Key: "key111111111111111111111", Origin: u},
		"www.shop.test": {ID: "site1", Key: "key111111111111111111111", Origin: u},
		"noorigin.test": {ID: "site2", Key: "key222222222222222222222"},
	})
	srv := httptest.NewServer(New(dir, Options{TrackerOrigin: "https://app.test", Brand: "Upliftly", AllowPrivate: allowPrivate}))
	t.Cleanup(srv.Close)
	return srv, Snippet("https://app.test", "key111111111111111111111")
}

func get(t *testing.T, edge, host, path, acceptEncoding string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", edge+path, nil)
	req.Host = host
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body io.Reader = res.Body
	switch res.Header.Get("Content-Encoding") {
	case "gzip":
		gz, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		body = gz
	case "br":
		body = brotli.NewReader(res.Body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

func TestEdgeInjectsTheSnippetInEveryEncoding(t *testing.T) {
	var gotHost, gotForwarded string
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotHost, gotForwarded = r.Host, r.Header.Get("X-Forwarded-Host")
		switch r.URL.Path {
		case "/gz":
			if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
				t.Errorf("the edge did not ask the origin for gzip: %q", r.Header.Get("Accept-Encoding"))
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Content-Encoding", "gzip")
			gz := gzip.NewWriter(w)
			_, _ = gz.Write([]byte(page))
			_ = gz.Close()
		case "/style.css":
			w.Header().Set("Content-Type", "text/css")
			_, _ = w.Write([]byte("h1{color:red}<head>"))
		default:
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("ETag", `"v1"`)
			_, _ = w.Write([]byte(page))
		}
	}))
	defer origin.Close()
	edge, snippet := edgeFor(t, origin.URL, true)
	want := strings.Replace(page, `<head data-x="1">`, `<head data-x="1">`+snippet, 1)

	for _, enc := range []string{"", "gzip", "br", "gzip, deflate, br"} {
		res, body := get(t, edge.URL, "shop.test", "/", enc)
		if res.StatusCode != 200 || body != want {
			t.Fatalf("Accept-Encoding %q: %d\n%s", enc, res.StatusCode, body)
		}
		wantEnc := map[string]string{"": "", "gzip": "gzip", "br": "br", "gzip, deflate, br": "br"}[enc]
		if res.Header.Get("Content-Encoding") != wantEnc || res.Header.Get("ETag") != `W/"v1"` {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q ETag %q", enc, res.Header.Get("Content-Encoding"), res.Header.Get("ETag"))
		}
	}
	if gotHost != "shop.test" || gotForwarded != "shop.test" {
		t.Errorf("the origin saw Host %q, X-Forwarded-Host %q; want the visitor's host", gotHost, gotForwarded)
	}
	if _, body := get(t, edge.URL, "www.shop.test", "/gz", "gzip"); body != want {
		t.Errorf("a gzip page from the origin: %s", body)
	}
	res, body := get(t, edge.URL, "shop.test", "/style.css", "")
	if body != "h1{color:red}<head>" || res.Header.Get("Content-Length") != "19" {
		t.Errorf("a stylesheet must pass unchanged: %q (Content-Length %q)", body, res.Header.Get("Content-Length"))
	}
}

func TestEdgeStreamsThePageAsTheOriginSendsIt(t *testing.T) {
	release := make(chan struct{})
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html><head><title>Slow</title>\n"))
		w.(http.Flusher).Flush()
		<-release // the body waits until the visitor has the head
		_, _ = w.Write([]byte("</head><body>done</body></html>\n"))
	}))
	defer origin.Close()
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	edge, snippet := edgeFor(t, origin.URL, true)
	req, _ := http.NewRequest("GET", edge.URL+"/", nil)
	req.Host = "shop.test"
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	gz, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	first, err := bufio.NewReader(gz).ReadString('\n')
	if err != nil || first != "<html><head>"+snippet+"<title>Slow</title>\n" {
		t.Fatalf("the first line before the origin finished: %q, %v", first, err)
	}
	close(release)
}

func TestEdgeNeverServesAnotherSite(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(page))
	}))
	defer origin.Close()
	edge, _ := edgeFor(t, origin.URL, true)
	for _, host := range []string{"other.test", "evil.shop.test", "shop.test.evil.test", strings.TrimPrefix(edge.URL, "http://")} {
		res, body := get(t, edge.URL, host, "/", "")
		if res.StatusCode != http.StatusMisdirectedRequest || strings.Contains(body, "Welcome") {
			t.Errorf("host %q: %d %q", host, res.StatusCode, body)
		}
	}
	req, _ := http.NewRequest("GET", edge.URL, nil)
	req.Host = "shop.test"
	req.Header.Set(loopHeader, "1")
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusLoopDetected {
		t.Errorf("a request from the edge itself: %v %v", res, err)
	}
}

func TestEdgeSaysSoWhenTheOriginIsDown(t *testing.T) {
	origin := httptest.NewServer(http.NotFoundHandler())
	down := origin.URL
	origin.Close()
	edge, _ := edgeFor(t, down, true)
	start := time.Now()
	res, body := get(t, edge.URL, "shop.test", "/", "")
	if res.StatusCode != http.StatusBadGateway || !strings.Contains(body, "shop.test is not answering right now") ||
		!strings.Contains(body, "Its server did not answer.") || res.Header.Get("Retry-After") != "30" {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	if time.Since(start) < 250*time.Millisecond {
		t.Error("the edge did not try the origin a second time")
	}
	if res, body := get(t, edge.URL, "noorigin.test", "/", ""); res.StatusCode != http.StatusBadGateway || !strings.Contains(body, "No origin server is set") {
		t.Errorf("a site without an origin: %d %s", res.StatusCode, body)
	}
}

func TestEdgeRefusesOriginsOnPrivateNetworks(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("internal")) }))
	defer origin.Close()
	edge, _ := edgeFor(t, origin.URL, false)
	res, body := get(t, edge.URL, "shop.test", "/", "")
	if res.StatusCode != http.StatusBadGateway || strings.Contains(body, "internal") || !strings.Contains(body, "may not reach") {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
}

func TestInjectWithoutHeadLeavesThePage(t *testing.T) {
	for _, in := range []string{"plain text", "<html><header>x</header>", strings.Repeat("a", maxHeadSearch+10) + "<head>"} {
		out, _ := io.ReadAll(Inject(strings.NewReader(in), "<script>s</script>"))
		if !bytes.Equal(out, []byte(in)) {
			t.Errorf("%.40q changed", in)
		}
	}
	out, _ := io.ReadAll(Inject(io.MultiReader(strings.NewReader("<HTML><HE"), strings.NewReader("AD lang=x>rest")), "S"))
	if string(out) != "<HTML><HEAD lang=x>Srest" {
		t.Errorf("a tag split across reads: %q", out)
	}
}
