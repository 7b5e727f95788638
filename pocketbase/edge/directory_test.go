package edge

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	_ "github.com/pocketbase/pocketbase/migrations" // the system tables the schema builds on

	"cro/pocketbase/authdns"
	"cro/pocketbase/schematest"
)

func TestLoadDirectoryFindsEachHostsOrigin(t *testing.T) {
	app := schematest.NewApp(t)
	users, _ := app.FindCollectionByNameOrId("users")
	owner := core.NewRecord(users)
	owner.SetEmail("edge-owner@example.com")
	owner.SetPassword("kettle-Quartz-81")
	if err := app.SaveNoValidate(owner); err != nil {
		t.Fatal(err)
	}
	sites, _ := app.FindCollectionByNameOrId("sites")
	addSite := func(domain, origin, key string, proved bool) *core.Record {
		s := core.NewRecord(sites)
		s.Set("user_id", owner.Id)
		s.Set("domain", domain)
		s.Set("public_key", key)
		s.Set("edge_origin", origin)
		s.Set("verification_zone", authdns.ZoneOf(domain))
		s.Set("ownership_verified", proved)
		if err := app.SaveNoValidate(s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	byRecords := addSite("www.shop.test", "", "keyshop", true)
	owned := addSite("blog.owned.test", "https://origin.owned.test", "keyowned", true)
	// Named but never proved: the edge must not route it, whatever its origin.
	addSite("claimed.test", "https://origin.claimed.test", "keyclaimed", false)
	records, _ := app.FindCollectionByNameOrId("dns_records")
	for _, r := range [][3]string{{"@", "A", "198.51.100.7"}, {"www", "CNAME", "shop.test"}, {"mail", "A", "198.51.100.25"}} {
		rec := core.NewRecord(records)
		rec.Set("site_id", byRecords.Id)
		rec.Set("name", r[0])
		rec.Set("type", r[1])
		rec.Set("value", r[2])
		if err := app.SaveNoValidate(rec); err != nil {
			t.Fatal(err)
		}
	}

	hosts, err := LoadDirectory(app)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"shop.test":       "http://198.51.100.7:80",
		"www.shop.test":   "http://198.51.100.7:80", // a CNAME to the domain: the domain's address
		"owned.test":      "https://origin.owned.test",
		"www.owned.test":  "https://origin.owned.test",
		"blog.owned.test": "https://origin.owned.test",
	}
	if len(hosts) != len(want) {
		t.Fatalf("hosts %v, want %v", hosts, want)
	}
	for host, origin := range want {
		s := hosts[host]
		if s == nil || s.Origin == nil || s.Origin.String() != origin {
			t.Errorf("%s: %+v, want origin %s", host, s, origin)
		}
	}
	if hosts["owned.test"].ID != owned.Id || hosts["shop.test"].Key != "keyshop" {
		t.Errorf("wrong site for a host: %+v %+v", hosts["owned.test"], hosts["shop.test"])
	}
	dir := &Directory{}
	dir.Set(hosts)
	if dir.Lookup("WWW.Shop.Test.:8080") == nil || dir.Lookup("mail.shop.test") != nil {
		t.Error("Lookup must match host names case-insensitively, without port, and only served hosts")
	}
}

func TestCheckOrigin(t *testing.T) {
	for _, ok := range []string{"", "http://203.0.113.5", "https://origin.example.com/", "http://origin.example.com:8080"} {
		if err := CheckOrigin(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"origin.example.com", "ftp://x.test", "https://u:p@x.test", "https://x.test/path", "https://x.test/?q=1", "javascript:alert(1)"} {
		if err := CheckOrigin(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
