package analytics

import (
	"cro/pocketbase/eventstore/urlpattern"
	"regexp"
	"strings"
	"sync"
)

// SplitTarget is where a split-URL test's variant with URL variant sends a visitor on href, for a
// test on the pages of original, or "" when it sends none (not an original page, no variant URL,
// or an address that would be an original page again: never redirected twice). Defined once in
// src/lib/contracts/split-url.ts and pinned for both by tests/fixtures/contracts/split-urls.json:
// the variant's `*` take, in order, what the original's `*` matched on the address without its
// query; the visitor's query and fragment are kept; a path stays on the page's origin.
func SplitTarget(original, variant, href string) string {
	page, hash, cut := strings.Cut(href, "#")
	if cut {
		hash = "#" + hash
	}
	base, query, hasQuery := strings.Cut(page, "?")
	if hasQuery {
		query = "?" + query
	}
	to := strings.TrimSpace(variant)
	if to == "" || strings.TrimSpace(original) == "" {
		return ""
	}
	got := splitCaptures(original, base)
	if got == nil {
		return ""
	}
	i := 0
	var b strings.Builder
	for _, r := range to {
		if r != '*' {
			b.WriteRune(r)
			continue
		}
		if i < len(got) {
			b.WriteString(got[i])
		}
		i++
	}
	out := b.String()
	if urlpattern.OriginLen(out) == 0 {
		out = base[:urlpattern.OriginLen(base)] + out
	}
	out += query + hash
	if urlpattern.Matches(original, out) {
		return ""
	}
	return out
}

// OnSplitLanding says whether href is a landing page of the variant with URL variant (query and
// fragment aside): where the variant's exposure is counted.
func OnSplitLanding(variant, href string) bool {
	if strings.TrimSpace(variant) == "" {
		return false
	}
	page, _, _ := strings.Cut(href, "#")
	page, _, _ = strings.Cut(page, "?")
	return urlpattern.Matches(variant, page)
}

var splitPatterns sync.Map // pattern -> *regexp.Regexp

// splitCaptures is what each `*` of the pattern matched in base (no query, no fragment), or nil.
func splitCaptures(pattern, base string) []string {
	p := urlpattern.LowerOrigin(strings.TrimSpace(pattern))
	s := base
	if urlpattern.OriginLen(p) > 0 {
		s = urlpattern.LowerOrigin(s)
	} else {
		s = s[urlpattern.OriginLen(s):]
	}
	re, ok := splitPatterns.Load(p)
	if !ok {
		parts := strings.Split(strings.TrimRight(p, "/"), "*")
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		re, _ = splitPatterns.LoadOrStore(p, regexp.MustCompile(`(?s)^`+strings.Join(parts, "(.*)")+`/*$`))
	}
	m := re.(*regexp.Regexp).FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	return m[1:]
}
