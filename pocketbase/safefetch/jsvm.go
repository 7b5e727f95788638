package safefetch

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/dop251/goja"

	"cro/pocketbase/htmlpage"
)

// BindJS exposes the fetcher to the JS hooks as $safefetch (see jsvm.Config.OnInit):
//
//	$safefetch.normalize(url)   -> {ok, url} | {ok: false, code, message}
//	$safefetch.page(url)        -> {ok, url, status, contentType, bytes, elapsedMs, page} | {ok: false, code, message}
//
// page is the audit's Page summary as JSON (htmlpage.Parse): parsing in Go takes milliseconds
// where a JS parser under goja takes seconds.
//
//	$safefetch.homePage(url)    -> the same as page, within HomeConfig's smaller budget and never rendered
//
// homePage reads a scanned inner page's site home, whose signs type the site with the page's: it
// must not hold the scan up long, so a slow or large home is simply not read.
//
//	$safefetch.assetSizes(urls) -> {url: bytes or -1}
//
// The configuration is read from the environment on each call (CRO_SCAN_* variables).
//
// When a renderer is set (RenderPage, by package render when CRO_SCAN_CHROMIUM names a Chromium)
// the page is judged as the browser shows it after scripts; "rendered" says so. A rendering that
// fails falls back to the HTML alone.
func BindJS(vm *goja.Runtime) {
	obj := vm.NewObject()
	_ = obj.Set("normalize", func(raw string) map[string]any {
		u, ferr := ConfigFromEnv().NormalizeURL(raw)
		if ferr != nil {
			return failure(ferr)
		}
		return map[string]any{"ok": true, "url": u.String()}
	})
	_ = obj.Set("page", func(raw string) map[string]any {
		cfg := ConfigFromEnv()
		page, ferr := cfg.FetchPage(context.Background(), raw)
		if ferr != nil {
			return failure(ferr)
		}
		html, rendered := page.Body, false
		if RenderPage != nil {
			if out, err := RenderPage(context.Background(), cfg, page.URL, page.Body); err == nil {
				html, rendered = out, true
			} else if !errors.Is(err, ErrRenderOff) {
				slog.Warn("scan: rendering failed, judged from the HTML alone", "url", page.URL, "error", err)
			}
		}
		return pageSummary(page, html, rendered)
	})
	_ = obj.Set("homePage", func(raw string) map[string]any {
		page, ferr := ConfigFromEnv().HomeConfig().FetchPage(context.Background(), raw)
		if ferr != nil {
			return failure(ferr)
		}
		return pageSummary(page, page.Body, false)
	})
	_ = obj.Set("assetSizes", func(urls []string) map[string]any {
		sizes := ConfigFromEnv().AssetSizes(context.Background(), urls)
		out := make(map[string]any, len(sizes))
		for k, v := range sizes {
			out[k] = v
		}
		return out
	})
	_ = vm.Set("$safefetch", obj)
}

// RenderPage renders a fetched page in a browser whose every request passes this package's checks
// (package render sets it when rendering is on); nil reads the HTML alone.
var RenderPage func(ctx context.Context, cfg Config, pageURL, body string) (string, error)

// ErrRenderOff is RenderPage's answer when rendering is not configured (not worth a warning).
var ErrRenderOff = errors.New("render: off")

// pageSummary is a fetched page's answer to the hooks: the audit's Page summary parsed from html.
func pageSummary(page *Page, html string, rendered bool) map[string]any {
	summary, err := json.Marshal(htmlpage.Parse([]byte(html), page.URL))
	if err != nil {
		return failure(newError(CodeNotHTML))
	}
	return map[string]any{
		"ok":          true,
		"url":         page.URL,
		"status":      page.Status,
		"contentType": page.ContentType,
		"bytes":       page.Bytes,
		"elapsedMs":   page.Elapsed.Milliseconds(),
		"page":        string(summary),
		"rendered":    rendered,
	}
}

func failure(ferr *Error) map[string]any {
	return map[string]any{"ok": false, "code": string(ferr.Code), "message": ferr.Message}
}
