// Package surveys serves on-page surveys to visitors: the widget chunk (built from src/survey by
// scripts/build-tracker.mjs) at /t/s/<content hash>.js and each site's active surveys in its
// tracker config (key `y`). Definitions, answers and results are pb_hooks/surveys.pb.js.
package surveys

import (
	"encoding/json"

	"cro/pocketbase/analytics"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Register wires the tracker config and the chunk's route.
func Register(app core.App) {
	analytics.SurveysConfig = func(site *core.Record) json.RawMessage { return scriptConfig(app, site) }
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/t/s/{file}", chunkHandler).Bind(apis.SkipSuccessActivityLog())
			return se.Next()
		},
		Priority: -10,
	})
}
