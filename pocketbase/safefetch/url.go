package safefetch

import (
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// NormalizeURL turns what a user typed into an absolute http(s) URL (https:// is assumed when no
// scheme is given), or explains why it cannot be scanned. Credentials in URLs, other schemes and
// non-default ports (unless configured) are refused; IP literals in a refused range are refused
// here already, before any connection.
func (c Config) NormalizeURL(raw string) (*url.URL, *Error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || len(raw) > 2048 {
		return nil, newError(CodeInvalidURL)
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, newError(CodeInvalidURL)
	}
	return c.checkURL(u)
}

func (c Config) checkURL(u *url.URL) (*url.URL, *Error) {
	u.Scheme = strings.ToLower(u.Scheme)
	if (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Opaque != "" {
		return nil, newError(CodeInvalidURL)
	}
	host := strings.ToLower(u.Hostname())
	if host == "" || strings.ContainsAny(host, " %") {
		return nil, newError(CodeInvalidURL)
	}
	port := 80
	if u.Scheme == "https" {
		port = 443
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n <= 0 || n > 65535 {
			return nil, newError(CodeInvalidURL)
		}
		port = n
	}
	if !c.portAllowed(port) {
		return nil, newError(CodePortRefused)
	}
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		if !c.destinationAllowed(netip.AddrPortFrom(ip, uint16(port))) {
			return nil, newError(CodeRefusedAddress)
		}
	} else if !strings.Contains(host, ".") && c.Resolve[host] == (netip.AddrPort{}) && host != "localhost" {
		return nil, newError(CodeInvalidURL) // a bare word is not a website
	}
	// Drop default ports so that cache keys agree.
	if (u.Scheme == "http" && port == 80) || (u.Scheme == "https" && port == 443) {
		u.Host = bracket(host)
	} else {
		u.Host = net.JoinHostPort(host, strconv.Itoa(port))
	}
	u.Fragment = ""
	u.RawFragment = ""
	if u.Path == "" {
		u.Path = "/"
	}
	return u, nil
}

func bracket(host string) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]"
	}
	return host
}
