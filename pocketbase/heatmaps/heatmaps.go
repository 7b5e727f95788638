// Package heatmaps serves a site's heatmaps, click maps and scroll maps, computed from click and
// leave events by the event store (closed days of clicks stored once), and the page rendering they
// are drawn over:
//
//	GET /api/cro/heatmaps/{site}/pages              the site's most viewed pages (the page picker)
//	GET /api/cro/heatmaps/{site}/clicks?path=&device=&days=   per element and offset bin
//	GET /api/cro/heatmaps/{site}/scroll?path=&device=&days=   share of page views reaching each tenth
//	GET /api/cro/heatmaps/{site}/render?path=       a short-lived address of the page's rendering
//	GET /api/cro/heatmap-render/{site}?path=&exp=&sig=         the rendering itself (render.go)
//
// Members of the site only (strangers get the 404 of a missing site), on the Growth plan or higher.
package heatmaps

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"cro/pocketbase/access"
	"cro/pocketbase/eventstore"
)

const (
	defaultDays = 30
	maxDays     = 90
	maxPages    = 50
	maxPath     = 300
)

// The plans and refusals mirror src/lib/plans.ts, pinned by tests/fixtures/contracts/plan-limits.json
// (plan_test.go): Starter's "basic heatmaps" are click maps (and their heat layer) of the last 30
// days; scroll maps come with recordings (Growth or higher).
var (
	// clickMapDays is the longest range each plan's click maps cover; a plan not listed has none.
	clickMapDays = map[string]int{"starter": 30, "growth": 90, "enterprise": 90}
	// scrollMapPlans: src/lib/plans.ts's recordings capability.
	scrollMapPlans = map[string]bool{"growth": true, "enterprise": true}
)

const (
	// clickMapsRequired is upgradeMessage('click_maps'), the refusal for the Free plan.
	clickMapsRequired = "Click maps requires a paid plan. Upgrade at /pricing."
	// rangeRequired is clickMapRangeRefusal(): Starter asking for more than its 30 days.
	rangeRequired = "Click maps of more than the last 30 days require the Growth plan or higher. Upgrade at /pricing."
	// planRequired is upgradeMessage('recordings'), the refusal of scroll maps below Growth.
	planRequired = "Session recordings and heatmaps requires the Growth plan or higher. Upgrade at /pricing."
)

// Register adds the routes.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	r := newRenderer()
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/api/cro/heatmaps/{site}/pages", pagesHandler(store))
			se.Router.GET("/api/cro/heatmaps/{site}/clicks", clicksHandler(store))
			se.Router.GET("/api/cro/heatmaps/{site}/scroll", scrollHandler(store))
			se.Router.GET("/api/cro/heatmaps/{site}/render", r.addressHandler)
			se.Router.GET("/api/cro/heatmap-render/{site}", r.pageHandler)
			return se.Next()
		},
	})
}

// member returns the site for a signed-in member on a plan with click maps, or the error to answer.
func member(e *core.RequestEvent) (*core.Record, error) {
	if e.Auth == nil {
		return nil, e.UnauthorizedError("Sign in to view heatmaps.", nil)
	}
	site, err := access.RequireSiteRole(e, e.Request.PathValue("site"), access.Viewer, access.Messages{Superusers: true})
	if err != nil {
		return nil, err
	}
	if clickMapDays[site.GetString("plan_tier")] == 0 {
		return nil, e.ForbiddenError(clickMapsRequired, nil)
	}
	return site, nil
}

// scrollMember is member for scroll maps, which need the Growth plan or higher.
func scrollMember(e *core.RequestEvent) (*core.Record, error) {
	site, err := member(e)
	if err != nil {
		return nil, err
	}
	if !scrollMapPlans[site.GetString("plan_tier")] {
		return nil, e.ForbiddenError(planRequired, nil)
	}
	return site, nil
}

