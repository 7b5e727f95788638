package authdns

import (
	"net/netip"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/domainzone"
)

// Config is the server's setting: where it listens, the edge's addresses and the install's
// nameserver names.
type Config struct {
	Listen      []string     // CRO_DNS_LISTEN: "host:port" list; empty: no DNS server
	Edge        []netip.Addr // CRO_EDGE_ADDRESSES: what the apex and www of every zone answer
	Nameservers []string     // CRO_NAMESERVERS: the install's names, assigned to sites in pairs
}

// ConfigFromEnv reads the server's environment.
func ConfigFromEnv(nameservers []string) Config {
	c := Config{Listen: splitList(os.Getenv("CRO_DNS_LISTEN")), Nameservers: nameservers}
	for _, a := range splitList(os.Getenv("CRO_EDGE_ADDRESSES")) {
		if ip, err := netip.ParseAddr(a); err == nil {
			c.Edge = append(c.Edge, ip.Unmap())
		}
	}
	return c
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ZoneOf is the zone a site's domain lives in: its registrable domain (www.shop.com and
// blog.shop.com are served in shop.com, where the delegation happens).
func ZoneOf(domain string) string { return domainzone.Of(domain) }

// siteZone is one site's claim on a zone.
type siteZone struct {
	site     *core.Record
	verified bool
	created  time.Time
}

func (c siteZone) outranks(other siteZone) bool {
	if c.verified != other.verified {
		return c.verified
	}
	return c.created.Before(other.created)
}

// LoadZones builds the zone of every site that proved control of its domain (ownership_verified,
// dnsverify/ownership.go) from its dns_records. A site that only named a domain gets nothing
// served: adding someone else's domain first never puts its records in their zone.
func LoadZones(app core.App, cfg Config) ([]*Zone, error) {
	claims, err := claimsOf(app)
	if err != nil {
		return nil, err
	}
	stored, err := app.FindAllRecords("dns_records")
	if err != nil {
		return nil, err
	}
	bySite := map[string][]Record{}
	for _, r := range stored {
		bySite[r.GetString("site_id")] = append(bySite[r.GetString("site_id")], FromRecord(r))
	}
	serial := uint32(time.Now().Unix())
	var zones []*Zone
	for origin, c := range claims {
		ns := siteNameservers(c.site, cfg.Nameservers)
		hosts := EdgeHosts(origin, c.site.GetString("domain"))
		zones = append(zones, BuildZone(ZoneSpec{
			Origin: origin, Nameservers: ns, Serial: serial, Records: bySite[c.site.Id], Edge: cfg.Edge, EdgeHosts: hosts,
		}))
	}
	zones = append(zones, installZones(cfg.Nameservers, serial, claims)...)
	return zones, nil
}

// ServedSites is the site each served zone belongs to, by zone origin (the edge serves the same).
func ServedSites(app core.App) (map[string]*core.Record, error) {
	claims, err := claimsOf(app)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*core.Record, len(claims))
	for origin, c := range claims {
		out[origin] = c.site
	}
	return out, nil
}

func claimsOf(app core.App) (map[string]siteZone, error) {
	sites, err := app.FindAllRecords("sites", dbx.HashExp{"ownership_verified": true})
	if err != nil {
		return nil, err
	}
	// A unique index allows one proved site per zone; the ranking only breaks a tie it prevents.
	claims := map[string]siteZone{}
	for _, s := range sites {
		if strings.TrimSpace(s.GetString("domain")) == "" {
			continue
		}
		origin := ZoneOf(s.GetString("domain"))
		c := siteZone{site: s, verified: s.GetBool("dns_verified"), created: s.GetDateTime("created_at").Time()}
		if prev, ok := claims[origin]; !ok || c.outranks(prev) {
			claims[origin] = c
		}
	}
	return claims, nil
}

// EdgeHosts are the names of a zone the edge serves for its site: the domain itself, www, and the
// site's own domain when it is another subdomain.
func EdgeHosts(origin, siteDomain string) []string {
	hosts := []string{"@", "www"}
	if rel, err := NormalizeName(origin, siteDomain); err == nil && rel != "@" && rel != "www" {
		hosts = append(hosts, rel)
	}
	return hosts
}

// FromRecord reads a dns_records row.
func FromRecord(r *core.Record) Record {
	return Record{
		Name: r.GetString("name"), Type: r.GetString("type"), Value: r.GetString("value"),
		TTL: uint32(r.GetInt("ttl")), Priority: uint16(r.GetInt("priority")),
	}
}

func siteNameservers(site *core.Record, install []string) []string {
	var ns []string
	for _, f := range []string{"nameserver_1", "nameserver_2"} {
		if n := strings.TrimSpace(site.GetString(f)); n != "" {
			ns = append(ns, n)
		}
	}
	if len(ns) == 0 && len(install) > 0 {
		ns = install[:min(2, len(install))]
	}
	return ns
}

// installZones are the zones of the install's own nameserver names, listing them as NS (what a
// health check and a delegation's parent ask), unless a site already claims that domain.
func installZones(nameservers []string, serial uint32, claims map[string]siteZone) []*Zone {
	byZone := map[string][]string{}
	for _, n := range nameservers {
		if i := strings.Index(n, "."); i > 0 {
			byZone[n[i+1:]] = append(byZone[n[i+1:]], n)
		}
	}
	var zones []*Zone
	for origin, names := range byZone {
		if _, taken := claims[origin]; taken {
			continue
		}
		sort.Strings(names)
		zones = append(zones, BuildZone(ZoneSpec{Origin: origin, Nameservers: names, Serial: serial}))
	}
	return zones
}
