package integrations

import (
	"cro/pocketbase/eventstore"
	"log"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// Register starts the bus, listens for the records that are events, serves the routes, and seals
// credentials still stored in plain text. It returns the bus for the periodic senders.
func Register(app core.App, secrets *Secrets, store eventstore.Store) *Bus {
	b := NewBus(app, secrets)
	b.listen(app)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		b.routes(se, store)
		if err := secrets.SealLegacy(se.App); err != nil {
			log.Printf("integrations: sealing stored credentials: %v", err)
		}
		return se.Next()
	})
	return b
}

// BindJS sets $integrations in a hooks runtime: the connect route seals what the dialog sent and
// opens the stored credentials to keep those left blank.
func (s *Secrets) BindJS(vm *goja.Runtime) {
	obj := vm.NewObject()
	_ = obj.Set("seal", func(values map[string]string) map[string]any {
		sealed, err := s.Seal(values)
		if err != nil {
			panic(vm.NewGoError(err))
		}
		return map[string]any{"sealed": sealed}
	})
	_ = obj.Set("open", func(rec *core.Record) map[string]string {
		values, err := s.CredentialsOf(rec)
		if err != nil {
			panic(vm.NewGoError(err))
		}
		return values
	})
	_ = vm.Set("$integrations", obj)
}
