package docs

import (
	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// BindJS exposes the reader to the hooks as $docs (pb_hooks/types/bindings.d.ts declares it):
//
//	$docs.read(app, record) -> {ok, format, text, language, error, busy}: a stored document's text
func BindJS(vm *goja.Runtime) {
	obj := vm.NewObject()
	_ = obj.Set("read", func(app core.App, rec *core.Record) map[string]any {
		r := ReadRecord(app, rec)
		return map[string]any{"ok": r.OK, "format": r.Format, "text": r.Text, "language": r.Language, "error": r.Error, "busy": r.Busy}
	})
	_ = vm.Set("$docs", obj)
}
