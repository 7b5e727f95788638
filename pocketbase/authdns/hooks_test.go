package authdns

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"
	"github.com/pocketbase/dbx"
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

// Found by the security review (issue 30, finding 5): a tenant could add records without bound
// (40 long TXT records made an 11.6 KB answer). A write past a cap is a clear 400, nothing stored.
func TestZoneSizeIsCapped(t *testing.T) {
	app := schematest.NewApp(t)
	bindValidation(app)
	col, _ := app.FindCollectionByNameOrId("dns_records")
	bulk := func(siteID string, n int, value func(i int) string) {
		for i := 0; i < n; i++ {
			rec := core.NewRecord(col)
			rec.Load(map[string]any{"site_id": siteID, "name": fmt.Sprintf("h%d", i), "type": "TXT", "value": value(i), "ttl": 300, "source": "owner"})
			if err := app.SaveNoValidate(rec); err != nil {
				t.Fatal(err)
			}
		}
	}
	many := newSite(t, app, "many.test", false)
	bulk(many.Id, MaxZoneRecords, func(int) string { return "v" })
	if _, err := saveRecord(app, many.Id, "one-more", "A", "192.0.2.1", 0); err == nil || !strings.Contains(err.Error(), "A zone holds at most 500 DNS records, and this one has 500: delete some before adding more.") {
		t.Errorf("record 501: %v", err)
	}

	long := newSite(t, app, "long.test", false)
	bulk(long.Id, 16, func(int) string { return strings.Repeat("k", 4000) })
	_, err := saveRecord(app, long.Id, "@", "TXT", strings.Repeat("k", 4000), 0)
	if err == nil || !strings.Contains(err.Error(), "hold at most 64 KB of names and values, and this record would bring it to 67 KB") {
		t.Errorf("a 17th 4,000-character TXT: %v", err)
	}
	if n, _ := app.CountRecords("dns_records", dbx.HashExp{"site_id": long.Id}); n != 16 {
		t.Errorf("%d records stored, want 16", n)
	}
	// A write that does not grow the zone still passes (a TTL change).
	existing, _ := app.FindFirstRecordByFilter("dns_records", "site_id = {:s}", dbx.Params{"s": long.Id})
	existing.Set("ttl", 600)
	if err := app.Save(existing); err != nil {
		t.Errorf("a TTL change in a full zone: %v", err)
	}
}
