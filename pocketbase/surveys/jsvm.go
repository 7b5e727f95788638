package surveys

import (
	"cro/pocketbase/collect"

	"github.com/dop251/goja"
)

// BindJS exposes $surveys to the hooks:
//
//	$surveys.consentFreeSession(siteId, ip, userAgent) -> the session the collect endpoint gives
//	    this request on a consent-free site ("" when it cannot be computed), so an answer joins it
func BindJS(vm *goja.Runtime) {
	obj := vm.NewObject()
	_ = obj.Set("consentFreeSession", collect.ConsentFreeSession)
	_ = vm.Set("$surveys", obj)
}
