package ai

import (
	"context"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// BindJS exposes the model to the hooks as $ai (pb_hooks/types/bindings.d.ts declares it):
//
//	$ai.configured()            -> whether a model key is set (else the built-in analyst answers)
//	$ai.model()                 -> the configured model's name
//	$ai.streamChat(e, messages) -> relays the model's answer to the request's response as a stream
//	$ai.streamText(e, pieces)   -> streams ready text (the built-in analyst) in the same format
//	$ai.completeJSON(messages, name, schema) -> one answer shaped by a JSON schema, not streamed:
//	                               {ok, content, status, error, tokens}; the hook validates content
//
// streamChat returns {status, error, started, completed, tokens}: when started is false nothing was
// written and the hook answers with status and error itself.
func BindJS(vm *goja.Runtime) {
	obj := vm.NewObject()
	_ = obj.Set("configured", func() bool { return LoadConfig().Configured() })
	_ = obj.Set("model", func() string { return LoadConfig().Model })
	_ = obj.Set("streamChat", func(e *core.RequestEvent, messages []Message) map[string]any {
		res := shared().Stream(e.Request.Context(), messages, NewStreamWriter(e.Response))
		return map[string]any{
			"status": res.Status, "error": res.Error, "started": res.Started,
			"completed": res.Completed, "tokens": res.Tokens, "attempts": res.Attempts,
		}
	})
	_ = obj.Set("streamText", func(e *core.RequestEvent, pieces []string) bool {
		out := NewStreamWriter(e.Response)
		for _, p := range pieces {
			if e.Request.Context().Err() != nil || out.Delta(p) != nil {
				return false
			}
		}
		return out.Done() == nil
	})
	_ = obj.Set("completeJSON", func(messages []Message, name string, schema map[string]any) map[string]any {
		res := shared().CompleteJSON(context.Background(), messages, name, schema)
		return map[string]any{"ok": res.OK, "content": res.Content, "status": res.Status, "error": res.Error, "tokens": res.Tokens}
	})
	_ = vm.Set("$ai", obj)
}
