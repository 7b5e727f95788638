package edge

import (
	"crypto/rand"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"cro/pocketbase/audience"
	"cro/pocketbase/collect"
)

// visitorCookie carries the visitor id the edge and the tracker share (src/tracker/ids.ts reads
// it): first-party, readable by the page's script, a year long. The value "-" says the visitor
// withdrew consent (the tracker writes it): no id, no per-visitor changes, no new cookie.
const visitorCookie = "cro_v"

const visitorCookieAge = 365 * 24 * time.Hour

var (
	validVisitorID = regexp.MustCompile(`^[a-z0-9]{6,40}$`)
	// Automated browsers are never tracked (src/tracker/privacy.ts blocked): no id for them.
	automatedUA = regexp.MustCompile(`(?i)bot|crawl|spider|slurp|headless|lighthouse`)
)

// visitorFor decides who the visitor is for this request: the cookie's id, a new one when the
// site's privacy settings allow tracking, or none (Do Not Track or Global Privacy Control on a
// site that honours them, automated browsers, withdrawn consent). fresh says a cookie must be set.
// daily is set for consent-free sites: the id is then the server's daily hash of the client's
// address and User-Agent (the tracker's script carries the same), and no cookie is read or set.
func visitorFor(r *http.Request, respectDNT bool, daily func(ip, ua string) string) visitorInfo {
	ua := r.Header.Get("User-Agent")
	who := visitorInfo{device: collect.Device(ua), href: pageURL(r), preview: previewIDs(r.URL.RawQuery)}
	who.context = func(zone string) *audience.Context { return requestContext(r, who.href, zone, time.Now()) }
	if automatedUA.MatchString(ua) || (respectDNT && (r.Header.Get("DNT") == "1" || r.Header.Get("Sec-GPC") == "1")) {
		return who
	}
	if daily != nil {
		who.id = daily(clientIP(r), ua)
		return who
	}
	if c, err := r.Cookie(visitorCookie); err == nil {
		if c.Value == "-" {
			return who
		}
		if validVisitorID.MatchString(c.Value) {
			who.id = c.Value
			return who
		}
	}
	who.id, who.fresh = newVisitorID(), true
	return who
}

// newVisitorID has the shape of the tracker's ids (ids.ts rid): 12 random base-36 characters and
// the time in base 36.
func newVisitorID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	var s strings.Builder
	for _, x := range b {
		s.WriteString(strconv.FormatInt(int64(x%36), 36))
	}
	s.WriteString(strconv.FormatInt(time.Now().UnixMilli(), 36))
	return s.String()
}

// visitorSetCookie is the Set-Cookie value for a new visitor id.
func visitorSetCookie(id string, secure bool) string {
	c := &http.Cookie{Name: visitorCookie, Value: id, Path: "/", MaxAge: int(visitorCookieAge.Seconds()), SameSite: http.SameSiteLaxMode, Secure: secure}
	return c.String()
}

// clientIP is the visitor's address: the edge faces browsers directly, so the connection's peer.
func clientIP(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

// pageURL is the address the visitor's browser shows (the tracker matches URL patterns on it).
func pageURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + r.URL.RequestURI()
}
