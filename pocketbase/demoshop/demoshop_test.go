package demoshop

import (
	"bytes"
	"strings"
	"testing"
)

func TestPagesOfTheShop(t *testing.T) {
	for path, want := range map[string]string{
		"/": "Gear for every trail", "/products/daypack": "22 litres", "/cart": "Your cart", "/checkout": "Place order",
		"/thank-you": "Thank you for your order", "/newsletter/thanks": "You are subscribed",
	} {
		name, data, ok := Page(path)
		if !ok {
			t.Fatalf("%s: no page", path)
		}
		data["Key"] = "abc123"
		var body bytes.Buffer
		if err := pages.ExecuteTemplate(&body, name, data); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !strings.Contains(body.String(), want) || !strings.Contains(body.String(), `<script src="/t/abc123.js" async></script>`) {
			t.Errorf("%s: %s", path, body.String())
		}
	}
	if _, _, ok := Page("/products/unknown"); ok {
		t.Error("an unknown product was found")
	}
	if _, _, ok := Page("/admin"); ok {
		t.Error("an unknown page was found")
	}
}

func TestShopHost(t *testing.T) {
	for host, want := range map[string]bool{"demo-shop.localhost:8090": true, "DEMO-SHOP.localhost": true, "127.0.0.1:8090": false, "demo-shop.localhost.evil.com": false} {
		if IsShopHost(host) != want {
			t.Errorf("%s: want %v", host, want)
		}
	}
}

func TestOnlyTheTrackerPassesThrough(t *testing.T) {
	for p, want := range map[string]bool{
		"/t/abc.js": true, "/t/r/0123.js": true, "/api/cro/collect": true, "/api/cro/recordings": true,
		"/api/health": false, "/api/collections/users/records": false, "/_/": false, "/dashboard": false,
	} {
		if trackerPath(p) != want {
			t.Errorf("%s: want %v", p, want)
		}
	}
}
