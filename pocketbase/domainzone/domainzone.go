// Package domainzone names the zone a site's domain lives in: its registrable domain (the public
// suffix plus one label). The install serves one zone per registrable domain, and a site proves
// control of that zone, never of a subdomain another DNS host may run.
package domainzone

import (
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/publicsuffix"
)

// Of is the registrable domain of domain (www.shop.co.uk -> shop.co.uk), or the name itself when
// it has none.
func Of(domain string) string {
	d := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(domain)), ".")
	if z, err := publicsuffix.EffectiveTLDPlusOne(d); err == nil {
		return z
	}
	return d
}

// BindJS exposes Of to the JS hooks and migrations as $domainzone.of(domain): JavaScript has no
// public suffix list, and the zone must be the same everywhere.
func BindJS(vm *goja.Runtime) {
	obj := vm.NewObject()
	_ = obj.Set("of", Of)
	_ = vm.Set("$domainzone", obj)
}
