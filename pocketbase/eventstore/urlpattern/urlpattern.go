// Package urlpattern is the URL pattern of rules, goals, funnels and experiments: which pages a
// pattern covers, the same in Go as in the tracker.
package urlpattern

import "strings"

// Matches reports whether pattern covers the page at url (a full URL or a path). The
// semantics are defined once in src/lib/contracts/url-pattern.ts (the tracker runs that code) and
// pinned for both by tests/fixtures/contracts/url-patterns.json: `*` matches anything anywhere,
// other characters are literal; http(s) patterns see the full URL without its fragment, others
// the path alone; scheme and host without case; a trailing slash is optional; empty covers all.
// No regular expression: it runs for every URL goal on every page view.
func Matches(pattern, url string) bool {
	p := LowerOrigin(strings.TrimSpace(pattern))
	s, _, _ := strings.Cut(url, "#")
	if p == "" {
		return true
	}
	if OriginLen(p) > 0 {
		s = LowerOrigin(s)
	} else {
		s, _, _ = strings.Cut(s[OriginLen(s):], "?")
	}
	p = strings.TrimRight(p, "/")
	for {
		if wildcardMatch(p, s) {
			return true
		}
		if !strings.HasSuffix(s, "/") {
			return false
		}
		s = s[:len(s)-1] // the page's trailing slashes are optional
	}
}

// OriginLen is the length of an http(s) URL's scheme and host, 0 for anything else.
func OriginLen(u string) int {
	l := strings.ToLower(u)
	var n int
	switch {
	case strings.HasPrefix(l, "http://"):
		n = len("http://")
	case strings.HasPrefix(l, "https://"):
		n = len("https://")
	default:
		return 0
	}
	if i := strings.IndexAny(u[n:], "/?#"); i >= 0 {
		return n + i
	}
	return len(u)
}

// LowerOrigin is u with its scheme and host in lower case.
func LowerOrigin(u string) string {
	n := OriginLen(u)
	return strings.ToLower(u[:n]) + u[n:]
}

// wildcardMatch: the whole of s against p, where '*' matches any run of bytes.
func wildcardMatch(p, s string) bool {
	pi, si, star, mark := 0, 0, -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, si
			pi++
		case pi < len(p) && p[pi] == s[si]:
			pi++
			si++
		case star >= 0:
			pi, mark = star+1, mark+1
			si = mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}
