// Package render loads a page in headless Chromium before the audit judges it: the DOM after
// scripts, which elements are hidden, where the links and buttons are (and so which are above the
// fold), and the accessible names of icons and SVGs.
//
// The browser never connects anywhere by itself. Every request it makes is paused (CDP Fetch
// domain) and answered by the guarded fetcher (safefetch), which applies the scan's SSRF checks to
// the URL, to every address connected to and to every redirect; images, media and fonts are not
// fetched at all. As a second wall, the browser's own network goes to a proxy that does not exist
// and its resolver resolves nothing, so a request that escapes interception (a WebSocket, a
// prefetch) fails instead of reaching the server's network.
package render

import (
	"context"
	_ "embed"
	"encoding/base64"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/safefetch"
)

//go:embed annotate.js
var annotateJS string

// Limits of one rendering: the page from navigation to the annotated DOM (the browser is already
// running, see browser.go), and the sub-requests answered.
const (
	Timeout      = 20 * time.Second
	MaxRequests  = 150
	ViewportW    = 1280
	ViewportH    = 800
	settleWindow = 800 * time.Millisecond
)

// ChromiumPath is the browser the server renders with (CRO_SCAN_CHROMIUM), or "" when rendering
// is off or the file is missing: the scan then reads the HTML alone.
func ChromiumPath() string {
	p := strings.TrimSpace(os.Getenv("CRO_SCAN_CHROMIUM"))
	if p == "" {
		return ""
	}
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		return ""
	}
	return p
}

// Stats counts what the browser asked for.
type Stats struct {
	Answered int64 // fetched through the guarded fetcher
	Refused  int64 // refused by its checks or not fetched (images, fonts, media, over the limit)
}

// Render loads pageURL, whose HTML the guarded fetcher already got (body), and returns the
// annotated DOM after scripts as HTML.
func Render(ctx context.Context, chromium string, cfg safefetch.Config, pageURL, body string) (string, Stats, error) {
	var stats Stats
	tab, closeTab, err := shared.tab(chromium)
	if err != nil {
		return "", stats, err
	}
	defer closeTab()
	// The page's budget starts once the browser is up; the caller's ctx still cancels.
	bctx, cancel := context.WithTimeout(tab, Timeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()

	chromedp.ListenTarget(bctx, func(ev any) {
		paused, ok := ev.(*fetch.EventRequestPaused)
		if !ok {
			return
		}
		go answer(bctx, cfg, paused, pageURL, body, &stats)
	})
	var html string
	err = chromedp.Run(bctx,
		fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*", RequestStage: fetch.RequestStageRequest}}),
		network.SetCacheDisabled(true),
		chromedp.EmulateViewport(ViewportW, ViewportH),
		chromedp.Navigate(pageURL),
		chromedp.Sleep(settleWindow),
		chromedp.Evaluate(annotateJS, &html),
	)
	if err != nil {
		return "", stats, err
	}
	if !strings.Contains(html, "<") {
		return "", stats, errors.New("render: empty document")
	}
	return html, stats, nil
}

// answer fulfils one paused request: the page itself with the HTML already fetched, scripts,
// stylesheets and documents through the guarded fetcher, anything else (or anything refused) fails.
func answer(ctx context.Context, cfg safefetch.Config, ev *fetch.EventRequestPaused, pageURL, body string, stats *Stats) {
	run := func(a chromedp.Action) { _ = chromedp.Run(ctx, a) }
	fail := func() {
		atomic.AddInt64(&stats.Refused, 1)
		run(fetch.FailRequest(ev.RequestID, network.ErrorReasonBlockedByClient))
	}
	if ev.Request.Method != "GET" || atomic.LoadInt64(&stats.Answered) >= MaxRequests {
		fail()
		return
	}
	if ev.Request.URL == pageURL && ev.ResourceType == network.ResourceTypeDocument {
		atomic.AddInt64(&stats.Answered, 1)
		run(fulfil(ev.RequestID, 200, "text/html; charset=utf-8", []byte(body)))
		return
	}
	switch ev.ResourceType {
	case network.ResourceTypeScript, network.ResourceTypeStylesheet, network.ResourceTypeDocument,
		network.ResourceTypeXHR, network.ResourceTypeFetch:
	default:
		fail()
		return
	}
	res, ferr := cfg.FetchResource(ctx, ev.Request.URL)
	if ferr != nil {
		fail()
		return
	}
	atomic.AddInt64(&stats.Answered, 1)
	run(fulfil(ev.RequestID, int64(res.Status), res.ContentType, res.Body))
}

func fulfil(id fetch.RequestID, status int64, contentType string, body []byte) chromedp.Action {
	headers := []*fetch.HeaderEntry{}
	if contentType != "" {
		headers = append(headers, &fetch.HeaderEntry{Name: "Content-Type", Value: contentType})
	}
	return fetch.FulfillRequest(id, status).WithResponseHeaders(headers).WithBody(base64.StdEncoding.EncodeToString(body))
}

// Enable makes the scan render pages when CRO_SCAN_CHROMIUM names a Chromium binary (checked on
// each scan, like the other CRO_SCAN_* settings); without it the scan reads the HTML alone. A
// serving app starts the browser at once and closes it when it stops.
func Enable(app core.App) {
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		if chromium := ChromiumPath(); chromium != "" {
			Warm(chromium)
		}
		return e.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		Close()
		return e.Next()
	})
	safefetch.RenderPage = func(ctx context.Context, cfg safefetch.Config, pageURL, body string) (string, error) {
		chromium := ChromiumPath()
		if chromium == "" {
			return "", safefetch.ErrRenderOff
		}
		html, _, err := Render(ctx, chromium, cfg, pageURL, body)
		return html, err
	}
}
