package main

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"regexp"
	"sort"
	"strings"
)

// inlineScript matches a <script> element and captures its attributes and text.
var inlineScript = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`)
var srcAttr = regexp.MustCompile(`(?i)\ssrc\s*=`)

// contentSecurityPolicy builds the site's and dashboard's policy: scripts only from the origin
// and the inline scripts the build emitted (by hash, read from the build itself, so a rebuild
// needs no list to be kept by hand); no plugins, no framing, no foreign base or form targets.
// Styles allow inline because React and Astro set style attributes.
func contentSecurityPolicy(site fs.FS) string {
	hashes := map[string]bool{}
	_ = fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".html") {
			return nil
		}
		body, err := fs.ReadFile(site, name)
		if err != nil {
			return nil
		}
		for _, m := range inlineScript.FindAllSubmatch(body, -1) {
			if srcAttr.Match(m[1]) {
				continue
			}
			sum := sha256.Sum256(m[2])
			hashes["'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'"] = true
		}
		return nil
	})
	sources := make([]string, 0, len(hashes))
	for h := range hashes {
		sources = append(sources, h)
	}
	sort.Strings(sources)
	return strings.Join([]string{
		"default-src 'self'",
		strings.TrimSpace("script-src 'self' " + strings.Join(sources, " ")),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"frame-ancestors 'none'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
	}, "; ")
}
