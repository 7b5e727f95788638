// Package access is the Go routes' one role check on a site, the twin of the hooks'
// pb_hooks/lib/site_guard.js: site_members is mirrored into id lists on each site (member_ids,
// editor_ids, manager_ids, see src/lib/roles.ts), and a route needs one membership test.
package access

import (
	"slices"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Role is the least role a route needs; each maps to the site list holding it and the roles above.
type Role string

const (
	Viewer Role = "member_ids"  // any active member
	Editor Role = "editor_ids"  // owner, admin, editor
	Admin  Role = "manager_ids" // owner, admin
)

// Messages word a route's errors (clients show them); empty ones get the defaults.
type Messages struct {
	NotFound  string // 404: no such site, or the caller is not one of its members
	Forbidden string // 403: a member with a lower role
	// Superusers pass whatever their membership.
	Superusers bool
}

// RequireSiteRole returns the site siteID if the signed-in caller holds at least min on it, or
// the API error to return: a stranger gets the same 404 as for a missing site, so it never learns
// that the site exists.
func RequireSiteRole(e *core.RequestEvent, siteID string, min Role, m Messages) (*core.Record, error) {
	notFound := m.NotFound
	if notFound == "" {
		notFound = "Site not found"
	}
	site, err := e.App.FindRecordById("sites", siteID)
	if err != nil || e.Auth == nil {
		return nil, apis.NewNotFoundError(notFound, nil)
	}
	if m.Superusers && e.HasSuperuserAuth() {
		return site, nil
	}
	if !slices.Contains(site.GetStringSlice(string(Viewer)), e.Auth.Id) {
		return nil, apis.NewNotFoundError(notFound, nil)
	}
	if !slices.Contains(site.GetStringSlice(string(min)), e.Auth.Id) {
		forbidden := m.Forbidden
		if forbidden == "" {
			forbidden = "Your role on this site does not allow this"
		}
		return nil, apis.NewForbiddenError(forbidden, nil)
	}
	return site, nil
}
