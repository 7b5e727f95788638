package whitelabel

import (
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"cro/pocketbase/domainzone"
)

var (
	hexColor  = regexp.MustCompile(`^#[0-9a-f]{6}$`)
	hostLabel = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)
)

const tokenAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

// bindHooks guards organizations and brands after their API rules, keeps each brand's member
// list, and lets only an organization's managers move a site into or out of its brands.
func bindHooks(app core.App) {
	// These run before the API rules: a request the rules will refuse is left to them.
	app.OnRecordCreateRequest("organizations").BindFunc(func(e *core.RecordRequestEvent) error {
		if e.HasSuperuserAuth() || e.Auth == nil || e.Record.GetString("owner_id") != e.Auth.Id {
			return e.Next()
		}
		if !whiteLabelPlans[ownerPlan(e.App, e.Auth.Id)] {
			return e.ForbiddenError(whiteLabelRefusal, nil)
		}
		// Brands are counted per organization, so an account holds one.
		if n, _ := e.App.CountRecords("organizations", dbx.HashExp{"owner_id": e.Auth.Id}); n > 0 {
			return e.BadRequestError("Your account already has an organization: add brands to it.", nil)
		}
		e.Record.Set("name", strings.TrimSpace(e.Record.GetString("name")))
		return e.Next()
	})
	app.OnRecordCreateRequest("brands").BindFunc(func(e *core.RecordRequestEvent) error {
		if e.HasSuperuserAuth() {
			return e.Next()
		}
		org, err := e.App.FindRecordById("organizations", e.Record.GetString("organization_id"))
		if err != nil || e.Auth == nil || !managesOrganization(org, e.Auth.Id) {
			return e.Next()
		}
		tier := ownerPlan(e.App, org.GetString("owner_id"))
		if !whiteLabelPlans[tier] {
			return e.ForbiddenError(whiteLabelRefusal, nil)
		}
		limit := brandLimit(tier, org.GetBool("custom_enterprise"))
		if n, _ := e.App.CountRecords("brands", dbx.HashExp{"organization_id": org.Id}); limit >= 0 && int(n) >= limit {
			return e.ForbiddenError(multiBrandRefusal, nil)
		}
		return e.Next()
	})
	app.OnRecordValidate("brands").BindFunc(func(e *core.RecordEvent) error {
		if msg := normalizeBrand(e.Record); msg != "" {
			return badRequest(msg)
		}
		return e.Next()
	})
	// A site joins or leaves a brand only by the brand's managers: its client (a site admin)
	// cannot take it out of the brand, nor put it into a brand they do not manage.
	checkSite := func(e *core.RecordRequestEvent) error {
		if e.HasSuperuserAuth() || e.Auth == nil {
			return e.Next()
		}
		before := ""
		if !e.Record.IsNew() {
			before = e.Record.Original().GetString("brand_id")
		}
		after := e.Record.GetString("brand_id")
		if before == after {
			return e.Next()
		}
		for _, id := range []string{before, after} {
			if id != "" && !managesBrand(e.App, id, e.Auth.Id) {
				return e.ForbiddenError("Only the managers of a brand's organization can move a site into or out of the brand.", nil)
			}
		}
		return e.Next()
	}
	app.OnRecordCreateRequest("sites").BindFunc(checkSite)
	app.OnRecordUpdateRequest("sites").BindFunc(checkSite)

	// Who may read a brand: its organization's managers and the members of its sites.
	app.OnRecordCreate("sites").BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		syncMembers(e.App, e.Record.GetString("brand_id"))
		return nil
	})
	app.OnRecordUpdate("sites").BindFunc(func(e *core.RecordEvent) error {
		before := e.Record.Original().GetString("brand_id")
		if err := e.Next(); err != nil {
			return err
		}
		syncMembers(e.App, before)
		if after := e.Record.GetString("brand_id"); after != before {
			syncMembers(e.App, after)
		}
		return nil
	})
	app.OnRecordDelete("sites").BindFunc(func(e *core.RecordEvent) error {
		brand := e.Record.GetString("brand_id")
		if err := e.Next(); err != nil {
			return err
		}
		syncMembers(e.App, brand)
		return nil
	})
	app.OnRecordCreate("brands").BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		syncMembers(e.App, e.Record.Id)
		return nil
	})
	app.OnRecordUpdate("organizations").BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		brands, _ := e.App.FindAllRecords("brands", dbx.HashExp{"organization_id": e.Record.Id})
		for _, b := range brands {
			syncMembers(e.App, b.Id)
		}
		return nil
	})
}

