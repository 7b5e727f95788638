package safefetch

import (
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config holds the fetch limits and the test-only escape hatches. Production leaves AllowHosts
// and Resolve empty: then every private or reserved destination is refused.
type Config struct {
	// AllowHosts are exact "ip:port" destinations allowed although their address is refused
	// (CRO_SCAN_ALLOW_HOSTS, for fixture servers in tests).
	AllowHosts map[netip.AddrPort]bool
	// Resolve pins a host name to an "ip:port" destination, like curl --resolve
	// (CRO_SCAN_RESOLVE="shop.test=127.0.0.1:8123", tests only). The destination must also be
	// allowed by AllowHosts or be a public address.
	Resolve map[string]netip.AddrPort
	// LocalPins pin reserved .localhost names to a loopback destination that only they may reach:
	// the demo shop the install serves itself (CRO_DEMO_SHOP_ADDRESS, DemoShopHost).
	LocalPins map[string]netip.AddrPort
	// AllowPorts are URL ports accepted besides 80 and 443 (CRO_SCAN_ALLOW_PORTS).
	AllowPorts map[int]bool
	Timeout    time.Duration
	MaxBytes   int64
	// MaxRedirects is the number of redirects followed; one more is an error.
	MaxRedirects int
	UserAgent    string
}

// Defaults of the product: 10 s for a whole fetch, 2 MB of body, 5 redirects.
func DefaultConfig() Config {
	return Config{
		AllowHosts:   map[netip.AddrPort]bool{},
		Resolve:      map[string]netip.AddrPort{},
		LocalPins:    map[string]netip.AddrPort{},
		AllowPorts:   map[int]bool{},
		Timeout:      10 * time.Second,
		MaxBytes:     2 << 20,
		MaxRedirects: 5,
		UserAgent:    "CROScan/1.0 (+website conversion audit)",
	}
}

// HomeConfig is c with the smaller budget of a site's home page read beside a scanned inner page
// (3 s, 1 MB): only its site-type signs are wanted, and a home that is slow or large is skipped.
func (c Config) HomeConfig() Config {
	c.Timeout = min(c.Timeout, 3*time.Second)
	c.MaxBytes = min(c.MaxBytes, 1<<20)
	return c
}

// DemoShopHost is the name of the demo shop the install serves itself (pocketbase/demoshop):
// a .localhost name (RFC 6761), so no real website can have it and browsers resolve it to loopback.
const DemoShopHost = "demo-shop.localhost"

// DemoShopAddress is the install's own loopback address for the demo shop (CRO_DEMO_SHOP_ADDRESS,
// which `npm start` sets when it serves on loopback), or false when there is no demo shop.
func DemoShopAddress() (netip.AddrPort, bool) {
	ap, err := netip.ParseAddrPort(strings.TrimSpace(os.Getenv("CRO_DEMO_SHOP_ADDRESS")))
	if err != nil || !ap.Addr().Unmap().IsLoopback() {
		return netip.AddrPort{}, false
	}
	return normalizeAddrPort(ap), true
}

// ConfigFromEnv reads CRO_SCAN_ALLOW_HOSTS, CRO_SCAN_RESOLVE, CRO_SCAN_ALLOW_PORTS and
// CRO_DEMO_SHOP_ADDRESS; malformed entries are ignored, so a typo can only make the fetcher stricter.
func ConfigFromEnv() Config {
	c := DefaultConfig()
	if ap, ok := DemoShopAddress(); ok {
		c.LocalPins[DemoShopHost] = ap
	}
	for _, item := range splitList(os.Getenv("CRO_SCAN_ALLOW_HOSTS")) {
		if ap, err := netip.ParseAddrPort(item); err == nil {
			c.AllowHosts[normalizeAddrPort(ap)] = true
		}
	}
	for _, item := range splitList(os.Getenv("CRO_SCAN_RESOLVE")) {
		name, dest, ok := strings.Cut(item, "=")
		if !ok {
			continue
		}
		if ap, err := netip.ParseAddrPort(strings.TrimSpace(dest)); err == nil {
			c.Resolve[strings.ToLower(strings.TrimSpace(name))] = normalizeAddrPort(ap)
		}
	}
	for _, item := range splitList(os.Getenv("CRO_SCAN_ALLOW_PORTS")) {
		if p, err := strconv.Atoi(item); err == nil && p > 0 && p < 65536 {
			c.AllowPorts[p] = true
		}
	}
	return c
}

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func normalizeAddrPort(ap netip.AddrPort) netip.AddrPort {
	return netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
}

// destinationAllowed is the one address test, applied after resolution and at connect time.
func (c Config) destinationAllowed(ap netip.AddrPort) bool {
	ap = normalizeAddrPort(ap)
	if c.AllowHosts[ap] {
		return true
	}
	return !IsRefusedIP(ap.Addr())
}

// portAllowed: a URL port is accepted when it is a default port, configured, or belongs to an
// allowed fixture destination.
func (c Config) portAllowed(port int) bool {
	if port == 80 || port == 443 || c.AllowPorts[port] {
		return true
	}
	for ap := range c.AllowHosts {
		if int(ap.Port()) == port {
			return true
		}
	}
	return false
}
