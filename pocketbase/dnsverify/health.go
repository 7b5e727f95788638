package dnsverify

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// defaultNameservers are the names sites are assigned when CRO_NAMESERVERS is unset (the same
// default as pb_hooks/lib/config.js, which assigns them).
const defaultNameservers = "ns1.cro-dns.net,ns2.cro-dns.net"

// healthTTL keeps a check's answer briefly: every dashboard visit asks, nameservers rarely change.
const healthTTL = 15 * time.Second

// NameserverHealth says whether this install's own nameservers answer for their zone, the
// condition for ever telling an owner to delegate a domain to them: a delegation to nameservers
// that do not answer takes the whole domain offline, mail included.
type NameserverHealth struct {
	Working     bool     `json:"working"`
	Detail      string   `json:"detail"`
	Nameservers []string `json:"nameservers"`
}

// AssignedNameservers is CRO_NAMESERVERS (comma-separated, in pairs) or the default.
func AssignedNameservers() []string {
	raw := os.Getenv("CRO_NAMESERVERS")
	if strings.TrimSpace(raw) == "" {
		raw = defaultNameservers
	}
	var out []string
	for _, n := range strings.Split(raw, ",") {
		if n = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(n)), "."); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// NameserverAddresses is CRO_NAMESERVER_ADDRESSES: where the install's nameservers listen
// ("host:port" each). Unset: this install runs none.
func NameserverAddresses() []string {
	var out []string
	for _, a := range strings.Split(os.Getenv("CRO_NAMESERVER_ADDRESSES"), ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}

// CheckNameservers asks each of the install's nameserver addresses for the NS records of the
// nameservers' own zones; the install's nameservers work when every address lists the names.
func CheckNameservers(ctx context.Context, names, addresses []string) NameserverHealth {
	h := NameserverHealth{Nameservers: names}
	if len(addresses) == 0 {
		h.Detail = "This install runs no nameservers (CRO_NAMESERVER_ADDRESSES is not set)."
		return h
	}
	zones := map[string][]string{}
	for _, n := range names {
		if i := strings.Index(n, "."); i > 0 {
			zones[n[i+1:]] = append(zones[n[i+1:]], n)
		}
	}
	for _, addr := range addresses {
		for zone, want := range zones {
			got, err := queryNS(ctx, addr, zone)
			if err != nil {
				h.Detail = fmt.Sprintf("The nameserver at %s did not answer for %s: %v.", addr, zone, err)
				return h
			}
			for _, n := range want {
				if !slices.Contains(got, n) {
					h.Detail = fmt.Sprintf("The nameserver at %s does not list %s for %s.", addr, n, zone)
					return h
				}
			}
		}
	}
	h.Working = true
	h.Detail = "The install's nameservers answer."
	return h
}

type healthCache struct {
	mu  sync.Mutex
	at  time.Time
	val NameserverHealth
}

func (c *healthCache) get(ctx context.Context) NameserverHealth {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.at.IsZero() && time.Since(c.at) < healthTTL {
		return c.val
	}
	ctx, cancel := context.WithTimeout(ctx, 4*time.Second)
	defer cancel()
	c.val, c.at = CheckNameservers(ctx, AssignedNameservers(), NameserverAddresses()), time.Now()
	return c.val
}

// registerHealth adds GET /api/cro/nameservers: whether the dashboard may offer connecting by DNS.
func registerHealth(app core.App) {
	cache := &healthCache{}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET("/api/cro/nameservers", func(e *core.RequestEvent) error {
			return e.JSON(200, cache.get(e.Request.Context()))
		}).Bind(apis.RequireAuth("users", core.CollectionNameSuperusers))
		return se.Next()
	})
}
