package whitelabel

import (
	"strings"
	"testing"
)

// The sign-in page of the build, as the brand's domain serves it: nothing names the product.
func TestBrandPageReplacesTheProduct(t *testing.T) {
	page := `<!doctype html><html lang="en"><head><meta name="theme-color" content="#4f46e5" /><title>Sign Up or Log In | Upliftly</title>` +
		`<link rel="canonical" href="https://upliftly.se/auth" /><meta property="og:site_name" content="Upliftly" /><meta name="twitter:title" content="Upliftly" />` +
		`<script type="application/ld+json">{"name":"Upliftly AB"}</script></head><body>` +
		`<div class="container-page py-6"><a href="/" class="rounded-md" data-brand-logo><span><svg></svg>Upliftly</span></a></div>` +
		`<footer>Need help? Contact our support team at <a class="link" href="mailto:hello@upliftly.se" data-brand-support>hello@upliftly.se</a></footer></body></html>`
	b := &Brand{Name: "Northwind <Insights>", Logo: "/api/files/x/y/logo.png", PrimaryColor: "#0f766e", SupportEmail: "help@northwind.test"}
	out := string(BrandPage([]byte(page), b))
	if strings.Contains(strings.ToLower(out), "upliftly") {
		t.Fatalf("the product is still named:\n%s", out)
	}
	for _, want := range []string{
		`<html data-white-label lang="en">`, `<title>Sign Up or Log In | Northwind &lt;Insights&gt;</title>`,
		`<meta name="theme-color" content="#0f766e"`, `<img src="/api/files/x/y/logo.png"`, `<span>Northwind &lt;Insights&gt;</span>`,
		`href="mailto:help@northwind.test"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
}

func TestDomainsAreHostNames(t *testing.T) {
	for raw, want := range map[string]string{"https://App.Agency.com/": "app.agency.com", "dash.shop.co.uk.": "dash.shop.co.uk", "": ""} {
		if got, msg := normalizeDomain(raw); got != want || msg != "" {
			t.Errorf("%q: got %q %q, want %q", raw, got, msg, want)
		}
	}
	for _, bad := range []string{"localhost", "a b.com", "-x.com", "x..com", "app.agency.com/path"} {
		if _, msg := normalizeDomain(bad); msg == "" {
			t.Errorf("%q was accepted", bad)
		}
	}
}
