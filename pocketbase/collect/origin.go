package collect

import (
	"net/url"
	"strings"
)

// OriginAllowed: the request's origin must be the site's domain or one of its subdomains, or one
// of the explicitly allowed origins (tests, local development).
func OriginAllowed(origin, domain string, allowed []string) bool {
	if origin == "" || origin == "null" {
		return false
	}
	for _, a := range allowed {
		if a == "*" || strings.EqualFold(strings.TrimRight(a, "/"), origin) {
			return true
		}
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	host := strings.ToLower(u.Hostname())
	d := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(domain), "www."))
	if d == "" {
		return false
	}
	return host == d || strings.HasSuffix(host, "."+d)
}

// OriginOf returns the Origin header, or the origin part of the Referer when Origin is absent.
func OriginOf(origin, referer string) string {
	if origin != "" {
		return origin
	}
	if referer == "" {
		return ""
	}
	u, err := url.Parse(referer)
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
