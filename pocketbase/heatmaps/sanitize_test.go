package heatmaps

import (
	"strings"
	"testing"
)

func TestSanitizeLeavesNoScript(t *testing.T) {
	page := `<!doctype html><html><head><base href="https://evil.example/"><meta http-equiv="Refresh" content="0;url=/x">
<script>alert(1)</script><link rel="stylesheet" href="/style.css"></head>
<body onload="alert(2)"><noscript>Enable JavaScript</noscript><h1 class="title" onclick="alert(3)">Plans</h1>
<a href=" JaVaScript:alert(4)">bad</a><a href="/pricing">good</a><iframe srcdoc="<script>alert(5)</script>"></iframe>
<img src="/hero.png" onerror="alert(6)"><svg><script>alert(7)</script></svg><object data="x.swf"></object></body></html>`
	got, err := Sanitize(page, "https://shop.example/pricing")
	if err != nil {
		t.Fatal(err)
	}
	for _, banned := range []string{"alert", "<script", "noscript", "Enable JavaScript", "evil.example", "Refresh", "onclick", "onload",
		"onerror", "iframe", "object", "javascript"} {
		if strings.Contains(strings.ToLower(got), strings.ToLower(banned)) {
			t.Errorf("%q left in %s", banned, got)
		}
	}
	for _, kept := range []string{`<head><base href="https://shop.example/pricing"/>`, `<link rel="stylesheet" href="/style.css"/>`,
		`<h1 class="title">Plans</h1>`, `<a href="/pricing">good</a>`, `<img src="/hero.png"/>`} {
		if !strings.Contains(got, kept) {
			t.Errorf("%q missing from %s", kept, got)
		}
	}
}
