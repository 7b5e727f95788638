package authdns

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/miekg/dns"
)

// startTestServer serves shop.test (edge in front of apex and www) and the install's own zone on a
// loopback port, and returns the address.
func startTestServer(t *testing.T) string {
	t.Helper()
	zones := &Zones{}
	zones.Set([]*Zone{
		BuildZone(ZoneSpec{
			Origin: "shop.test", Nameservers: []string{"ns1.cro-dns.test", "ns2.cro-dns.test"}, Serial: 42,
			Edge: []netip.Addr{netip.MustParseAddr("192.0.2.80"), netip.MustParseAddr("2001:db8::80")}, EdgeHosts: []string{"@", "www"},
			Records: []Record{
				{Name: "@", Type: "A", Value: "198.51.100.7", TTL: 3600}, // the origin: hidden behind the edge
				{Name: "www", Type: "CNAME", Value: "shop.test", TTL: 3600},
				{Name: "@", Type: "MX", Value: "mx1.mail.test", TTL: 3600, Priority: 10},
				{Name: "@", Type: "MX", Value: "mx2.mail.test", TTL: 3600, Priority: 20},
				{Name: "@", Type: "TXT", Value: "v=spf1 include:mail.test ~all", TTL: 600},
				{Name: "@", Type: "CAA", Value: `0 issue "letsencrypt.org"`, TTL: 3600},
				{Name: "blog", Type: "CNAME", Value: "blog-host.shop.test", TTL: 300},
				{Name: "blog-host", Type: "A", Value: "198.51.100.9", TTL: 300},
				{Name: "status", Type: "CNAME", Value: "status.provider.test", TTL: 300},
				{Name: "loop1", Type: "CNAME", Value: "loop2.shop.test", TTL: 300},
				{Name: "loop2", Type: "CNAME", Value: "loop1.shop.test", TTL: 300},
				{Name: "api", Type: "AAAA", Value: "2001:db8::9", TTL: 300},
				{Name: "*.dev", Type: "A", Value: "198.51.100.20", TTL: 300},
				{Name: "*.dev", Type: "TXT", Value: "wild", TTL: 300},
				{Name: "x.y.dev", Type: "TXT", Value: "deep", TTL: 300},
				{Name: "_dmarc", Type: "TXT", Value: strings.Repeat("p", 300), TTL: 300},
				{Name: "bad", Type: "A", Value: "not an address", TTL: 300}, // never saved; left out
			},
		}),
		BuildZone(ZoneSpec{Origin: "cro-dns.test", Nameservers: []string{"ns1.cro-dns.test", "ns2.cro-dns.test"}, Serial: 1}),
	})
	srv, err := Listen([]string{"127.0.0.1:0"}, zones)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Shutdown(context.Background()) })
	return srv.Addr()
}

func query(t *testing.T, addr, name string, qtype uint16, network string) *dns.Msg {
	t.Helper()
	c := &dns.Client{Net: network, Timeout: 3 * time.Second}
	m := new(dns.Msg)
	m.SetQuestion(dns.Fqdn(name), qtype)
	reply, _, err := c.Exchange(m, addr)
	if err != nil {
		t.Fatalf("%s %s over %s: %v", name, dns.TypeToString[qtype], network, err)
	}
	return reply
}

// values lists the answer section as "name TYPE data" lines without TTLs.
func values(rrs []dns.RR) []string {
	var out []string
	for _, rr := range rrs {
		h := rr.Header()
		data := strings.TrimPrefix(rr.String(), h.String())
		out = append(out, h.Name+" "+dns.TypeToString[h.Rrtype]+" "+data)
	}
	slices.Sort(out)
	return out
}

