package edge

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/access"
)

var siteIDPattern = regexp.MustCompile(`^[a-z0-9]{15}$`)

// registerCacheRoutes adds the cache's figures for a site's members
// (GET /api/cro/edge/{siteId}/cache) and the purge for its owner and admins
// (POST /api/cro/edge/{siteId}/purge, body {"path": "/optional/one/path"}). cache is nil when
// the edge does not run or does not cache: the figures then say so and a purge is refused.
func registerCacheRoutes(app core.App, cache *Cache) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET("/api/cro/edge/{siteId}/cache", func(e *core.RequestEvent) error {
			site, err := siteFor(e, access.Viewer, "")
			if err != nil {
				return err
			}
			if cache == nil {
				return e.JSON(http.StatusOK, map[string]any{"enabled": false})
			}
			s := cache.Stats(site.Id)
			var ratio any // none before the first request
			if s.Hits+s.Misses > 0 {
				ratio = float64(s.Hits) / float64(s.Hits+s.Misses)
			}
			return e.JSON(http.StatusOK, map[string]any{
				"enabled": true, "entries": s.Entries, "bytes": s.Bytes, "hits": s.Hits, "misses": s.Misses,
				"bytesFromCache": s.BytesFromCache, "hitRatio": ratio,
			})
		}).Bind(apis.RequireAuth("users"))

		se.Router.POST("/api/cro/edge/{siteId}/purge", func(e *core.RequestEvent) error {
			var body struct {
				Path string `json:"path"`
			}
			if err := e.BindBody(&body); err != nil {
				return apis.NewBadRequestError("The body must be JSON, such as {\"path\": \"/style.css\"}.", nil)
			}
			path := strings.TrimSpace(body.Path)
			if path != "" && (!strings.HasPrefix(path, "/") || strings.ContainsAny(path, "?# ") || len(path) > 2048) {
				return apis.NewBadRequestError("The path must start with / and carry no query, such as /style.css.", nil)
			}
			site, err := siteFor(e, access.Admin, "Only the site's owner and admins can purge its cache")
			if err != nil {
				return err
			}
			if cache == nil {
				return apis.NewApiError(http.StatusConflict, "The edge does not cache anything on this install.", nil)
			}
			return e.JSON(http.StatusOK, map[string]int{"purged": cache.Purge(site.Id, path)})
		}).Bind(apis.RequireAuth("users"), apis.BodyLimit(4<<10))
		return se.Next()
	})
}

func siteFor(e *core.RequestEvent, role access.Role, forbidden string) (*core.Record, error) {
	id := e.Request.PathValue("siteId")
	if !siteIDPattern.MatchString(id) {
		return nil, apis.NewNotFoundError("Site not found", nil)
	}
	return access.RequireSiteRole(e, id, role, access.Messages{Forbidden: forbidden})
}
