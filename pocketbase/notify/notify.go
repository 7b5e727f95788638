// Package notify is the Go routes' one way to create an in-app notification, the twin of the
// hooks' pb_hooks/lib/notify.js.
package notify

import "github.com/pocketbase/pocketbase/core"

// Notification is one entry of a user's bell; Site, Message and Link are optional.
type Notification struct {
	User, Site, Type, Title, Message, Link string
}

// Create saves n with app, which may be a transaction so that the notification is saved or
// rolled back with the change it tells about.
func Create(app core.App, n Notification) error {
	collection, err := app.FindCollectionByNameOrId("notifications")
	if err != nil {
		return err
	}
	record := core.NewRecord(collection)
	record.Set("user_id", n.User)
	record.Set("site_id", n.Site)
	record.Set("type", n.Type)
	record.Set("title", n.Title)
	record.Set("message", n.Message)
	record.Set("link", n.Link)
	record.Set("read", false)
	return app.Save(record)
}
