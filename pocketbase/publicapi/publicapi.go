// Package publicapi is the public REST API that /api-docs documents (/v1 on the API host, /v1 on
// this single-binary install): site API keys sent as `Authorization: Bearer <key>`, server-side
// conversions, analytics summaries and experiments, rate-limited per key, every error in one JSON
// shape (errors.go), described by the OpenAPI document openapi.json served at /v1/openapi.json.
// The keys themselves are managed by the site's owners and admins through /api/cro routes.
package publicapi

import (
	"cro/pocketbase/eventstore"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"
)

// DefaultRateLimit is each key's requests per minute unless CRO_API_RATE_LIMIT says otherwise.
const DefaultRateLimit = 600

func rateLimitFromEnv() int {
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv("CRO_API_RATE_LIMIT"))); err == nil && n >= 0 {
		return n
	}
	return DefaultRateLimit
}

type server struct {
	app     core.App
	store   eventstore.Store
	limiter *keyLimiter
	usage   *usage
}

// Register mounts the /v1 routes, the OpenAPI document and the key management routes.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	s := &server{app: app, store: store, limiter: newKeyLimiter(rateLimitFromEnv()), usage: newUsage()}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			manage := []*hook.Handler[*core.RequestEvent]{apis.RequireAuth("users", core.CollectionNameSuperusers), apis.BodyLimit(4 << 10)}
			se.Router.POST("/api/cro/sites/{siteId}/api-keys", createKey).Bind(manage...)
			se.Router.POST("/api/cro/api-keys/{id}/revoke", revokeKey).Bind(manage...)

			for _, r := range s.routes() {
				se.Router.Route(r.method, r.path, r.handler)
			}
			// One catch-all per method: a method-less one would conflict with the site's GET /{path...}.
			for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
				se.Router.Route(method, "/v1/{path...}", s.unknownRoute)
			}
			return se.Next()
		},
		Priority: -5,
	})
	app.Cron().MustAdd("cro_api_idempotency_prune", "41 * * * *", func() { pruneIdempotency(app, time.Now()) })
}

// route is one operation of the API; routes() is also what the OpenAPI document is checked against.
type route struct {
	method, path string
	handler      func(*core.RequestEvent) error
}

func (s *server) routes() []route {
	return []route{
		{http.MethodGet, "/v1/openapi.json", serveOpenAPI},
		{http.MethodPost, "/v1/conversions", s.withKey("write", s.postConversion)},
		{http.MethodGet, "/v1/analytics", s.withKey("read", s.getAnalytics)},
		{http.MethodGet, "/v1/experiments", s.withKey("read", s.getExperiments)},
		{http.MethodGet, "/v1/experiments/{id}/results", s.withKey("read", s.getExperimentResults)},
	}
}

// withKey authenticates the bearer key, checks its scope and its rate limit, then runs h.
func (s *server) withKey(scope string, h func(*core.RequestEvent, *apiKey) error) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		e.Response.Header().Set("Cache-Control", "no-store")
		token, ok := strings.CutPrefix(e.Request.Header.Get("Authorization"), "Bearer ")
		if !ok || strings.TrimSpace(token) == "" {
			e.Response.Header().Set("WWW-Authenticate", "Bearer")
			return fail(e, http.StatusUnauthorized, "unauthorized", "Send your API key as 'Authorization: Bearer <key>'.")
		}
		key, rec := findKey(e.App, strings.TrimSpace(token))
		if key == nil {
			e.Response.Header().Set("WWW-Authenticate", "Bearer")
			return fail(e, http.StatusUnauthorized, "unauthorized", "The API key is invalid or has been revoked.")
		}
		now := time.Now()
		allowed, remaining := s.limiter.allow(key.id, now)
		hdr := e.Response.Header()
		hdr.Set("X-RateLimit-Limit", strconv.Itoa(s.limiter.perMinute))
		hdr.Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
		if !allowed {
			hdr.Set("Retry-After", "1")
			return fail(e, http.StatusTooManyRequests, "rate_limited", "Too many requests for this API key, retry later.")
		}
		s.usage.touch(e.App, rec, now)
		if !planAllowsAPI(e.App, key.siteID) {
			// A site that left the plan keeps its keys (they work again on upgrade) but gets no data.
			return fail(e, http.StatusForbidden, "plan_required", planRequired)
		}
		if scope == "write" && key.scope != "write" {
			return fail(e, http.StatusForbidden, "forbidden", "This API key is read-only: create a key with write scope.")
		}
		if err := h(e, key); err != nil {
			// Handlers answer every client error themselves; what is left is ours, in the same shape.
			e.App.Logger().Error("public api: request failed", "path", e.Request.URL.Path, "error", err)
			return fail(e, http.StatusInternalServerError, "internal_error", "Something went wrong on our side, retry later.")
		}
		return nil
	}
}

// siteOf checks the site a request names against the key's site: another site's data is not
// found, the same answer as for a site that does not exist.
func siteOf(e *core.RequestEvent, key *apiKey, siteID string) (bool, error) {
	if siteID == "" {
		return false, badRequest(e, "site_id is required.")
	}
	if siteID != key.siteID {
		return false, siteNotFound(e)
	}
	return true, nil
}

func (s *server) unknownRoute(e *core.RequestEvent) error {
	if s.knownPath(e.Request.URL.Path) {
		return fail(e, http.StatusMethodNotAllowed, "method_not_allowed", "This path does not answer "+e.Request.Method+".")
	}
	return fail(e, http.StatusNotFound, "not_found", "No such API route.")
}

// knownPath reports whether some route answers path (with another method).
func (s *server) knownPath(path string) bool {
	for _, r := range s.routes() {
		if matchPath(r.path, path) {
			return true
		}
	}
	return false
}

// matchPath matches a route pattern whose {name} segments stand for one non-empty segment each.
func matchPath(pattern, path string) bool {
	want, got := strings.Split(pattern, "/"), strings.Split(path, "/")
	if len(want) != len(got) {
		return false
	}
	for i := range want {
		param := strings.HasPrefix(want[i], "{")
		if (param && got[i] == "") || (!param && want[i] != got[i]) {
			return false
		}
	}
	return true
}

func pruneIdempotency(app core.App, now time.Time) {
	cutoff, _ := types.ParseDateTime(now.Add(-24 * time.Hour))
	if _, err := app.NonconcurrentDB().Delete("api_idempotency", dbx.NewExp("created_at < {:cutoff}", dbx.Params{"cutoff": cutoff.String()})).Execute(); err != nil {
		app.Logger().Warn("api idempotency: prune failed", "error", err)
	}
}