// normalizeBrand trims and checks a brand's fields and, when its domain changed, gives it a new
// proof to publish; the message names the first problem, or is empty.
func normalizeBrand(r *core.Record) string {
	name := strings.TrimSpace(r.GetString("name"))
	if name == "" {
		return "Give the brand a name."
	}
	r.Set("name", name)
	for _, f := range []struct{ field, label string }{{"primary_color", "The primary colour"}, {"accent_color", "The accent colour"}} {
		c := strings.ToLower(strings.TrimSpace(r.GetString(f.field)))
		if c != "" && !hexColor.MatchString(c) {
			return f.label + " must be a hex colour such as #0f766e."
		}
		r.Set(f.field, c)
	}
	domain, msg := normalizeDomain(r.GetString("domain"))
	if msg != "" {
		return msg
	}
	r.Set("domain", domain)
	if r.IsNew() || r.Original().GetString("domain") != domain {
		r.Set("domain_verified", false)
		r.Set("domain_zone", "")
		r.Set("domain_token", "")
		if domain != "" {
			r.Set("domain_zone", domainzone.Of(domain))
			r.Set("domain_token", security.RandomStringWithAlphabet(32, tokenAlphabet))
		}
	}
	return ""
}

// normalizeDomain accepts a host name (a scheme or trailing slash pasted with it is dropped),
// never the install's own.
func normalizeDomain(raw string) (string, string) {
	d := strings.ToLower(strings.TrimSpace(raw))
	d = strings.TrimPrefix(strings.TrimPrefix(d, "https://"), "http://")
	d = strings.TrimSuffix(strings.TrimSuffix(d, "/"), ".")
	if d == "" {
		return "", ""
	}
	labels := strings.Split(d, ".")
	valid := len(d) <= 253 && len(labels) >= 2
	for _, l := range labels {
		valid = valid && hostLabel.MatchString(l)
	}
	if !valid {
		return "", "The dashboard domain must be a host name such as app.youragency.com."
	}
	if app, err := url.Parse(strings.TrimSpace(os.Getenv("APP_URL"))); err == nil && strings.EqualFold(app.Hostname(), d) {
		return "", "The dashboard domain must be your own, not this install's."
	}
	return d, ""
}

// managesBrand: the user owns or manages the brand's organization.
func managesBrand(app core.App, brandID, userID string) bool {
	brand, err := app.FindRecordById("brands", brandID)
	if err != nil {
		return false
	}
	org, err := app.FindRecordById("organizations", brand.GetString("organization_id"))
	return err == nil && managesOrganization(org, userID)
}

func managesOrganization(org *core.Record, userID string) bool {
	return org.GetString("owner_id") == userID || slices.Contains(org.GetStringSlice("admin_ids"), userID)
}

// syncMembers sets who may read the brand: its organization's owner and admins and every member
// of its sites (site_members mirrors them into member_ids).
func syncMembers(app core.App, brandID string) {
	if brandID == "" {
		return
	}
	brand, err := app.FindRecordById("brands", brandID)
	if err != nil {
		return
	}
	var ids []string
	if org, err := app.FindRecordById("organizations", brand.GetString("organization_id")); err == nil {
		ids = append(ids, org.GetString("owner_id"))
		ids = append(ids, org.GetStringSlice("admin_ids")...)
	}
	sites, _ := app.FindAllRecords("sites", dbx.HashExp{"brand_id": brandID})
	for _, s := range sites {
		ids = append(ids, s.GetStringSlice("member_ids")...)
	}
	ids = slices.DeleteFunc(ids, func(id string) bool { return id == "" })
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if slices.Equal(ids, brand.GetStringSlice("member_ids")) {
		return
	}
	brand.Set("member_ids", ids)
	if err := app.UnsafeWithoutHooks().Save(brand); err != nil {
		app.Logger().Error("whitelabel: brand members not saved", "brand", brandID, "error", err)
	}
}

func badRequest(msg string) error { return apis.NewBadRequestError(msg, nil) }
