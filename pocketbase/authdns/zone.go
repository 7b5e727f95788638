package authdns

import (
	"net/netip"
	"strings"

	"github.com/miekg/dns"
)

// soaTimings: refresh, retry, expire; negative answers are cached for negativeTTL.
const (
	soaRefresh  = 3600
	soaRetry    = 600
	soaExpire   = 1209600
	negativeTTL = 300
	maxChase    = 8
)

// ZoneSpec is everything a zone is built from.
type ZoneSpec struct {
	Origin      string   // the domain, e.g. "shop.com"
	Nameservers []string // the install's names serving it (NS at the apex)
	Serial      uint32
	Records     []Record
	// Edge, when set, answers A/AAAA for EdgeHosts in place of their stored A, AAAA or CNAME
	// records (those stay the edge's origin).
	Edge      []netip.Addr
	EdgeHosts []string // relative names, e.g. "@", "www"
}

// Zone answers queries for one origin from memory.
type Zone struct {
	origin string
	soa    *dns.SOA
	nodes  map[string]map[uint16][]dns.RR // owner -> type -> records; empty map: empty non-terminal
}

// BuildZone makes a zone of the spec. A record the owner could not have saved is left out.
func BuildZone(spec ZoneSpec) *Zone {
	origin := dns.Fqdn(strings.ToLower(spec.Origin))
	z := &Zone{origin: origin, nodes: map[string]map[uint16][]dns.RR{}}
	mname := origin
	if len(spec.Nameservers) > 0 {
		mname = dns.Fqdn(spec.Nameservers[0])
	}
	z.soa = &dns.SOA{
		Hdr: dns.RR_Header{Name: origin, Rrtype: dns.TypeSOA, Class: dns.ClassINET, Ttl: DefaultTTL},
		Ns:  mname, Mbox: "hostmaster." + parentOf(mname),
		Serial: spec.Serial, Refresh: soaRefresh, Retry: soaRetry, Expire: soaExpire, Minttl: negativeTTL,
	}
	z.add(z.soa)
	for _, ns := range spec.Nameservers {
		z.add(&dns.NS{Hdr: dns.RR_Header{Name: origin, Rrtype: dns.TypeNS, Class: dns.ClassINET, Ttl: DefaultTTL}, Ns: dns.Fqdn(strings.ToLower(ns))})
	}
	edgeOwners := map[string]bool{}
	if len(spec.Edge) > 0 {
		for _, h := range spec.EdgeHosts {
			edgeOwners[Owner(origin, h)] = true
		}
	}
	for _, r := range spec.Records {
		rr, err := r.RR(origin)
		if err != nil {
			continue
		}
		t := rr.Header().Rrtype
		if edgeOwners[rr.Header().Name] && (t == dns.TypeA || t == dns.TypeAAAA || t == dns.TypeCNAME) {
			continue
		}
		z.add(rr)
	}
	for owner := range edgeOwners {
		for _, ip := range spec.Edge {
			hdr := dns.RR_Header{Name: owner, Class: dns.ClassINET, Ttl: 300}
			if ip.Is4() {
				hdr.Rrtype = dns.TypeA
				z.add(&dns.A{Hdr: hdr, A: ip.AsSlice()})
			} else {
				hdr.Rrtype = dns.TypeAAAA
				z.add(&dns.AAAA{Hdr: hdr, AAAA: ip.AsSlice()})
			}
		}
	}
	return z
}

// Origin is the zone's fully qualified apex.
func (z *Zone) Origin() string { return z.origin }

func (z *Zone) add(rr dns.RR) {
	owner := strings.ToLower(rr.Header().Name)
	rr.Header().Name = owner
	if z.nodes[owner] == nil {
		z.nodes[owner] = map[uint16][]dns.RR{}
	}
	t := rr.Header().Rrtype
	z.nodes[owner][t] = append(z.nodes[owner][t], rr)
	// Every name between the owner and the apex exists (an empty non-terminal): a query for
	// it is NODATA, never NXDOMAIN, and it stops wildcard synthesis.
	for n := owner; n != z.origin && dns.CountLabel(n) > dns.CountLabel(z.origin); n = parentOf(n) {
		if z.nodes[n] == nil {
			z.nodes[n] = map[uint16][]dns.RR{}
		}
	}
}

func parentOf(name string) string {
	if i := strings.Index(name, "."); i >= 0 && i+1 < len(name) {
		return name[i+1:]
	}
	return "."
}

// lookup finds the node for qname: the exact node, or the wildcard of the closest encloser
// (RFC 4592). ok is false when the name does not exist.
func (z *Zone) lookup(qname string) (node map[uint16][]dns.RR, ok bool) {
	if node, ok := z.nodes[qname]; ok {
		return node, true
	}
	encloser := parentOf(qname)
	for ; encloser != z.origin; encloser = parentOf(encloser) {
		if _, ok := z.nodes[encloser]; ok || !dns.IsSubDomain(z.origin, encloser) {
			break
		}
	}
	node, ok = z.nodes["*."+encloser]
	return node, ok
}

// synthesize copies a node's records under qname (wildcard answers carry the asked name).
func synthesize(rrs []dns.RR, qname string) []dns.RR {
	out := make([]dns.RR, len(rrs))
	for i, rr := range rrs {
		out[i] = dns.Copy(rr)
		out[i].Header().Name = qname
	}
	return out
}

// Answer fills the reply to one question in this zone: answers (following CNAMEs inside the
// zone), NXDOMAIN or NODATA with the SOA in authority.
func (z *Zone) Answer(q dns.Question, m *dns.Msg) {
	m.Authoritative = true
	qname := strings.ToLower(q.Name)
	visited := map[string]bool{}
	for hop := 0; hop < maxChase; hop++ {
		visited[qname] = true
		node, exists := z.lookup(qname)
		if !exists {
			m.Rcode = dns.RcodeNameError
			m.Ns = append(m.Ns, z.negativeSOA())
			return
		}
		if cname := node[dns.TypeCNAME]; len(cname) > 0 && q.Qtype != dns.TypeCNAME {
			m.Answer = append(m.Answer, synthesize(cname, qname)...)
			target := strings.ToLower(cname[0].(*dns.CNAME).Target)
			if !dns.IsSubDomain(z.origin, target) || visited[target] {
				return // the resolver follows it elsewhere
			}
			qname = target
			continue
		}
		var found []dns.RR
		if q.Qtype == dns.TypeANY {
			for _, rrs := range node {
				found = append(found, rrs...)
			}
		} else {
			found = node[q.Qtype]
		}
		if len(found) == 0 {
			m.Ns = append(m.Ns, z.negativeSOA())
			return
		}
		m.Answer = append(m.Answer, synthesize(found, qname)...)
		return
	}
}

func (z *Zone) negativeSOA() dns.RR {
	soa := dns.Copy(z.soa)
	soa.Header().Ttl = negativeTTL
	return soa
}
