package edge

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"cro/pocketbase/audience"
	"cro/pocketbase/collect"
	"cro/pocketbase/geoip"
)

// attributesCookie carries the custom attributes the site set with cro('set', {...}) (the tracker's
// audience build writes it, src/tracker/audience.ts), so the edge can judge them too.
const attributesCookie = "cro_at"

// requestKinds are the condition kinds a request alone answers. An audience with any other kind
// (the session's campaign, referrer and landing page, new or returning, number of sessions) is
// left to the tracker, which keeps the session.
var requestKinds = map[string]bool{
	"device": true, "browser": true, "os": true, "country": true, "language": true, "url": true, "query": true,
	"day_of_week": true, "hour": true, "cookie": true, "attribute": true,
}

// decidable says whether the edge can evaluate the audience from the request.
func decidable(def audience.Definition) bool {
	for _, c := range def.Conditions {
		if !requestKinds[c.Kind] {
			return false
		}
	}
	return len(def.Conditions) > 0
}

var (
	iosUA     = regexp.MustCompile(`iPhone|iPad|iPod`)
	androidUA = regexp.MustCompile(`Android`)
)

// osOf names the operating system as the tracker's osOf does (src/tracker/audience.ts).
func osOf(ua string) string {
	switch {
	case iosUA.MatchString(ua):
		return "iOS"
	case androidUA.MatchString(ua):
		return "Android"
	case strings.Contains(ua, "Windows"):
		return "Windows"
	case strings.Contains(ua, "CrOS"):
		return "ChromeOS"
	case strings.Contains(ua, "Mac OS X") || strings.Contains(ua, "Macintosh"):
		return "macOS"
	case strings.Contains(ua, "Linux"):
		return "Linux"
	}
	return "Other"
}

// requestContext is what the request tells the evaluator; zone is the site's (config `tz`).
func requestContext(r *http.Request, href, zone string, now time.Time) *audience.Context {
	ua := r.Header.Get("User-Agent")
	x := &audience.Context{Device: collect.Device(ua), Browser: collect.Browser(ua), OS: osOf(ua),
		Country: geoip.Country(clientIP(r)), URL: href, TimeZone: zone, Cookies: map[string]string{}}
	if lang := strings.TrimSpace(strings.SplitN(strings.SplitN(r.Header.Get("Accept-Language"), ",", 2)[0], ";", 2)[0]); lang != "*" {
		x.Language = lang
	}
	ms := float64(now.UnixMilli())
	x.Now = &ms
	for _, c := range r.Cookies() {
		v, err := url.QueryUnescape(c.Value)
		if err != nil {
			v = c.Value
		}
		x.Cookies[c.Name] = v
		if c.Name == attributesCookie {
			_ = json.Unmarshal([]byte(v), &x.Attributes)
		}
	}
	return x
}
