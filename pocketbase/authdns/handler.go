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

// maxUDPSize caps an answer over UDP whatever buffer the query offers (DNS Flag Day 2020's 1,232
// bytes: no IP fragmentation, and a spoofed query gains at most that much); larger answers are
// truncated (TC) and the resolver asks again over TCP.
const maxUDPSize = 1232

// ServeDNS answers one query: REFUSED for a name in no zone served here and for zone transfers
// (AXFR, IXFR), NOTIMP for anything but a standard query.
func (zs *Zones) ServeDNS(w dns.ResponseWriter, r *dns.Msg) {
	m := new(dns.Msg)
	m.SetReply(r)
	m.RecursionAvailable = false
	switch {
	case r.Opcode != dns.OpcodeQuery:
		m.SetRcode(r, dns.RcodeNotImplemented)
	case len(r.Question) != 1:
		m.SetRcode(r, dns.RcodeFormatError)
	case r.Question[0].Qtype == dns.TypeAXFR || r.Question[0].Qtype == dns.TypeIXFR:
		m.SetRcode(r, dns.RcodeRefused)
	default:
		if z := zs.Find(r.Question[0].Name); z != nil && r.Question[0].Qclass == dns.ClassINET {
			z.Answer(r.Question[0], m)
			if r.Question[0].Qtype == dns.TypeANY {
				m.Answer = minimalAny(m.Answer)
			}
		} else {
			m.SetRcode(r, dns.RcodeRefused)
		}
	}
	size := dns.MinMsgSize
	if opt := r.IsEdns0(); opt != nil {
		size = int(min(max(opt.UDPSize(), dns.MinMsgSize), maxUDPSize))
		m.SetEdns0(maxUDPSize, false)
	}
	if w.LocalAddr().Network() == "tcp" {
		size = dns.MaxMsgSize
	}
	m.Truncate(size)
	_ = w.WriteMsg(m)
}

// minimalAny keeps one RRset of an ANY answer (RFC 8482), the smallest on the wire, after the
// CNAMEs that led to it: ANY is what amplification attacks ask, and no resolver needs all of them.
func minimalAny(answer []dns.RR) []dns.RR {
	type set struct {
		rrs  []dns.RR
		size int
	}
	var kept []dns.RR
	sets := map[uint16]*set{}
	for _, rr := range answer {
		t := rr.Header().Rrtype
		if t == dns.TypeCNAME {
			kept = append(kept, rr)
			continue
		}
		if sets[t] == nil {
			sets[t] = &set{}
		}
		sets[t].rrs = append(sets[t].rrs, rr)
		sets[t].size += dns.Len(rr)
	}
	var best *set
	var bestType uint16
	for t, s := range sets {
		if best == nil || s.size < best.size || (s.size == best.size && t < bestType) {
			best, bestType = s, t
		}
	}
	if best != nil {
		kept = append(kept, best.rrs...)
	}
	return kept
}
