// Package audience is the audience evaluator of the server and the edge: the Go twin of
// src/lib/contracts/audience.ts, pinned case by case by tests/fixtures/contracts/audiences.json
// (audience_test.go; tests/unit/audience-contract.test.ts).
package audience

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore/urlpattern"
	"encoding/json"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Condition is one condition (AudienceCondition).
type Condition struct {
	Kind  string          `json:"kind"`
	Op    string          `json:"op"`
	Name  string          `json:"name"`
	Value json.RawMessage `json:"value"`
}

// Definition is an audience's definition (AudienceDefinition).
type Definition struct {
	Match      string      `json:"match"`
	Conditions []Condition `json:"conditions"`
}

// Context is what is known of the visitor (AudienceContext).
type Context struct {
	Device   string `json:"device"`
	Browser  string `json:"browser"`
	OS       string `json:"os"`
	Country  string `json:"country"`
	Language string `json:"language"`
	UTM      struct {
		Source   string `json:"source"`
		Medium   string `json:"medium"`
		Campaign string `json:"campaign"`
	} `json:"utm"`
	Referrer   string                     `json:"referrer"`
	Landing    string                     `json:"landing"`
	URL        string                     `json:"url"`
	Returning  bool                       `json:"returning"`
	Sessions   *float64                   `json:"sessions"`
	Now        *float64                   `json:"now"`
	TimeZone   string                     `json:"timeZone"`
	Cookies    map[string]string          `json:"cookies"`
	Attributes map[string]json.RawMessage `json:"attributes"`
}

// val is a context value: a string or a number; ok is false when there is none.
type val struct {
	s     string
	n     float64
	isNum bool
	ok    bool
}

func strVal(s string) val {
	if s == "" {
		return val{}
	}
	return val{s: s, ok: true}
}

func numVal(n float64) val {
	return val{s: strconv.FormatFloat(n, 'f', -1, 64), n: n, isNum: true, ok: true}
}

var numeric = map[string]bool{"sessions": true, "day_of_week": true, "hour": true}

func referrerHost(ref string) string {
	if s := collect.Source(ref); s != "Direct" {
		return s
	}
	return ""
}

func queryParam(href, name string) (string, bool) {
	h := strings.SplitN(href, "#", 2)[0]
	i := strings.Index(h, "?")
	if i < 0 {
		return "", false
	}
	for _, part := range strings.Split(h[i+1:], "&") {
		k, v, found := strings.Cut(part, "=")
		if decodePart(k) == name {
			if !found {
				return "", true
			}
			return decodePart(v), true
		}
	}
	return "", false
}

func decodePart(s string) string {
	if d, err := url.QueryUnescape(s); err == nil {
		return d
	}
	return s
}

// localDayHour is the site-local weekday (0 Sunday) and hour of an instant in epoch milliseconds.
func localDayHour(ms float64, zone string) (int, int, bool) {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		return 0, 0, false
	}
	t := time.UnixMilli(int64(ms)).In(loc)
	return int(t.Weekday()), t.Hour(), true
}

func (x *Context) valueOf(c Condition) val {
	switch c.Kind {
	case "device":
		return strVal(x.Device)
	case "browser":
		return strVal(x.Browser)
	case "os":
		return strVal(x.OS)
	case "country":
		return strVal(x.Country)
	case "language":
		return strVal(x.Language)
	case "utm_source":
		return strVal(x.UTM.Source)
	case "utm_medium":
		return strVal(x.UTM.Medium)
	case "utm_campaign":
		return strVal(x.UTM.Campaign)
	case "traffic_source":
		return strVal(collect.Source(x.Referrer))
	case "referrer_host":
		return strVal(referrerHost(x.Referrer))
	case "landing_page":
		return strVal(x.Landing)
	case "url":
		return strVal(x.URL)
	case "query":
		if v, ok := queryParam(x.URL, c.Name); ok {
			return val{s: v, ok: true}
		}
	case "visitor":
		if x.Returning {
			return strVal("returning")
		}
		return strVal("new")
	case "sessions":
		if x.Sessions != nil {
			return numVal(*x.Sessions)
		}
	case "day_of_week", "hour":
		if x.Now != nil {
			if d, h, ok := localDayHour(*x.Now, x.TimeZone); ok {
				if c.Kind == "hour" {
					return numVal(float64(h))
				}
				return numVal(float64(d))
			}
		}
	case "cookie":
		if v, ok := x.Cookies[c.Name]; ok {
			return val{s: v, ok: true}
		}
	case "attribute":
		if raw, ok := x.Attributes[c.Name]; ok && string(raw) != "null" {
			var s string
			var n float64
			var b bool
			switch {
			case json.Unmarshal(raw, &s) == nil:
				return val{s: s, ok: true}
			case json.Unmarshal(raw, &n) == nil:
				return numVal(n)
			case json.Unmarshal(raw, &b) == nil:
				return val{s: strconv.FormatBool(b), ok: true}
			}
		}
	}
	return val{}
}

