package surveys

import (
	"cro/pocketbase/analytics"
	"cro/pocketbase/collect"

	"github.com/dop251/goja"
)

// BindJS exposes $surveys to the hooks:
//
//	$surveys.consentFreeSession(siteId, ip, userAgent) -> the session the collect endpoint gives
//	    this request on a consent-free site ("" when it cannot be computed), so an answer joins it
//	$surveys.originAllowed(origin, domain, staging) -> whether an answer may come from that origin:
//	    the site's domain, its staging host or an origin the install allows, as collect checks
func BindJS(vm *goja.Runtime) {
	obj := vm.NewObject()
	allowed := analytics.LoadConfig().AllowedOrigins
	_ = obj.Set("originAllowed", func(origin, domain, staging string) bool {
		return collect.OriginAllowed(origin, domain, allowed) || (staging != "" && collect.OriginAllowed(origin, staging, nil))
	})
	_ = obj.Set("consentFreeSession", collect.ConsentFreeSession)
	_ = vm.Set("$surveys", obj)
}
