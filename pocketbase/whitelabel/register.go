package whitelabel

import "github.com/pocketbase/pocketbase/core"

// Register binds the collections' guards, the routes and the branding of every mail.
func Register(app core.App) {
	bindHooks(app)
	registerRoutes(app)
	bindMail(app)
}
