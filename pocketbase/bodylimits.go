package main

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// PocketBase reads up to 32 MB of any body its own routes are sent (apis.DefaultMaxBodySize), and
// sign-up, sign-in and the realtime subscription read it before knowing who sends it: six 30 MB
// sign-ups took the server from 102 to 707 MB. These limits are what the routes can need; larger
// bodies get 413 unread (Content-Length) or once the limit is read (chunked).
const (
	authActionBodyLimit = 4 << 10  // an address, a password or a token, and the field names
	realtimeBodyLimit   = 64 << 10 // a client id and the topics it subscribes to
	recordBaseBodyLimit = 4 << 10  // a record's short fields (numbers, dates, ids...) and the JSON around them
	shortFieldBytes     = 512      // a field without a declared size: number, date, email, url, single select or relation
	maxRuneBytes        = 4        // a text field's maximum is in characters; UTF-8 takes up to 4 bytes each
	multipartPartBytes  = 1 << 10  // a multipart part's boundary and headers
	multipartForm       = "multipart/form-data"
	collectionsPrefix   = "/api/collections/"
)

func registerBodyLimits(app *pocketbase.PocketBase) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "croBodyLimit",
			Priority: apis.DefaultBodyLimitMiddlewarePriority - 1, // before PocketBase's own, which allows 32 MB
			Func: func(e *core.RequestEvent) error {
				limit, ok := pocketBaseRouteBodyLimit(e.App, e.Request)
				if !ok {
					return e.Next()
				}
				return apis.BodyLimit(limit).Func(e)
			},
		})
		return se.Next()
	})
}

// pocketBaseRouteBodyLimit: the limit of one of PocketBase's own routes that read a body before
// they know the caller, or false for the rest (our routes set their own, superuser routes
// authenticate first, unknown collections are answered 404 by PocketBase).
func pocketBaseRouteBodyLimit(app core.App, r *http.Request) (int64, bool) {
	if r.Method == http.MethodPost && r.URL.Path == "/api/realtime" {
		return realtimeBodyLimit, true
	}
	rest, ok := strings.CutPrefix(r.URL.Path, collectionsPrefix)
	if !ok || (r.Method != http.MethodPost && r.Method != http.MethodPatch) {
		return 0, false
	}
	name, action, _ := strings.Cut(rest, "/")
	collection, err := app.FindCachedCollectionByNameOrId(name)
	if err != nil || action == "" {
		return 0, false
	}
	multipart := strings.HasPrefix(strings.ToLower(r.Header.Get("Content-Type")), multipartForm)
	switch {
	case r.Method == http.MethodPost && action == "records",
		r.Method == http.MethodPatch && strings.HasPrefix(action, "records/") && !strings.Contains(action[len("records/"):], "/"):
		return recordBodyLimit(collection, multipart), true
	case r.Method == http.MethodPost && action == "auth-with-oauth2":
		return authActionBodyLimit + recordBodyLimit(collection, false), true // createData: the new record's fields
	case r.Method == http.MethodPost && collection.IsAuth() && !strings.Contains(action, "/"):
		return authActionBodyLimit, true // auth-with-password, request-password-reset, confirm-*, request-otp, ...
	}
	return 0, false
}

// recordBodyLimit is what a create or update of the collection can need: its short fields, each
// text field's maximum, each JSON or editor field's size, and with a multipart upload each file
// field's files. A collection without large fields gets a few KB: sign-up (users) 10 KB.
func recordBodyLimit(c *core.Collection, multipart bool) int64 {
	limit := int64(recordBaseBodyLimit)
	for _, f := range c.Fields {
		if multipart {
			limit += multipartPartBytes
		}
		switch f := f.(type) {
		case *core.FileField:
			limit += int64(max(f.MaxSelect, 1)) * shortFieldBytes // names of kept files
			if multipart {                                        // a file a quarter over its limit still gets the field's own clear refusal
				limit += f.CalculateMaxBodySize() * 5 / 4
			}
		case core.MaxBodySizeCalculator: // JSON and editor fields
			limit += f.CalculateMaxBodySize()
		case *core.TextField:
			limit += int64(textMax(f)) * maxRuneBytes
		case *core.SelectField:
			limit += int64(max(f.MaxSelect, 1)) * shortFieldBytes
		case *core.RelationField:
			limit += int64(max(f.MaxSelect, 1)) * shortFieldBytes
		default:
			limit += shortFieldBytes
		}
	}
	return limit
}

// textMax is a text field's maximum in characters (PocketBase applies 5000 when none is set).
func textMax(f *core.TextField) int {
	if f.Max <= 0 {
		return 5000
	}
	return f.Max
}
