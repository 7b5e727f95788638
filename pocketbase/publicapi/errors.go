package publicapi

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// apiError is the one shape of every error the public API answers: the HTTP status again, a stable
// machine-readable code and a sentence that says what to fix.
type apiError struct {
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func fail(e *core.RequestEvent, status int, code, message string) error {
	return e.JSON(status, apiError{Status: status, Code: code, Message: message})
}

func badRequest(e *core.RequestEvent, message string) error {
	return fail(e, http.StatusBadRequest, "invalid_request", message)
}

func siteNotFound(e *core.RequestEvent) error {
	return fail(e, http.StatusNotFound, "not_found", "Site not found.")
}
