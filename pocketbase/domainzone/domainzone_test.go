package domainzone

import "testing"

func TestOfIsTheRegistrableDomain(t *testing.T) {
	for in, want := range map[string]string{
		"www.shop.com":       "shop.com",
		"Blog.Shop.COM.":     "shop.com",
		"shop.com":           "shop.com",
		"www.shop.co.uk":     "shop.co.uk",
		"edge-shop.test":     "edge-shop.test",
		"a.b.edge-shop.test": "edge-shop.test",
		"com":                "com",
	} {
		if got := Of(in); got != want {
			t.Errorf("Of(%q) = %q, want %q", in, got, want)
		}
	}
}
