package collect

import (
	"regexp"
	"strings"
	"sync"

	"cro/pocketbase/geoip"
)

var botPattern = regexp.MustCompile(`(?i)bot|crawl|spider|slurp|headless|phantom|lighthouse|pingdom|monitor|curl/|wget|python-requests|go-http-client|facebookexternalhit|preview`)

// IsBot reports whether a user agent is an obvious robot (never counted). Answers are kept per
// user agent (a few thousand, forgotten all at once when full): the pattern was the collect
// handler's largest cost, and a site's visitors send few distinct user agents.
func IsBot(ua string) bool {
	if ua == "" {
		return true
	}
	botSeen.RLock()
	bot, ok := botSeen.m[ua]
	botSeen.RUnlock()
	if ok {
		return bot
	}
	bot = botPattern.MatchString(ua)
	if len(ua) <= maxCachedUA {
		botSeen.Lock()
		if len(botSeen.m) >= maxCachedUAs {
			botSeen.m = map[string]bool{}
		}
		botSeen.m[ua] = bot
		botSeen.Unlock()
	}
	return bot
}

const maxCachedUAs, maxCachedUA = 4096, 512

var botSeen = struct {
	sync.RWMutex
	m map[string]bool
}{m: map[string]bool{}}

// Device classifies a user agent as mobile, tablet or desktop.
func Device(ua string) string {
	switch {
	case strings.Contains(ua, "iPad") || strings.Contains(ua, "Tablet") ||
		(strings.Contains(ua, "Android") && !strings.Contains(ua, "Mobile")):
		return "tablet"
	case strings.Contains(ua, "Mobi") || strings.Contains(ua, "iPhone"):
		return "mobile"
	}
	return "desktop"
}

// Browser names the browser family of a user agent.
func Browser(ua string) string {
	switch {
	case strings.Contains(ua, "Edg/"):
		return "Edge"
	case strings.Contains(ua, "OPR/") || strings.Contains(ua, "Opera"):
		return "Opera"
	case strings.Contains(ua, "SamsungBrowser"):
		return "Samsung Internet"
	case strings.Contains(ua, "Firefox/") || strings.Contains(ua, "FxiOS"):
		return "Firefox"
	case strings.Contains(ua, "Chrome/") || strings.Contains(ua, "CriOS") || strings.Contains(ua, "Chromium"):
		return "Chrome"
	case strings.Contains(ua, "Safari/"):
		return "Safari"
	}
	return "Other"
}

var countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)

// Country normalises a two-letter country code from a trusted proxy header ("" if none).
func Country(v string) string {
	v = strings.ToUpper(strings.TrimSpace(v))
	if countryPattern.MatchString(v) && v != "XX" && v != "T1" {
		return v
	}
	return ""
}

// VisitorCountry is the country of a request: the trusted proxy header (CRO_COUNTRY_HEADER) when
// one is configured and carries a code, else the bundled database's answer for the client address.
func VisitorCountry(header, headerValue, ip string) string {
	if header != "" {
		if c := Country(headerValue); c != "" {
			return c
		}
	}
	return geoip.Country(ip)
}

// Source names where a session came from: the referrer's host (without www.) or Direct.
func Source(referrer string) string {
	if referrer == "" {
		return "Direct"
	}
	s := referrer
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndex(s, "@"); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.Index(s, ":"); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimPrefix(strings.ToLower(s), "www.")
	if s == "" {
		return "Direct"
	}
	return s
}
