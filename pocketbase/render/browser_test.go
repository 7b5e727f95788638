package render

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"cro/pocketbase/safefetch"
)

func allowing(t *testing.T, siteURL string) safefetch.Config {
	t.Helper()
	cfg := safefetch.DefaultConfig()
	ap := netip.MustParseAddrPort(strings.TrimPrefix(siteURL, "http://"))
	cfg.AllowHosts[ap] = true
	cfg.AllowPorts[int(ap.Port())] = true
	return cfg
}

// runningBrowser is the shared browser's context (done once the process is gone).
func runningBrowser(t *testing.T) context.Context {
	t.Helper()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx == nil {
		t.Fatal("no browser running")
	}
	return shared.ctx
}

func browserProcess(t *testing.T) *os.Process {
	t.Helper()
	return chromedp.FromContext(runningBrowser(t)).Browser.Process()
}

// Renderings share one Chromium process but nothing else: what one page stored (a cookie, local
// storage) is not there for the next scan of the same site.
func TestRenderingsShareTheProcessNotTheStorage(t *testing.T) {
	path := chromium(t)
	site := httptest.NewServer(http.NotFoundHandler())
	defer site.Close()
	cfg := allowing(t, site.URL)
	page := `<!doctype html><html><body><h1 id="h"></h1><script>
document.getElementById('h').textContent = 'seen:' + (localStorage.getItem('k') || '-') + '|' + (document.cookie || '-');
localStorage.setItem('k', 'left-behind'); document.cookie = 'c=left-behind';
</script></body></html>`

	first, _, err := Render(context.Background(), path, cfg, site.URL+"/", page)
	if err != nil {
		t.Fatal(err)
	}
	pid := browserProcess(t).Pid
	second, _, err := Render(context.Background(), path, cfg, site.URL+"/", page)
	if err != nil {
		t.Fatal(err)
	}
	for i, html := range []string{first, second} {
		if !strings.Contains(html, "seen:-|-") {
			t.Fatalf("rendering %d saw what an earlier one stored: %s", i+1, html)
		}
	}
	if got := browserProcess(t).Pid; got != pid {
		t.Fatalf("the second rendering started another browser (pid %d, then %d)", pid, got)
	}
}

// A browser that died (killed, crashed) is started again by the next rendering.
func TestRenderingRestartsADeadBrowser(t *testing.T) {
	path := chromium(t)
	site := httptest.NewServer(http.NotFoundHandler())
	defer site.Close()
	cfg := allowing(t, site.URL)
	page := `<!doctype html><html><body><h1 id="h"></h1><script>document.getElementById('h').textContent = 'Alive'</script></body></html>`

	if _, _, err := Render(context.Background(), path, cfg, site.URL+"/", page); err != nil {
		t.Fatal(err)
	}
	running := runningBrowser(t)
	proc := browserProcess(t)
	if err := proc.Kill(); err != nil {
		t.Fatal(err)
	}
	_, _ = proc.Wait()
	<-running.Done() // chromedp notices the lost connection
	html, _, err := Render(context.Background(), path, cfg, site.URL+"/", page)
	if err != nil {
		t.Fatalf("no rendering after the browser died: %v", err)
	}
	if !strings.Contains(html, "Alive") {
		t.Fatalf("rendered HTML lacks the script's text: %s", html)
	}
	if browserProcess(t).Pid == proc.Pid {
		t.Fatal("the dead browser was not replaced")
	}
}