func TestAuthoritativeAnswers(t *testing.T) {
	addr := startTestServer(t)
	cases := []struct {
		name     string
		qtype    uint16
		rcode    int
		answers  []string
		soaInNs  bool
		checkTTL uint32
	}{
		{"shop.test", dns.TypeSOA, dns.RcodeSuccess, []string{"shop.test. SOA ns1.cro-dns.test. hostmaster.cro-dns.test. 42 3600 600 1209600 300"}, false, 0},
		{"shop.test", dns.TypeNS, dns.RcodeSuccess, []string{"shop.test. NS ns1.cro-dns.test.", "shop.test. NS ns2.cro-dns.test."}, false, 0},
		// The apex and www answer the edge, never the origin's own address.
		{"shop.test", dns.TypeA, dns.RcodeSuccess, []string{"shop.test. A 192.0.2.80"}, false, 0},
		{"SHOP.test", dns.TypeAAAA, dns.RcodeSuccess, []string{"shop.test. AAAA 2001:db8::80"}, false, 0},
		{"www.shop.test", dns.TypeA, dns.RcodeSuccess, []string{"www.shop.test. A 192.0.2.80"}, false, 0},
		{"shop.test", dns.TypeMX, dns.RcodeSuccess, []string{"shop.test. MX 10 mx1.mail.test.", "shop.test. MX 20 mx2.mail.test."}, false, 0},
		{"shop.test", dns.TypeTXT, dns.RcodeSuccess, []string{`shop.test. TXT "v=spf1 include:mail.test ~all"`}, false, 600},
		{"shop.test", dns.TypeCAA, dns.RcodeSuccess, []string{`shop.test. CAA 0 issue "letsencrypt.org"`}, false, 0},
		{"api.shop.test", dns.TypeAAAA, dns.RcodeSuccess, []string{"api.shop.test. AAAA 2001:db8::9"}, false, 0},
		// A CNAME inside the zone is followed; one leaving the zone is left to the resolver.
		{"blog.shop.test", dns.TypeA, dns.RcodeSuccess, []string{"blog-host.shop.test. A 198.51.100.9", "blog.shop.test. CNAME blog-host.shop.test."}, false, 0},
		{"blog.shop.test", dns.TypeCNAME, dns.RcodeSuccess, []string{"blog.shop.test. CNAME blog-host.shop.test."}, false, 0},
		{"status.shop.test", dns.TypeA, dns.RcodeSuccess, []string{"status.shop.test. CNAME status.provider.test."}, false, 0},
		{"loop1.shop.test", dns.TypeA, dns.RcodeSuccess, []string{"loop1.shop.test. CNAME loop2.shop.test.", "loop2.shop.test. CNAME loop1.shop.test."}, false, 0},
		// NODATA: the name exists, not the type; NXDOMAIN: the name does not. Both carry the SOA.
		{"api.shop.test", dns.TypeA, dns.RcodeSuccess, nil, true, 0},
		{"shop.test", dns.TypeSRV, dns.RcodeSuccess, nil, true, 0},
		{"nothing.shop.test", dns.TypeA, dns.RcodeNameError, nil, true, 0},
		{"bad.shop.test", dns.TypeA, dns.RcodeNameError, nil, true, 0},
		// Wildcards: synthesized under the asked name; an existing name (x.y.dev, and y.dev
		// between it and dev) is not covered; the wildcard's own name answers as itself.
		{"anything.dev.shop.test", dns.TypeA, dns.RcodeSuccess, []string{"anything.dev.shop.test. A 198.51.100.20"}, false, 0},
		{"a.b.dev.shop.test", dns.TypeTXT, dns.RcodeSuccess, []string{`a.b.dev.shop.test. TXT "wild"`}, false, 0},
		{"anything.dev.shop.test", dns.TypeMX, dns.RcodeSuccess, nil, true, 0},
		{"y.dev.shop.test", dns.TypeA, dns.RcodeSuccess, nil, true, 0},
		{"z.y.dev.shop.test", dns.TypeA, dns.RcodeNameError, nil, true, 0},
		{"dev.shop.test", dns.TypeA, dns.RcodeSuccess, nil, true, 0},
		{"*.dev.shop.test", dns.TypeTXT, dns.RcodeSuccess, []string{`*.dev.shop.test. TXT "wild"`}, false, 0},
		// Long text is split into 255-byte strings.
		{"_dmarc.shop.test", dns.TypeTXT, dns.RcodeSuccess, []string{`_dmarc.shop.test. TXT "` + strings.Repeat("p", 255) + `" "` + strings.Repeat("p", 45) + `"`}, false, 0},
		// The install's own zone lists its nameservers (what the health check asks).
		{"cro-dns.test", dns.TypeNS, dns.RcodeSuccess, []string{"cro-dns.test. NS ns1.cro-dns.test.", "cro-dns.test. NS ns2.cro-dns.test."}, false, 0},
	}
	for _, network := range []string{"udp", "tcp"} {
		for _, c := range cases {
			reply := query(t, addr, c.name, c.qtype, network)
			label := network + " " + c.name + " " + dns.TypeToString[c.qtype]
			if reply.Rcode != c.rcode {
				t.Errorf("%s: rcode %s, want %s", label, dns.RcodeToString[reply.Rcode], dns.RcodeToString[c.rcode])
			}
			if !reply.Authoritative {
				t.Errorf("%s: not authoritative", label)
			}
			if got := values(reply.Answer); !slices.Equal(got, c.answers) {
				t.Errorf("%s: answers\n got %q\nwant %q", label, got, c.answers)
			}
			hasSOA := len(reply.Ns) == 1 && reply.Ns[0].Header().Rrtype == dns.TypeSOA && reply.Ns[0].Header().Ttl == negativeTTL
			if hasSOA != c.soaInNs {
				t.Errorf("%s: authority %v, want the SOA: %v", label, reply.Ns, c.soaInNs)
			}
			if c.checkTTL > 0 && reply.Answer[0].Header().Ttl != c.checkTTL {
				t.Errorf("%s: TTL %d, want %d", label, reply.Answer[0].Header().Ttl, c.checkTTL)
			}
		}
	}
}

