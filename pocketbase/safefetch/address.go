package safefetch

import "net/netip"

// refusedPrefixes are the networks a scan must never reach besides those the netip predicates
// already name (loopback, private, link-local, multicast, unspecified): carrier-grade NAT,
// "this network", benchmarking and documentation ranges, reserved space, and the IPv6 forms that
// embed or translate an IPv4 address (IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) so that a private
// IPv4 address cannot be smuggled inside them. Cloud metadata addresses (169.254.169.254,
// fd00:ec2::254, 100.100.100.200) fall inside link-local, unique-local and CGNAT.
var refusedPrefixes = mustPrefixes(
	"0.0.0.0/8",
	"100.64.0.0/10",
	"169.254.0.0/16",
	"192.0.0.0/24",
	"192.0.2.0/24",
	"198.18.0.0/15",
	"198.51.100.0/24",
	"203.0.113.0/24",
	"240.0.0.0/4",
	"::/96",
	"::ffff:0:0:0/96", // IPv4-translated (::ffff:0:a.b.c.d), which Unmap does not turn into IPv4
	"64:ff9b::/96",
	"64:ff9b:1::/48",
	"100::/64",
	"2001::/32",
	"2001:db8::/32",
	"2002::/16",
	"fc00::/7",
	"fe80::/10",
	"fec0::/10",
	"ff00::/8",
)

func mustPrefixes(list ...string) []netip.Prefix {
	out := make([]netip.Prefix, 0, len(list))
	for _, s := range list {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}

// IsRefusedIP reports whether a scan may not connect to ip. IPv4-mapped IPv6 addresses
// (::ffff:a.b.c.d) are judged as the IPv4 address they carry.
func IsRefusedIP(ip netip.Addr) bool {
	if !ip.IsValid() {
		return true
	}
	ip = ip.Unmap()
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return true
	}
	if ip.Is4() && ip == netip.AddrFrom4([4]byte{255, 255, 255, 255}) {
		return true
	}
	for _, p := range refusedPrefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
