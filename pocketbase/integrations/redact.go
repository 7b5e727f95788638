package integrations

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"sort"
	"strings"
	"unicode"
)

// Every text a delivery produces (the delivery log's error, the integration's error_message, the
// owner's notification, the 'Test connection' answer) is read by members who must not see the
// credentials: GA4's api_secret travels in the URL, Slack's and Zapier's webhook URL is itself the
// secret, and a vendor's error page may echo the request. A redactor knows an integration's secret
// strings and replaces each, in the forms it travels in, before any such text is kept.

const redacted = "[redacted]"

// minSecret: shorter values would blank ordinary words; no vendor issues credentials this short.
const minSecret = 4

type redactor struct{ secrets []string }

// newRedactor covers every credential value of t, the parts of credentials that are URLs, and
// what a request builds from a value (Segment's basic-auth header is base64 of "key:").
func newRedactor(t target) redactor {
	seen := map[string]bool{}
	var r redactor
	add := func(s string) {
		if len(s) >= minSecret && !seen[s] {
			seen[s] = true
			r.secrets = append(r.secrets, s)
		}
	}
	var values []string
	for _, v := range t.Credentials {
		values = append(values, v, base64.StdEncoding.EncodeToString([]byte(v+":")))
	}
	for _, v := range values {
		for _, form := range encodings(v) {
			add(form)
		}
		for _, part := range urlParts(v) {
			for _, form := range encodings(part) {
				add(form)
			}
		}
	}
	// Longest first: a URL goes before its own path, so no tail of it is left behind.
	sort.Slice(r.secrets, func(i, j int) bool { return len(r.secrets[i]) > len(r.secrets[j]) })
	return r
}

// encodings are the forms a value takes on its way: as it is, in a query string, in a path, and
// inside a JSON string (which escapes "/" as "\/" in some encoders).
func encodings(v string) []string {
	q, p := url.QueryEscape(v), url.PathEscape(v)
	j, _ := json.Marshal(v)
	return []string{v, q, p, strings.Trim(string(j), `"`), strings.ReplaceAll(v, "/", `\/`)}
}

// urlParts: for a credential that is a URL, the host-relative part (path and query), the query
// alone, and each path segment or query value that looks like a token (8+ characters with a digit
// or a capital: Slack's B0.../XXXX segments, not "services" or "hooks").
func urlParts(v string) []string {
	u, err := url.Parse(v)
	if err != nil || u.Host == "" {
		return nil
	}
	var parts []string
	if u.RawQuery != "" {
		parts = append(parts, u.RawQuery)
	}
	if u.Path != "" && u.Path != "/" {
		parts = append(parts, u.EscapedPath(), u.Host+u.EscapedPath())
		if u.RawQuery != "" {
			parts = append(parts, u.RequestURI())
		}
	}
	for _, seg := range strings.Split(u.Path, "/") {
		if tokenLike(seg) {
			parts = append(parts, seg)
		}
	}
	for _, vs := range u.Query() {
		for _, s := range vs {
			if tokenLike(s) {
				parts = append(parts, s)
			}
		}
	}
	return parts
}

func tokenLike(s string) bool {
	if len(s) < 8 {
		return false
	}
	for _, c := range s {
		if unicode.IsDigit(c) || unicode.IsUpper(c) {
			return true
		}
	}
	return false
}

// text returns s with every secret replaced.
func (r redactor) text(s string) string {
	for _, secret := range r.secrets {
		s = strings.ReplaceAll(s, secret, redacted)
	}
	return s
}

// err is the redacted text of a request error. Go's *url.Error starts with the method and the whole
// URL (query string included); the URL says nothing the integration's settings do not, so only the
// cause is kept ("dial tcp 1.2.3.4:443: connect: connection refused").
func (r redactor) err(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil {
		return r.text(ue.Err.Error())
	}
	return r.text(err.Error())
}
