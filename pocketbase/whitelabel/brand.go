// Package whitelabel applies an organization's brand (name, logo, colours, support address) in
// place of the product's wherever the clients of its sites meet the product: the dashboard (the
// public GET /api/cro/brand), its own dashboard domain (served by the edge, see host.go), every
// mail (mail.go) and the reports' files. It also guards the organizations and brands collections
// and keeps each brand's member list (who may read it).
package whitelabel

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Brand is what replaces the product's own name and look.
type Brand struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Logo         string `json:"logo"` // the logo's URL path, or empty
	PrimaryColor string `json:"primary_color"`
	AccentColor  string `json:"accent_color"`
	SupportEmail string `json:"support_email"`
	Domain       string `json:"domain"` // the dashboard's own domain once verified, else empty
}

// Origin is the brand's dashboard origin (https://<domain>), or empty without a verified domain.
func (b *Brand) Origin() string {
	if b == nil || b.Domain == "" {
		return ""
	}
	return "https://" + b.Domain
}

// ownerPlan is the tier of the organization owner's subscription while it is active, else "free".
func ownerPlan(app core.App, ownerID string) string {
	subs, err := app.FindRecordsByFilter("subscriptions", "user_id = {:u}", "-updated_at", 1, 0, dbx.Params{"u": ownerID})
	if err != nil || len(subs) == 0 || !activeStatuses[subs[0].GetString("subscription_status")] {
		return "free"
	}
	return subs[0].GetString("plan_tier")
}

// Load is the brand record's Brand while its organization's plan includes white label, else nil.
func Load(app core.App, brandID string) *Brand {
	if brandID == "" {
		return nil
	}
	rec, err := app.FindRecordById("brands", brandID)
	if err != nil {
		return nil
	}
	org, err := app.FindRecordById("organizations", rec.GetString("organization_id"))
	if err != nil || !whiteLabelPlans[ownerPlan(app, org.GetString("owner_id"))] {
		return nil
	}
	b := &Brand{
		ID: rec.Id, Name: rec.GetString("name"), PrimaryColor: rec.GetString("primary_color"),
		AccentColor: rec.GetString("accent_color"), SupportEmail: rec.GetString("support_email"),
	}
	if logo := rec.GetString("logo"); logo != "" {
		b.Logo = "/api/files/" + rec.Collection().Id + "/" + rec.Id + "/" + logo
	}
	if rec.GetBool("domain_verified") {
		b.Domain = rec.GetString("domain")
	}
	return b
}

// ForSite is the applied brand of a site, or nil.
func ForSite(app core.App, siteID string) *Brand {
	site, err := app.FindRecordById("sites", siteID)
	if err != nil {
		return nil
	}
	return Load(app, site.GetString("brand_id"))
}

// ForHost is the brand whose verified dashboard domain host is ("App.Agency.com:443" too), or nil.
func ForHost(app core.App, host string) *Brand {
	host = normalizeHost(host)
	if host == "" {
		return nil
	}
	rec, err := app.FindFirstRecordByFilter("brands", "domain = {:d} && domain_verified = true", dbx.Params{"d": host})
	if err != nil {
		return nil
	}
	return Load(app, rec.Id)
}

// ForUser is the brand a person meets the product under outside any one site (the mails of their
// account: welcome, verification, sign-in codes, password resets): when every site they belong to
// or are invited to carries an applied brand, the brand of the oldest of those sites; else nil
// (they also use the product unbranded, as an owner of their own sites does).
func ForUser(app core.App, userID string) *Brand {
	user, err := app.FindRecordById("users", userID)
	if err != nil {
		return nil
	}
	sites, err := app.FindRecordsByFilter("sites", "member_ids.id ?= {:u}", "created_at", 0, 0, dbx.Params{"u": userID})
	if err != nil {
		return nil
	}
	invites, _ := app.FindRecordsByFilter("site_members", "email = {:e} && status = 'invited'", "", 0, 0, dbx.Params{"e": user.Email()})
	for _, inv := range invites {
		if s, err := app.FindRecordById("sites", inv.GetString("site_id")); err == nil {
			sites = append(sites, s)
		}
	}
	if len(sites) == 0 {
		return nil
	}
	var first *Brand
	for _, s := range sites {
		b := Load(app, s.GetString("brand_id"))
		if b == nil {
			return nil
		}
		if first == nil {
			first = b
		}
	}
	return first
}

func normalizeHost(host string) string {
	host = strings.ToLower(strings.TrimSpace(host))
	if h, _, found := strings.Cut(host, ":"); found && !strings.Contains(h, "]") {
		host = h
	}
	return strings.TrimSuffix(host, ".")
}
