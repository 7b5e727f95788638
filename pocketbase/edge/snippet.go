// Package edge is the install's HTTP reverse proxy for connected domains: it serves a delegated
// domain's pages from the site's origin with the tracking snippet injected into the HTML as it
// streams, answers 421 for hosts it does not serve (never another site's content), and says so
// with a branded page when the origin cannot be reached.
package edge

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
)

// The snippet's timings, the same as src/lib/tracking-snippet.ts (pinned by the contract fixture
// tests/fixtures/contracts/tracking-snippet.json).
const (
	loaderTimeoutMS  = 800
	targetsTimeoutMS = 3000
)

// Snippet is the loader tag Speed & Tracking gives owners, byte for byte.
func Snippet(origin, key string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(origin + "/t/" + encodeURIComponent(key))
	base := strings.ReplaceAll(strings.TrimSuffix(b.String(), "\n"), "<", `\u003c`)
	return "<script>(function(w,d,u,c,l){c=w.cro=w.cro||function(){(c.q=c.q||[]).push(arguments)};" +
		"l=d.createElement('link');l.rel='stylesheet';l.href=u+'.css';l.setAttribute('blocking','render');(d.head||d.documentElement).appendChild(l);" +
		"c.r=function(){clearTimeout(c.t);clearTimeout(c.u);l.href='data:text/css,';l.remove()};c.g=function(){c.to=1;c.r()};l.onerror=c.g;" +
		"c.e=[];c.f=function(e){c.e.push(e)};w.addEventListener('error',c.f);w.addEventListener('unhandledrejection',c.f);" +
		"c.t=setTimeout(function(){l.sheet||c.g()}," + strconv.Itoa(loaderTimeoutMS) + ");c.u=setTimeout(c.g," + strconv.Itoa(targetsTimeoutMS) + ");" +
		"import(u+'.js').catch(c.g)})(window,document," + base + ")</script>"
}

// encodeURIComponent escapes like JavaScript's: everything but A-Z a-z 0-9 - _ . ! ~ * ' ( ).
func encodeURIComponent(s string) string {
	e := url.QueryEscape(s)
	e = strings.ReplaceAll(e, "+", "%20")
	for _, keep := range []string{"!", "'", "(", ")", "*"} {
		e = strings.ReplaceAll(e, url.QueryEscape(keep), keep)
	}
	return e
}
