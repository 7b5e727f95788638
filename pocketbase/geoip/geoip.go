// Package geoip resolves a visitor's country from the client address with a bundled database:
// IP2Location LITE DB1 (CC BY-SA 4.0, "This site or product includes IP2Location LITE data
// available from https://lite.ip2location.com"), embedded by the github.com/phuslu/iploc module.
// Bumping that module updates the data. The address is only looked up, never kept.
package geoip

import (
	"net/netip"
	"strings"

	"github.com/phuslu/iploc"
)

// Attribution is the notice the data's licence asks for (shown in the README and on /legal/credits).
const Attribution = "This site or product includes IP2Location LITE data available from https://lite.ip2location.com."

// Country gives the ISO 3166-1 alpha-2 code of an address, "" when the address is not public
// (loopback, private, link-local) or the database does not place it.
func Country(ip string) string {
	addr, err := netip.ParseAddr(strings.TrimSpace(ip))
	if err != nil {
		return ""
	}
	addr = addr.Unmap()
	if !addr.IsGlobalUnicast() || addr.IsPrivate() {
		return ""
	}
	c := iploc.IPCountry(addr)
	if len(c) != 2 || c == "ZZ" {
		return ""
	}
	return c
}
