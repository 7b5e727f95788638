package whitelabel

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/dnsverify"
)

// registerRoutes adds GET /api/cro/brand and POST /api/cro/brands/{id}/verify-domain.
func registerRoutes(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// The brand a page shows: the one whose domain the request came to (before anyone signs
		// in, for its sign-in page), else the brand of ?site= for a member of that site. Public.
		se.Router.GET("/api/cro/brand", func(e *core.RequestEvent) error {
			b := ForHost(e.App, e.Request.Host)
			if b == nil && e.Auth != nil {
				if site, err := e.App.FindRecordById("sites", e.Request.URL.Query().Get("site")); err == nil &&
					slices.Contains(site.GetStringSlice("member_ids"), e.Auth.Id) {
					b = Load(e.App, site.GetString("brand_id"))
				}
			}
			e.Response.Header().Set("Cache-Control", "no-store")
			return e.JSON(200, map[string]any{"brand": b})
		})
		// Proof of control of the brand's dashboard domain: the TXT record _upliftly-verify.<zone>
		// holds the brand's token, as for a site's domain (dnsverify/ownership.go).
		se.Router.POST("/api/cro/brands/{id}/verify-domain", func(e *core.RequestEvent) error {
			brand, err := e.App.FindRecordById("brands", e.Request.PathValue("id"))
			if err != nil || !managesBrand(e.App, brand.Id, e.Auth.Id) {
				return apis.NewNotFoundError("Brand not found", nil)
			}
			domain, zone := brand.GetString("domain"), brand.GetString("domain_zone")
			if domain == "" {
				return apis.NewBadRequestError("Add the brand's dashboard domain first.", nil)
			}
			if Load(e.App, brand.Id) == nil {
				return apis.NewForbiddenError(whiteLabelRefusal, nil)
			}
			name := dnsverify.OwnershipName(zone)
			if brand.GetBool("domain_verified") {
				return e.JSON(200, map[string]any{"verified": true, "message": domain + " is verified."})
			}
			ctx, cancel := context.WithTimeout(e.Request.Context(), 8*time.Second)
			defer cancel()
			if found, _ := dnsverify.LookupProof(ctx, dnsverify.ResolverAddress(), zone, brand.GetString("domain_token")); !found {
				return e.JSON(200, map[string]any{"verified": false, "message": fmt.Sprintf(
					"The TXT record %s with the value %s was not found yet. DNS changes can take a few minutes; try again soon.",
					name, brand.GetString("domain_token"))})
			}
			brand.Set("domain_verified", true)
			if err := e.App.Save(brand); err != nil {
				return err
			}
			return e.JSON(200, map[string]any{"verified": true, "message": fmt.Sprintf(
				"%s is verified. Point it at this install with a CNAME record; its certificate is issued on the first visit.", domain)})
		}).Bind(apis.RequireAuth("users"), apis.BodyLimit(1<<10))
		return se.Next()
	})
}
