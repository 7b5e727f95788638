package authdns

import (
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"
	"github.com/pocketbase/pocketbase/core"
	_ "github.com/pocketbase/pocketbase/migrations" // the system tables the schema builds on

	"cro/pocketbase/schematest"
)

// newSite adds a site; proved: it proved control of its domain's zone (what serving it needs).
func newSite(t *testing.T, app core.App, domain string, proved bool, ns ...string) *core.Record {
	t.Helper()
	users, _ := app.FindCollectionByNameOrId("users")
	owner := core.NewRecord(users)
	owner.SetEmail(strings.ReplaceAll(domain, ".", "-") + time.Now().Format("150405.000000") + "@example.com")
	owner.SetPassword("kettle-Quartz-81")
	if err := app.SaveNoValidate(owner); err != nil {
		t.Fatal(err)
	}
	sites, _ := app.FindCollectionByNameOrId("sites")
	site := core.NewRecord(sites)
	site.Set("user_id", owner.Id)
	site.Set("domain", domain)
	site.Set("verification_zone", ZoneOf(domain))
	site.Set("ownership_verified", proved)
	site.Set("public_key", owner.Id) // unique per site
	if len(ns) == 2 {
		site.Set("nameserver_1", ns[0])
		site.Set("nameserver_2", ns[1])
	}
	if err := app.SaveNoValidate(site); err != nil {
		t.Fatal(err)
	}
	return site
}

func saveRecord(app core.App, siteID, name, typ, value string, priority int) (*core.Record, error) {
	col, _ := app.FindCollectionByNameOrId("dns_records")
	rec := core.NewRecord(col)
	rec.Set("site_id", siteID)
	rec.Set("name", name)
	rec.Set("type", typ)
	rec.Set("value", value)
	rec.Set("priority", priority)
	return rec, app.Save(rec)
}

func TestRecordWritesAreCheckedAndNormalized(t *testing.T) {
	app := schematest.NewApp(t)
	bindValidation(app)
	site := newSite(t, app, "www.shop.test", false)

	rec, err := saveRecord(app, site.Id, "Mail.Shop.Test.", "mx", "MX1.Mail.Test.", 10)
	if err != nil {
		t.Fatal(err)
	}
	if rec.GetString("name") != "mail" || rec.GetString("type") != "MX" || rec.GetString("value") != "mx1.mail.test" || rec.GetInt("ttl") != DefaultTTL || rec.GetString("source") != "owner" {
		t.Fatalf("stored as %v", rec.PublicExport())
	}
	if _, err := saveRecord(app, site.Id, "shop", "CNAME", "shops.provider.test", 0); err != nil {
		t.Fatal(err)
	}
	refused := []struct{ name, typ, value, want string }{
		{"bad name!", "A", "192.0.2.1", `Name must be "@" or a name under shop.test`},
		{"www", "A", "192.0.2.300", "must be an IPv4 address"},
		{"www", "AAAA", "192.0.2.1", "must be an IPv6 address"},
		{"@", "CNAME", "elsewhere.test", "cannot have a CNAME"},
		{"x", "CNAME", "not a host", "must be a host name"},
		{"@", "TXT", strings.Repeat("a", 4001), "1 to 4000 characters"},
		{"@", "CAA", "issue letsencrypt.org", `must look like: 0 issue "letsencrypt.org"`},
		{"@", "NS", "ns.elsewhere.test", "Type must be one of A, AAAA, CNAME, MX, TXT, CAA"},
		{"mail", "MX", "mx1.mail.test", "already exists"},
		{"shop", "TXT", "hello", "and shop has one"},
	}
	for _, c := range refused {
		_, err := saveRecord(app, site.Id, c.name, c.typ, c.value, 10)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s %q: %v, want %q", c.name, c.typ, c.value, err, c.want)
		}
	}
	if n, _ := app.CountRecords("dns_records"); n != 2 {
		t.Fatalf("%d records stored, want the 2 valid ones", n)
	}
}

func TestLoadZonesServesOnlyTheSiteThatProvedControl(t *testing.T) {
	app := schematest.NewApp(t)
	bindValidation(app)
	first := newSite(t, app, "shop.test", false, "ns1.cro-dns.test", "ns2.cro-dns.test")
	if _, err := saveRecord(app, first.Id, "@", "TXT", "first", 0); err != nil {
		t.Fatal(err)
	}
	first.Set("dns_verified", true) // a delegation seen is no proof of control
	if err := app.SaveNoValidate(first); err != nil {
		t.Fatal(err)
	}
	verified := newSite(t, app, "www.shop.test", true, "ns3.cro-dns.test", "ns4.cro-dns.test")
	if _, err := saveRecord(app, verified.Id, "@", "TXT", "verified owner", 0); err != nil {
		t.Fatal(err)
	}
	newSite(t, app, "other.test", false)

	cfg := Config{Edge: []netip.Addr{netip.MustParseAddr("192.0.2.80")}, Nameservers: []string{"ns1.cro-dns.test", "ns2.cro-dns.test"}}
	loaded, err := LoadZones(app, cfg)
	if err != nil {
		t.Fatal(err)
	}
	zones := &Zones{}
	zones.Set(loaded)
	ask := func(name string, qtype uint16) *dns.Msg {
		m := new(dns.Msg)
		z := zones.Find(name)
		if z == nil {
			t.Fatalf("no zone for %s", name)
		}
		z.Answer(dns.Question{Name: dns.Fqdn(name), Qtype: qtype, Qclass: dns.ClassINET}, m)
		return m
	}
	if got := values(ask("shop.test", dns.TypeTXT).Answer); len(got) != 1 || got[0] != `shop.test. TXT "verified owner"` {
		t.Errorf("shop.test TXT: %q, want the proved site's record", got)
	}
	if got := values(ask("shop.test", dns.TypeNS).Answer); len(got) != 2 || got[0] != "shop.test. NS ns3.cro-dns.test." {
		t.Errorf("shop.test NS: %q, want the proved site's assigned pair", got)
	}
	if got := values(ask("www.shop.test", dns.TypeA).Answer); len(got) != 1 || got[0] != "www.shop.test. A 192.0.2.80" {
		t.Errorf("www A: %q, want the edge", got)
	}
	if zones.Find("other.test") != nil {
		t.Error("a zone served for a site that did not prove control of it")
	}
	if got := values(ask("cro-dns.test", dns.TypeNS).Answer); len(got) != 2 {
		t.Errorf("the install's zone NS: %q", got)
	}
	if zones.Find("unknown.test") != nil {
		t.Error("a zone for a domain no site has")
	}
}
