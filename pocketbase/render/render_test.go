package render

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
)

func chromium(t *testing.T) string {
	for _, p := range []string{os.Getenv("CHROMIUM_PATH"), "/usr/bin/chromium"} {
		if p != "" {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	t.Skip("no Chromium on this machine")
	return ""
}

// The rendered page: a headline built by a script is there, hidden elements and the boxes of
// links are marked, an SVG's <title> becomes its name; and every request the browser makes goes
// through the guarded fetcher: the server it may not reach (another local port, the cloud
// metadata address) gets nothing, whether asked for by the HTML or by a script.
func TestRenderThroughTheGuardedFetcher(t *testing.T) {
	path := chromium(t)
	var forbiddenHits atomic.Int64
	forbidden := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		forbiddenHits.Add(1)
		_, _ = w.Write([]byte("document.title = 'escaped'"))
	}))
	defer forbidden.Close()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/app.js":
			w.Header().Set("Content-Type", "text/javascript")
			_, _ = w.Write([]byte(`document.getElementById('h').textContent = 'Built by script';
fetch('` + forbidden.URL + `/xhr').catch(() => {}); fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});`))
		case "/site.css":
			w.Header().Set("Content-Type", "text/css")
			_, _ = w.Write([]byte(".gone { display: none }"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer site.Close()
	page := `<!doctype html><html><head><link rel="stylesheet" href="/site.css"><script src="` + forbidden.URL + `/evil.js"></script></head>
<body><h1 id="h"></h1><div class="gone"><a href="/secret">Hidden offer</a></div><a class="btn" href="/buy">Buy now</a>
<svg role="img"><title>Rated 5 of 5</title></svg><img src="` + forbidden.URL + `/pixel.png"><script src="/app.js"></script></body></html>`

	html, stats, err := Render(context.Background(), path, allowing(t, site.URL), site.URL+"/", page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Built by script", `data-cro-hidden=""><a href="/secret"`, `aria-label="Rated 5 of 5"`} {
		if !strings.Contains(html, want) {
			t.Errorf("rendered HTML lacks %q", want)
		}
	}
	if !strings.Contains(html, `href="/buy" data-cro-box="`) {
		t.Errorf("the link's box is not marked")
	}
	if strings.Contains(html, "escaped") || forbiddenHits.Load() != 0 {
		t.Fatalf("the browser reached a server the scan may not reach (%d requests)", forbiddenHits.Load())
	}
	if stats.Refused < 3 || stats.Answered < 3 {
		t.Fatalf("want the page, its script and stylesheet answered and the rest refused: %+v", stats)
	}
}
