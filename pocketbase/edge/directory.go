package edge

import (
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/authdns"
	"cro/pocketbase/whitelabel"
)

// Site is what the edge needs to serve one host.
type Site struct {
	ID     string
	Key    string   // the site's public key: its tracker is /t/<key>.js
	Origin *url.URL // where its pages come from; nil: none known yet
	// Prefetch: the host is the apex or www of an Active site, whose certificate the edge asks
	// for ahead of the first visit.
	Prefetch bool
	// App: the host is a brand's own dashboard domain (pocketbase/whitelabel), where the edge
	// serves the install's own app instead of proxying an origin.
	App bool
}

// Directory maps each served host name to its site, swapped whole on reload.
type Directory struct {
	hosts atomic.Pointer[map[string]*Site]
}

// Set replaces every entry.
func (d *Directory) Set(hosts map[string]*Site) { d.hosts.Store(&hosts) }

// Lookup is the site serving host ("Shop.com:443" and "shop.com." are shop.com), or nil.
func (d *Directory) Lookup(host string) *Site {
	m := d.hosts.Load()
	if m == nil {
		return nil
	}
	if h, _, found := strings.Cut(host, ":"); found && !strings.Contains(h, "]") {
		host = h
	}
	return (*m)[strings.TrimSuffix(strings.ToLower(host), ".")]
}

// All is every host with its site (the map is not to be changed).
func (d *Directory) All() map[string]*Site {
	if m := d.hosts.Load(); m != nil {
		return *m
	}
	return nil
}

// LoadDirectory lists the hosts of every zone the install's DNS serves, each with its site and
// origin: the owner's edge_origin when set, else the host's own A/AAAA record (or the domain's,
// for a www that is a CNAME to it), over plain HTTP.
func LoadDirectory(app core.App) (map[string]*Site, error) {
	served, err := authdns.ServedSites(app)
	if err != nil {
		return nil, err
	}
	hosts := map[string]*Site{}
	for zone, rec := range served {
		records, err := app.FindAllRecords("dns_records", dbx.HashExp{"site_id": rec.Id})
		if err != nil {
			return nil, err
		}
		owned, _ := url.Parse(strings.TrimSpace(rec.GetString("edge_origin")))
		active := rec.GetBool("dns_verified") && rec.GetString("status") == "active"
		for _, name := range authdns.EdgeHosts(zone, rec.GetString("domain")) {
			site := &Site{ID: rec.Id, Key: rec.GetString("public_key"), Prefetch: active && (name == "@" || name == "www")}
			if owned != nil && owned.Host != "" {
				site.Origin = owned
			} else {
				site.Origin = originFromRecords(records, name)
			}
			hosts[strings.TrimSuffix(authdns.Owner(zone, name), ".")] = site
		}
	}
	for _, domain := range whitelabel.Domains(app) {
		if _, taken := hosts[domain]; !taken { // a site's own host keeps being the site's
			hosts[domain] = &Site{App: true, Prefetch: true}
		}
	}
	return hosts, nil
}

func originFromRecords(records []*core.Record, name string) *url.URL {
	for _, candidate := range []string{name, "@"} {
		for _, r := range records {
			if r.GetString("name") != candidate || (r.GetString("type") != "A" && r.GetString("type") != "AAAA") {
				continue
			}
			if ip, err := netip.ParseAddr(r.GetString("value")); err == nil {
				return &url.URL{Scheme: "http", Host: netip.AddrPortFrom(ip, 80).String()}
			}
		}
	}
	return nil
}
