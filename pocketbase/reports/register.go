// Package reports makes the site reports that leave the product: scheduled reports (PDF, CSV,
// Excel or an HTML mail) sent by the mail queue in each site's time zone, their history with the
// stored files, 'Send now', and the Analytics screen's export. The content comes from the event
// store and the site's collections (content.go); every format draws the same tables (tables.go).
package reports

import (
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/periodic"
)

// Register validates scheduled reports on write, takes up the sends a stop cut short, adds the
// routes and starts the scheduler: every
// CRO_REPORTS_INTERVAL_SECONDS (60) it makes the due reports and retries failed sends, the first
// retry CRO_REPORT_RETRY_SECONDS (60) after a failure and each next one four times later.
func Register(app *pocketbase.PocketBase, store eventstore.Store, mail Sender) *Service {
	svc := NewService(app, store, mail, periodic.Interval("CRO_REPORT_RETRY_SECONDS", time.Minute))
	checkWrites(app)
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			// Before the routes and the scheduler's first tick: the sends the last stop cut short.
			svc.Recover(time.Now())
			auth := apis.RequireAuth("users", core.CollectionNameSuperusers)
			se.Router.POST("/api/cro/reports/{id}/send", sendNowHandler(svc)).Bind(auth, apis.BodyLimit(1<<10))
			se.Router.POST("/api/cro/sites/{siteId}/export-report", exportHandler(svc)).Bind(auth, apis.BodyLimit(1<<10))
			return se.Next()
		},
	})
	every := periodic.Interval("CRO_REPORTS_INTERVAL_SECONDS", time.Minute)
	periodic.Run(app, every, every, func() { svc.RunDue(time.Now()) })
	return svc
}
