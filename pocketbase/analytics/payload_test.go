package analytics

import (
	"strings"
	"testing"
	"time"
)

func TestParseBatch(t *testing.T) {
	now := time.UnixMilli(1_800_000_000_000)
	ts := "1800000000000"
	ok := `{"k":"abcdefgh1234","v":"visitor01","s":"session01","e":[{"t":"pv","ts":` + ts + `,"p":"/","r":"https://x.io/"},` +
		`{"t":"lv","ts":` + ts + `,"p":"/","d":1000,"sc":50},{"t":"ev","ts":` + ts + `,"p":"/","n":"buy","val":9.5,"pr":{"a":1}}]}`
	b, err := ParseBatch([]byte(ok), now, 24*time.Hour)
	if err != nil || len(b.Events) != 3 || *b.Events[1].Scroll != 50 {
		t.Fatalf("valid batch refused: %v", err)
	}
	bad := map[string]string{
		"empty":          ``,
		"truncated":      `{"k":"abcdefgh1234"`,
		"trailing":       ok + `{}`,
		"unknown field":  strings.Replace(ok, `"k":`, `"zz":1,"k":`, 1),
		"bad key":        strings.Replace(ok, "abcdefgh1234", "ABC!", 1),
		"short visitor":  strings.Replace(ok, "visitor01", "v", 1),
		"unknown type":   strings.Replace(ok, `"t":"pv"`, `"t":"xx"`, 1),
		"relative path":  strings.Replace(ok, `"p":"/","r"`, `"p":"home","r"`, 1),
		"js referrer":    strings.Replace(ok, "https://x.io/", "javascript:alert(1)", 1),
		"float ts":       strings.Replace(ok, ts+`,"p":"/","r"`, ts+`.5,"p":"/","r"`, 1),
		"old ts":         strings.Replace(ok, ts+`,"p":"/","r"`, `1700000000000,"p":"/","r"`, 1),
		"scroll > 100":   strings.Replace(ok, `"sc":50`, `"sc":150`, 1),
		"props not obj":  strings.Replace(ok, `"pr":{"a":1}`, `"pr":[1]`, 1),
		"event w/o name": strings.Replace(ok, `"n":"buy",`, ``, 1),
		"newline":        strings.Replace(ok, `"n":"buy"`, `"n":"b\nuy"`, 1),
		"too big":        `{"k":"` + strings.Repeat("a", MaxBodyBytes) + `"}`,
	}
	for name, body := range bad {
		if _, err := ParseBatch([]byte(body), now, 24*time.Hour); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestOriginAllowed(t *testing.T) {
	cases := []struct {
		origin, domain string
		want           bool
	}{
		{"https://shop.com", "shop.com", true},
		{"https://www.shop.com", "shop.com", true},
		{"https://blog.shop.com", "www.shop.com", true},
		{"http://shop.com:8080", "shop.com", true},
		{"https://evilshop.com", "shop.com", false},
		{"https://shop.com.evil.io", "shop.com", false},
		{"null", "shop.com", false},
		{"", "shop.com", false},
		{"ftp://shop.com", "shop.com", false},
	}
	for _, c := range cases {
		if got := OriginAllowed(c.origin, c.domain, nil); got != c.want {
			t.Errorf("OriginAllowed(%q, %q) = %v", c.origin, c.domain, got)
		}
	}
	if !OriginAllowed("http://127.0.0.1:5000", "shop.com", []string{"http://127.0.0.1:5000"}) {
		t.Error("allow-listed origin refused")
	}
}

func TestUserAgents(t *testing.T) {
	iphone := "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
	if Device(iphone) != "mobile" || Browser(iphone) != "Safari" {
		t.Errorf("iPhone: %s %s", Device(iphone), Browser(iphone))
	}
	edge := "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0"
	if Device(edge) != "desktop" || Browser(edge) != "Edge" {
		t.Errorf("Edge: %s %s", Device(edge), Browser(edge))
	}
	for _, ua := range []string{"Googlebot/2.1", "Mozilla/5.0 HeadlessChrome/140", "", "curl/8.0"} {
		if !IsBot(ua) {
			t.Errorf("%q not a bot", ua)
		}
	}
	if Source("https://www.Google.com/search?q=x") != "google.com" || Source("") != "Direct" {
		t.Error("source")
	}
	if Country("de") != "DE" || Country("XX") != "" || Country("DEU") != "" {
		t.Error("country")
	}
}

func TestLimiter(t *testing.T) {
	l := newLimiter(1) // burst 2
	now := time.Now()
	if !l.allow("a", now) || !l.allow("a", now) || l.allow("a", now) {
		t.Fatal("burst of 2 expected")
	}
	if !l.allow("b", now) {
		t.Fatal("keys are independent")
	}
	if !l.allow("a", now.Add(1100*time.Millisecond)) {
		t.Fatal("refills at the rate")
	}
}

func TestNextEventID(t *testing.T) {
	a, b := nextEventID(), nextEventID()
	if len(a) != 15 || len(b) != 15 || !(a < b) {
		t.Fatalf("ids %q %q: want 15 characters, increasing", a, b)
	}
	for _, r := range a {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			t.Fatalf("id %q has %q", a, r)
		}
	}
}
