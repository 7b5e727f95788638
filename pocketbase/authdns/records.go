// Package authdns is the install's authoritative DNS server: one zone per connected domain, whose
// apex and www answer the edge's addresses and whose other records (MX, TXT, CNAME, CAA,
// subdomains) are the site's dns_records, imported from the domain's previous nameservers when the
// site is added and edited by the owner. DNSSEC is not signed yet.
package authdns

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/miekg/dns"
)

// Types are the record types an owner may keep in a zone. NS and SOA belong to the install.
var Types = []string{"A", "AAAA", "CNAME", "MX", "TXT", "CAA"}

const (
	MinTTL     = 60
	MaxTTL     = 86400
	DefaultTTL = 3600
	maxTXT     = 4000
)

// Record is one stored record: Name is relative to the zone ("@" for the domain itself, "www",
// "*.dev"), Value its data in the owner's words (an address, a host name, text, or a CAA line).
type Record struct {
	Name     string
	Type     string
	Value    string
	TTL      uint32
	Priority uint16
}

// InvalidError is a record an owner must correct; its message says how.
type InvalidError struct{ Message string }

func (e *InvalidError) Error() string { return e.Message }

func invalid(format string, args ...any) error {
	return &InvalidError{Message: fmt.Sprintf(format, args...)}
}

// NormalizeName turns what an owner typed ("Mail", "mail.shop.com.", "@", "shop.com") into the
// name relative to the zone origin, or explains why it is not a name in the zone.
func NormalizeName(origin, name string) (string, error) {
	origin = strings.TrimSuffix(strings.ToLower(origin), ".")
	n := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(name)), ".")
	switch {
	case n == "" || n == "@" || n == origin:
		return "@", nil
	case strings.HasSuffix(n, "."+origin):
		n = strings.TrimSuffix(n, "."+origin)
	}
	labels := strings.Split(n, ".")
	for i, l := range labels {
		if l == "*" && i == 0 {
			continue
		}
		if !validLabel(l) {
			return "", invalid(`Name must be "@" or a name under %s, such as "www", "mail" or "*.dev" (letters, digits, hyphens and underscores).`, origin)
		}
	}
	if len(n)+len(origin)+2 > 253 {
		return "", invalid("Name is too long: a full name has at most 253 characters.")
	}
	return n, nil
}

func validLabel(l string) bool {
	if l == "" || len(l) > 63 || strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") {
		return false
	}
	for _, c := range l {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// hostName checks a record's target host and returns it fully qualified.
func hostName(value, what string) (string, error) {
	v := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(value)), ".")
	labels := strings.Split(v, ".")
	ok := len(labels) >= 2 && len(v) <= 253
	for _, l := range labels {
		ok = ok && validLabel(l)
	}
	if !ok {
		return "", invalid("%s value must be a host name, such as shops.example.net.", what)
	}
	return dns.Fqdn(v), nil
}

// Owner is the record's fully qualified name in the zone.
func Owner(origin, name string) string {
	origin = dns.Fqdn(strings.ToLower(origin))
	if name == "@" || name == "" {
		return origin
	}
	return name + "." + origin
}

// RR checks the record and builds its resource record in the zone origin.
func (r Record) RR(origin string) (dns.RR, error) {
	name, err := NormalizeName(origin, r.Name)
	if err != nil {
		return nil, err
	}
	if r.TTL < MinTTL || r.TTL > MaxTTL {
		return nil, invalid("TTL must be a whole number of seconds from %d to %d.", MinTTL, MaxTTL)
	}
	typ := strings.ToUpper(strings.TrimSpace(r.Type))
	rrtype, known := dns.StringToType[typ]
	if !known || !allowed(typ) {
		return nil, invalid("Type must be one of %s.", strings.Join(Types, ", "))
	}
	hdr := dns.RR_Header{Name: Owner(origin, name), Rrtype: rrtype, Class: dns.ClassINET, Ttl: r.TTL}
	value := strings.TrimSpace(r.Value)
	switch typ {
	case "A":
		ip, err := netip.ParseAddr(value)
		if err != nil || !ip.Is4() {
			return nil, invalid("An A record's value must be an IPv4 address, such as 203.0.113.10.")
		}
		return &dns.A{Hdr: hdr, A: ip.AsSlice()}, nil
	case "AAAA":
		ip, err := netip.ParseAddr(value)
		if err != nil || !ip.Is6() || ip.Is4In6() {
			return nil, invalid("An AAAA record's value must be an IPv6 address, such as 2001:db8::10.")
		}
		return &dns.AAAA{Hdr: hdr, AAAA: ip.AsSlice()}, nil
	case "CNAME":
		if name == "@" {
			return nil, invalid("The domain itself (@) cannot have a CNAME record: use A or AAAA records.")
		}
		target, err := hostName(value, "A CNAME record's")
		if err != nil {
			return nil, err
		}
		return &dns.CNAME{Hdr: hdr, Target: target}, nil
	case "MX":
		target, err := hostName(value, "An MX record's")
		if err != nil {
			return nil, err
		}
		return &dns.MX{Hdr: hdr, Preference: r.Priority, Mx: target}, nil
	case "TXT":
		if value == "" || len(value) > maxTXT {
			return nil, invalid("A TXT record's value must be 1 to %d characters.", maxTXT)
		}
		return &dns.TXT{Hdr: hdr, Txt: splitTXT(value)}, nil
	default: // CAA
		rr, err := dns.NewRR(hdr.Name + " " + fmt.Sprint(r.TTL) + " IN CAA " + value)
		caa, ok := rr.(*dns.CAA)
		if err != nil || !ok || (caa.Tag != "issue" && caa.Tag != "issuewild" && caa.Tag != "iodef") {
			return nil, invalid(`A CAA record's value must look like: 0 issue "letsencrypt.org" (tag issue, issuewild or iodef).`)
		}
		return caa, nil
	}
}

func allowed(typ string) bool {
	for _, t := range Types {
		if t == typ {
			return true
		}
	}
	return false
}

// splitTXT cuts long text into DNS character-strings of at most 255 bytes.
func splitTXT(s string) []string {
	var out []string
	for len(s) > 255 {
		out = append(out, s[:255])
		s = s[255:]
	}
	return append(out, s)
}

// CheckSet refuses a set of a zone's records that DNS cannot hold together: a name with a CNAME has
// no other record, and no record appears twice.
func CheckSet(origin string, records []Record) error {
	type key struct{ name, typ, value string }
	seen := map[key]bool{}
	types := map[string]map[string]int{}
	for _, r := range records {
		name, err := NormalizeName(origin, r.Name)
		if err != nil {
			return err
		}
		typ := strings.ToUpper(r.Type)
		k := key{name, typ, strings.ToLower(strings.TrimSpace(r.Value))}
		if seen[k] {
			return invalid("This %s record of %s already exists.", typ, name)
		}
		seen[k] = true
		if types[name] == nil {
			types[name] = map[string]int{}
		}
		types[name][typ]++
	}
	for name, byType := range types {
		total := 0
		for _, n := range byType {
			total += n
		}
		if byType["CNAME"] > 0 && total > 1 {
			return invalid("A name with a CNAME record can have no other record, and %s has one.", name)
		}
	}
	return nil
}
