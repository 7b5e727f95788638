package main

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"
	"testing/fstest"
)

func TestContentSecurityPolicyHashesInlineScriptsOnly(t *testing.T) {
	site := fstest.MapFS{
		"index.html":           {Data: []byte(`<html><script>console.log(1)</script><script type="module" src="/_astro/a.js"></script></html>`)},
		"dashboard/index.html": {Data: []byte(`<SCRIPT type="module">go()</SCRIPT><script>console.log(1)</script>`)},
		"_astro/a.js":          {Data: []byte(`<script>notHtml()</script>`)},
	}
	csp := contentSecurityPolicy(site)
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	for _, want := range []string{hash("console.log(1)"), hash("go()"), "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("policy lacks %s: %s", want, csp)
		}
	}
	if strings.Contains(csp, hash("notHtml()")) || strings.Count(csp, "sha256-") != 2 {
		t.Errorf("policy should hash exactly the two inline scripts of the HTML files: %s", csp)
	}
	if strings.Contains(csp, "'unsafe-inline'") && !strings.Contains(csp, "style-src 'self' 'unsafe-inline'") {
		t.Errorf("only styles may be inline: %s", csp)
	}
}