func TestRefusesZonesItDoesNotServe(t *testing.T) {
	addr := startTestServer(t)
	for _, name := range []string{"example.com", "test", "notshop.test"} {
		if reply := query(t, addr, name, dns.TypeA, "udp"); reply.Rcode != dns.RcodeRefused || len(reply.Answer) > 0 {
			t.Errorf("%s: %s with %d answers, want REFUSED and none", name, dns.RcodeToString[reply.Rcode], len(reply.Answer))
		}
	}
}

func TestLargeAnswerTruncatesOverUDPAndFitsOverTCP(t *testing.T) {
	var records []Record
	for i := 0; i < 40; i++ {
		records = append(records, Record{Name: "@", Type: "TXT", Value: strings.Repeat("t", 60) + string(rune('a'+i%26)) + strings.Repeat("x", i), TTL: 300})
	}
	zones := &Zones{}
	zones.Set([]*Zone{BuildZone(ZoneSpec{Origin: "big.test", Nameservers: []string{"ns1.cro-dns.test"}, Records: records})})
	srv, err := Listen([]string{"127.0.0.1:0"}, zones)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	if udp := query(t, srv.Addr(), "big.test", dns.TypeTXT, "udp"); !udp.Truncated {
		t.Errorf("a %d-answer reply over UDP without EDNS was not truncated", len(udp.Answer))
	}
	if tcp := query(t, srv.Addr(), "big.test", dns.TypeTXT, "tcp"); tcp.Truncated || len(tcp.Answer) != 40 {
		t.Errorf("over TCP: truncated %v with %d answers, want 40", tcp.Truncated, len(tcp.Answer))
	}
}

// A fixed port whose TCP side another program holds fails with that reason and leaves nothing
// listening (the UDP side it opened first is closed again).
func TestListenReleasesUDPWhenTCPIsTaken(t *testing.T) {
	held := tcpPortWithFreeUDP(t)
	defer held.Close()
	addr := held.Addr().String()
	if _, err := Listen([]string{addr}, dns.NewServeMux()); !errors.Is(err, syscall.EADDRINUSE) {
		t.Fatalf("Listen on a taken TCP port: %v, want address in use", err)
	}
	udp, err := net.ListenPacket("udp", addr)
	if err != nil {
		t.Fatalf("the UDP port stayed open after the failed Listen: %v", err)
	}
	udp.Close()
}

// tcpPortWithFreeUDP holds a TCP port whose UDP twin no other program holds right now (ephemeral
// UDP ports of other processes on a busy machine can take it; the test must not blame Listen).
func tcpPortWithFreeUDP(t *testing.T) net.Listener {
	t.Helper()
	for i := 0; i < 20; i++ {
		held, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		if udp, err := net.ListenPacket("udp", held.Addr().String()); err == nil {
			udp.Close()
			return held
		}
		held.Close()
	}
	t.Fatal("no TCP port with a free UDP twin in 20 tries")
	return nil
}
