// Package ecommerce is ecommerce analytics (Enterprise & Ecom): it reads the ecommerce events of
// the batches the collect endpoint stores (tracker API and dataLayer, one contract,
// src/lib/contracts/ecommerce.ts), keeps orders (the browser's purchase, replaced by the shop's
// verified order webhook of the same order id), serves the chunk that reads a page's dataLayer,
// and answers the Ecommerce screen: revenue, orders, products, the shopping funnel, cart
// abandonment, coupons, and per experiment variant average order value and revenue per visitor.
package ecommerce

import (
	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/integrations"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Register wires the collect hook, the order hook, the tracker config and the routes.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	cap := &capture{app: app, m: map[string]captureEntry{}}
	in := &ingest{app: app, capture: cap, sessions: map[string]*entrySession{}}
	analytics.AlsoCollect = append(analytics.AlsoCollect, in.collect)
	analytics.EcommerceConfig = scriptConfig(cap)
	integrations.OnOrder = serverOrder
	analytics.AlsoPrune = append(analytics.AlsoPrune, prune)
	for _, name := range []string{"sites", "ecommerce_settings"} {
		app.OnRecordAfterCreateSuccess(name).BindFunc(func(e *core.RecordEvent) error { cap.clear(); return e.Next() })
		app.OnRecordAfterUpdateSuccess(name).BindFunc(func(e *core.RecordEvent) error { cap.clear(); return e.Next() })
		app.OnRecordAfterDeleteSuccess(name).BindFunc(func(e *core.RecordEvent) error { cap.clear(); return e.Next() })
	}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/t/o/{file}", chunkHandler).Bind(apis.SkipSuccessActivityLog())
			r := routes{store: store}
			se.Router.GET("/api/cro/ecommerce/{siteId}", r.report).Bind(apis.RequireAuth("users"))
			se.Router.GET("/api/cro/ecommerce/{siteId}/settings", r.settings).Bind(apis.RequireAuth("users"))
			se.Router.POST("/api/cro/ecommerce/{siteId}/settings", r.saveSettings).Bind(apis.RequireAuth("users"), apis.BodyLimit(32<<10))
			se.Router.GET("/api/cro/ecommerce/{siteId}/experiments/{id}", r.experiment).Bind(apis.RequireAuth("users"))
			return se.Next()
		},
		Priority: -10,
	})
}