// wants is the condition's value as a list of strings (numbers in their shortest form).
func (c Condition) wants() []string {
	var list []json.RawMessage
	if len(c.Value) == 0 {
		return nil
	}
	if json.Unmarshal(c.Value, &list) != nil {
		list = []json.RawMessage{c.Value}
	}
	out := make([]string, 0, len(list))
	for _, raw := range list {
		var s string
		var n float64
		if json.Unmarshal(raw, &s) == nil {
			out = append(out, s)
		} else if json.Unmarshal(raw, &n) == nil {
			out = append(out, strconv.FormatFloat(n, 'f', -1, 64))
		}
	}
	return out
}

var plainNumber = regexp.MustCompile(`^-?\d+(\.\d+)?$`)

// num is a number from a value, NaN when it is not one (as the TypeScript `num`).
func num(v val) float64 {
	if v.isNum {
		return v.n
	}
	return numString(v.s)
}

func numString(s string) float64 {
	s = strings.TrimSpace(s)
	if !plainNumber.MatchString(s) {
		return math.NaN()
	}
	n, _ := strconv.ParseFloat(s, 64)
	return n
}

func equals(kind string, have val, want string) bool {
	if have.isNum || numeric[kind] {
		return num(have) == numString(want)
	}
	h, w := strings.ToLower(have.s), strings.ToLower(want)
	if kind == "language" && !strings.Contains(w, "-") {
		return h == w || strings.HasPrefix(h, w+"-")
	}
	hn := numString(have.s)
	return h == w || (!math.IsNaN(hn) && hn == numString(want))
}

func anyOf(wants []string, f func(string) bool) bool {
	for _, w := range wants {
		if f(w) {
			return true
		}
	}
	return false
}

// conditionMatches is whether one condition holds for the context.
func conditionMatches(c Condition, x *Context) bool {
	have := x.valueOf(c)
	wants := c.wants()
	h := strings.ToLower(have.s)
	switch c.Op {
	case "exists":
		return have.ok
	case "not_exists":
		return !have.ok
	case "is":
		return have.ok && anyOf(wants, func(w string) bool { return equals(c.Kind, have, w) })
	case "is_not":
		return !have.ok || !anyOf(wants, func(w string) bool { return equals(c.Kind, have, w) })
	case "contains":
		return have.ok && anyOf(wants, func(w string) bool { return strings.Contains(h, strings.ToLower(w)) })
	case "not_contains":
		return !have.ok || !anyOf(wants, func(w string) bool { return strings.Contains(h, strings.ToLower(w)) })
	case "starts_with":
		return have.ok && anyOf(wants, func(w string) bool { return strings.HasPrefix(h, strings.ToLower(w)) })
	case "matches":
		return have.ok && anyOf(wants, func(w string) bool { return urlpattern.Matches(w, have.s) })
	case "gt", "gte", "lt", "lte":
		if !have.ok || len(wants) == 0 {
			return false
		}
		a, b := num(have), numString(wants[0])
		if math.IsNaN(a) || math.IsNaN(b) {
			return false
		}
		switch c.Op {
		case "gt":
			return a > b
		case "gte":
			return a >= b
		case "lt":
			return a < b
		}
		return a <= b
	}
	return false
}

// Matches is whether the visitor is in the audience.
func Matches(a Definition, x *Context) bool {
	if len(a.Conditions) == 0 {
		return false
	}
	for _, c := range a.Conditions {
		m := conditionMatches(c, x)
		if a.Match == "any" && m {
			return true
		}
		if a.Match != "any" && !m {
			return false
		}
	}
	return a.Match != "any"
}
