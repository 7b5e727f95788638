package recordings

import (
	"net/http"

	"cro/pocketbase/access"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

const notFound = "Recording not found."

// eventsHandler is GET /api/cro/recordings/{id}/events: the recording's rrweb events as one JSON
// array in time order, for members of its site (anyone else gets the 404 of a missing one) on a
// plan with recordings.
func eventsHandler(files storage) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById("session_recordings", e.Request.PathValue("id"))
		if err != nil {
			return apis.NewNotFoundError(notFound, nil)
		}
		site, err := access.RequireSiteRole(e, rec.GetString("site_id"), access.Viewer, access.Messages{NotFound: notFound})
		if err != nil {
			return err
		}
		if !planAllows(site) {
			return apis.NewForbiddenError(planRequired, nil)
		}
		body, err := files.events(site.Id, rec.GetString("session_id"))
		if err != nil {
			return e.InternalServerError("Could not read the recording.", err)
		}
		h := e.Response.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Cache-Control", "private, no-store")
		return e.Blob(http.StatusOK, "application/json", body)
	}
}
