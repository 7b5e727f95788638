package dnsverify

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	_ "github.com/pocketbase/pocketbase/migrations" // the system tables the schema builds on

	"cro/pocketbase/schematest"
)

// Sites verified before the proof of control existed keep serving: per zone the one the DNS served
// (the oldest verified) holds the proof, any other verified site of that zone must prove control.
func TestOwnershipMigrationKeepsOneProofPerZone(t *testing.T) {
	app, migrate := schematest.NewAppBefore(t, "1763902510_domain_ownership.js")
	users, _ := app.FindCollectionByNameOrId("users")
	owner := core.NewRecord(users)
	owner.SetEmail("legacy-owner@example.com")
	owner.SetPassword("kettle-Quartz-81")
	if err := app.SaveNoValidate(owner); err != nil {
		t.Fatal(err)
	}
	sites, _ := app.FindCollectionByNameOrId("sites")
	add := func(domain string, verified bool) string {
		time.Sleep(5 * time.Millisecond) // created_at orders them
		s := core.NewRecord(sites)
		s.Set("user_id", owner.Id)
		s.Set("domain", domain)
		s.Set("public_key", domain)
		s.Set("dns_verified", verified)
		s.Set("status", map[bool]string{true: "active", false: "pending"}[verified])
		if err := app.SaveNoValidate(s); err != nil {
			t.Fatal(err)
		}
		return s.Id
	}
	first := add("legacy-shop.test", true)
	later := add("www.legacy-shop.test", true)
	pending := add("blog.legacy-shop.test", false)
	other := add("www.other-legacy.co.uk", true)

	migrate()

	want := map[string]struct {
		zone        string
		proved, dns bool
		status      string
	}{
		first:   {"legacy-shop.test", true, true, "active"},
		later:   {"legacy-shop.test", false, false, "pending"},
		pending: {"legacy-shop.test", false, false, "pending"},
		other:   {"other-legacy.co.uk", true, true, "active"},
	}
	tokens := map[string]bool{}
	for id, w := range want {
		s, err := app.FindRecordById("sites", id)
		if err != nil {
			t.Fatal(err)
		}
		if s.GetString("verification_zone") != w.zone || s.GetBool("ownership_verified") != w.proved ||
			s.GetBool("dns_verified") != w.dns || s.GetString("status") != w.status {
			t.Errorf("%s: zone %q proved %v dns_verified %v status %q, want %+v", s.GetString("domain"),
				s.GetString("verification_zone"), s.GetBool("ownership_verified"), s.GetBool("dns_verified"), s.GetString("status"), w)
		}
		if token := s.GetString("verification_token"); len(token) != 32 || tokens[token] {
			t.Errorf("%s: token %q, want 32 characters of its own", s.GetString("domain"), token)
		}
		tokens[s.GetString("verification_token")] = true
	}

	// The index refuses a second proof of a zone.
	s, _ := app.FindRecordById("sites", later)
	s.Set("ownership_verified", true)
	if err := app.SaveNoValidate(s); err == nil {
		t.Error("a second site proved control of legacy-shop.test")
	}
}