// query reads ?path= (a page path as the tracker records it), ?device= (desktop by default) and
// ?days= (1-90, the last 30 by default) into the store's query.
func query(e *core.RequestEvent, site *core.Record, now time.Time) (eventstore.HeatmapQuery, error) {
	v := e.Request.URL.Query()
	path, err := pagePath(e)
	if err != nil {
		return eventstore.HeatmapQuery{}, err
	}
	device := v.Get("device")
	if device == "" {
		device = "desktop"
	}
	if !slices.Contains(eventstore.DeviceClasses, device) {
		return eventstore.HeatmapQuery{}, e.BadRequestError("The device must be desktop, tablet or mobile.", nil)
	}
	days, err := rangeDays(e)
	if err != nil {
		return eventstore.HeatmapQuery{}, err
	}
	if days > clickMapDays[site.GetString("plan_tier")] {
		return eventstore.HeatmapQuery{}, e.ForbiddenError(rangeRequired, nil)
	}
	return eventstore.HeatmapQuery{SiteID: site.Id, Path: path, Device: device, From: now.Add(-time.Duration(days) * 24 * time.Hour),
		To: now.Add(time.Minute)}, nil
}

func pagePath(e *core.RequestEvent) (string, error) {
	path := e.Request.URL.Query().Get("path")
	if path == "" || path[0] != '/' || len(path) > maxPath || strings.ContainsAny(path, "\x00\r\n\t") {
		return "", e.BadRequestError("The page path must start with / (at most 300 characters).", nil)
	}
	return path, nil
}

func rangeDays(e *core.RequestEvent) (int, error) {
	raw := e.Request.URL.Query().Get("days")
	if raw == "" {
		return defaultDays, nil
	}
	days, err := strconv.Atoi(raw)
	if err != nil || days < 1 || days > maxDays {
		return 0, e.BadRequestError("Days must be a whole number from 1 to 90.", nil)
	}
	return days, nil
}

// page is one entry of the page picker.
type page struct {
	Path      string  `json:"path"`
	Pageviews float64 `json:"pageviews"`
}

func pagesHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := member(e)
		if err != nil {
			return err
		}
		days, err := rangeDays(e)
		if err != nil {
			return err
		}
		if days > clickMapDays[site.GetString("plan_tier")] {
			return e.ForbiddenError(rangeRequired, nil)
		}
		now := time.Now().UTC()
		rows, err := store.TopPages(site.Id, eventstore.DayRange{From: now.AddDate(0, 0, -days).Format(time.DateOnly), To: eventstore.OpenEnd}, 500)
		if err != nil {
			return e.InternalServerError("Could not load the pages.", err)
		}
		slices.SortStableFunc(rows, func(a, b eventstore.PageFigures) int {
			if a.Pageviews != b.Pageviews {
				if a.Pageviews > b.Pageviews {
					return -1
				}
				return 1
			}
			return strings.Compare(a.Path, b.Path)
		})
		out := []page{}
		for _, r := range rows {
			if len(out) < maxPages {
				out = append(out, page{Path: r.Path, Pageviews: r.Pageviews})
			}
		}
		return e.JSON(http.StatusOK, map[string]any{"pages": out})
	}
}

func clicksHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return figuresHandler(member, "Could not load the click map.", func(q eventstore.HeatmapQuery) (any, error) { return store.ClickMap(q) })
}

func scrollHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return figuresHandler(scrollMember, "Could not load the scroll map.", func(q eventstore.HeatmapQuery) (any, error) { return store.ScrollDepth(q) })
}

// figuresHandler answers a query for one page's figures by a member `allowed` admits, read by `read`.
func figuresHandler(allowed func(*core.RequestEvent) (*core.Record, error), failure string, read func(eventstore.HeatmapQuery) (any, error)) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := allowed(e)
		if err != nil {
			return err
		}
		q, err := query(e, site, time.Now().UTC())
		if err != nil {
			return err
		}
		figures, err := read(q)
		if err != nil {
			return e.InternalServerError(failure, err)
		}
		return e.JSON(http.StatusOK, figures)
	}
}
