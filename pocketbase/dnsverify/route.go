package dnsverify

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/access"
	"cro/pocketbase/domainzone"
	"cro/pocketbase/notify"
)

var recordID = regexp.MustCompile(`^[a-z0-9]{15}$`)

// Register adds POST /api/cro/verify-dns {siteId} -> {verified, message} and GET
// /api/cro/nameservers (health.go). Only the site's managers (owner, admin) may verify; a
// delegation to the site's pair that the install's nameservers and edge answer for (serving.go)
// sets dns_verified and status active and notifies the site's active members once.
func Register(app core.App) {
	registerHealth(app)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.POST("/api/cro/verify-dns", func(e *core.RequestEvent) error {
			return handle(app, e)
		}).Bind(apis.RequireAuth("users"), apis.BodyLimit(4<<10)) // a site id is all it reads
		return se.Next()
	})
}

func handle(app core.App, e *core.RequestEvent) error {
	var body struct {
		SiteID string `json:"siteId"`
	}
	if err := e.BindBody(&body); err != nil || !recordID.MatchString(body.SiteID) {
		return apis.NewBadRequestError("siteId is required", nil)
	}
	site, err := access.RequireSiteRole(e, body.SiteID, access.Admin, access.Messages{
		Forbidden: "Only the site's owner or admins can verify its DNS",
	})
	if err != nil {
		return err
	}

	domain := site.GetString("domain")
	assigned := []string{site.GetString("nameserver_1"), site.GetString("nameserver_2")}
	ctx, cancel := context.WithTimeout(e.Request.Context(), 8*time.Second)
	defer cancel()
	found, lookupErr := LookupNS(ctx, ResolverAddress(), domain)
	verdict := Judge(domain, assigned, found, lookupErr)
	hadProof := site.GetBool("ownership_verified")
	owned, msg := proveOwnership(ctx, app, site, e.Auth.Id, verdict.Verified, lookupErr)
	if !owned {
		return e.JSON(200, Verdict{Message: msg})
	}
	verdict.Owned = true
	if !verdict.Verified {
		if !hadProof {
			verdict.Message = fmt.Sprintf("You proved that you control %s. %s", domainzone.Of(domain), verdict.Message)
		}
		return e.JSON(200, verdict)
	}
	if msg := checkServing(ctx, found.Zone, domain); msg != "" {
		return e.JSON(200, Verdict{Message: msg})
	}

	wasVerified := site.GetBool("dns_verified") && site.GetString("status") == "active"
	if !wasVerified {
		err := app.RunInTransaction(func(tx core.App) error {
			fresh, err := tx.FindRecordById("sites", site.Id)
			if err != nil {
				return err
			}
			fresh.Set("dns_verified", true)
			fresh.Set("status", "active")
			if err := tx.Save(fresh); err != nil {
				return err
			}
			return notifyMembers(tx, fresh)
		})
		if err != nil {
			return e.InternalServerError("Failed to save the verification", err)
		}
	}
	return e.JSON(200, verdict)
}

func notifyMembers(tx core.App, site *core.Record) error {
	members, err := tx.FindAllRecords("site_members", dbx.HashExp{"site_id": site.Id, "status": "active"})
	if err != nil {
		return err
	}
	for _, m := range members {
		if m.GetString("user_id") == "" {
			continue
		}
		err := notify.Create(tx, notify.Notification{
			User:    m.GetString("user_id"),
			Site:    site.Id,
			Type:    "system",
			Title:   "Domain verified",
			Message: site.GetString("domain") + " is connected and active.",
			Link:    "/dashboard/tracking-setup",
		})
		if err != nil {
			return err
		}
	}
	return nil
}
