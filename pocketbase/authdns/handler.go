package authdns

import (
	"strings"
	"sync/atomic"

	"github.com/miekg/dns"
)

// Zones is the set of zones served, swapped whole on reload so a query never sees half of one.
type Zones struct {
	current atomic.Pointer[map[string]*Zone]
}

// Set replaces every zone.
func (zs *Zones) Set(zones []*Zone) {
	m := make(map[string]*Zone, len(zones))
	for _, z := range zones {
		m[z.origin] = z
	}
	zs.current.Store(&m)
}

// Find is the zone holding name (the longest origin it ends with), or nil.
func (zs *Zones) Find(name string) *Zone {
	m := zs.current.Load()
	if m == nil {
		return nil
	}
	for n := dns.Fqdn(strings.ToLower(name)); n != "."; n = parentOf(n) {
		if z, ok := (*m)[n]; ok {
			return z
		}
	}
	return nil
}

// ServeDNS answers one query: REFUSED for a name in no zone served here, NOTIMP for anything but
// a standard query.
func (zs *Zones) ServeDNS(w dns.ResponseWriter, r *dns.Msg) {
	m := new(dns.Msg)
	m.SetReply(r)
	m.RecursionAvailable = false
	switch {
	case r.Opcode != dns.OpcodeQuery:
		m.SetRcode(r, dns.RcodeNotImplemented)
	case len(r.Question) != 1:
		m.SetRcode(r, dns.RcodeFormatError)
	default:
		if z := zs.Find(r.Question[0].Name); z != nil && r.Question[0].Qclass == dns.ClassINET {
			z.Answer(r.Question[0], m)
		} else {
			m.SetRcode(r, dns.RcodeRefused)
		}
	}
	size := dns.MinMsgSize
	if opt := r.IsEdns0(); opt != nil {
		size = int(max(opt.UDPSize(), dns.MinMsgSize))
		m.SetEdns0(uint16(size), false)
	}
	if w.LocalAddr().Network() == "tcp" {
		size = dns.MaxMsgSize
	}
	m.Truncate(size)
	_ = w.WriteMsg(m)
}
