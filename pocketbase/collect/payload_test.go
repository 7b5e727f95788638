package collect

import (
	"testing"
	"time"
)

// ParseBatch runs every case of tests/fixtures/contracts/event-payloads.json (analytics/contracts_test.go).

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
	l := NewLimiter(1) // burst 2
	now := time.Now()
	if !l.Allow("a", now) || !l.Allow("a", now) || l.Allow("a", now) {
		t.Fatal("burst of 2 expected")
	}
	if !l.Allow("b", now) {
		t.Fatal("keys are independent")
	}
	if !l.Allow("a", now.Add(1100*time.Millisecond)) {
		t.Fatal("refills at the rate")
	}
}
