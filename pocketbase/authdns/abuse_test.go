package authdns

import (
	"context"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"
)

// Found by the security review (issue 30, finding 5): ANY for an apex was answered in full, a
// TXT-heavy name gave an 11.6 KB UDP answer to a 52-byte query asking for a 65,000-byte buffer,
// 300 queries in 0.04 s were all answered, and AXFR got NOERROR instead of REFUSED.

// exchange sends one query over UDP (with an EDNS buffer when ednsSize > 0) and returns the reply
// and its size on the wire.
func exchange(t *testing.T, addr, name string, qtype uint16, ednsSize uint16) (*dns.Msg, int, int) {
	t.Helper()
	m := new(dns.Msg)
	m.SetQuestion(dns.Fqdn(name), qtype)
	if ednsSize > 0 {
		m.SetEdns0(ednsSize, false)
	}
	q, err := m.Pack()
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("udp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := conn.Write(q); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 65535)
	n, err := conn.Read(buf)
	if err != nil {
		t.Fatalf("%s %s: %v", name, dns.TypeToString[qtype], err)
	}
	reply := new(dns.Msg)
	if err := reply.Unpack(buf[:n]); err != nil {
		t.Fatal(err)
	}
	return reply, len(q), n
}

func TestAnyIsAnsweredMinimally(t *testing.T) {
	addr := startTestServer(t)
	for _, edns := range []uint16{0, 4096} {
		reply, qlen, rlen := exchange(t, addr, "shop.test", dns.TypeANY, edns)
		t.Logf("ANY shop.test (EDNS %d): %d-byte query, %d-byte answer, %d records", edns, qlen, rlen, len(reply.Answer))
		if reply.Rcode != dns.RcodeSuccess || len(reply.Answer) == 0 {
			t.Fatalf("ANY: %s with %d answers", dns.RcodeToString[reply.Rcode], len(reply.Answer))
		}
		for _, rr := range reply.Answer {
			if rr.Header().Rrtype != reply.Answer[0].Header().Rrtype {
				t.Errorf("ANY answered more than one RRset: %v", reply.Answer)
				break
			}
		}
		if rlen > 3*qlen {
			t.Errorf("ANY: a %d-byte answer to a %d-byte query", rlen, qlen)
		}
	}
}

func TestUDPAnswersAreCappedAt1232Bytes(t *testing.T) {
	var records []Record
	for i := 0; i < 40; i++ {
		records = append(records, Record{Name: "@", Type: "TXT", Value: strings.Repeat("t", 255) + string(rune('a'+i%26)) + strings.Repeat("x", i), TTL: 300})
	}
	zones := &Zones{}
	zones.Set([]*Zone{BuildZone(ZoneSpec{Origin: "big.test", Nameservers: []string{"ns1.cro-dns.test"}, Records: records})})
	srv, err := Listen([]string{"127.0.0.1:0"}, zones)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	reply, qlen, rlen := exchange(t, srv.Addr(), "big.test", dns.TypeTXT, 65000)
	t.Logf("TXT big.test (EDNS 65000): %d-byte query, %d-byte answer over UDP, truncated %v", qlen, rlen, reply.Truncated)
	if rlen > 1232 || !reply.Truncated {
		t.Errorf("UDP: %d bytes, truncated %v; want at most 1232 and TC set", rlen, reply.Truncated)
	}
	if opt := reply.IsEdns0(); opt == nil || opt.UDPSize() != 1232 {
		t.Errorf("the reply's EDNS buffer is %v, want 1232", opt)
	}
	if tcp := query(t, srv.Addr(), "big.test", dns.TypeTXT, "tcp"); tcp.Truncated || len(tcp.Answer) != 40 {
		t.Errorf("over TCP: truncated %v with %d answers, want 40", tcp.Truncated, len(tcp.Answer))
	}
}

func TestZoneTransfersAreRefused(t *testing.T) {
	addr := startTestServer(t)
	for _, qtype := range []uint16{dns.TypeAXFR, dns.TypeIXFR} {
		for _, network := range []string{"tcp", "udp"} {
			reply := query(t, addr, "shop.test", qtype, network)
			if reply.Rcode != dns.RcodeRefused || len(reply.Answer) > 0 {
				t.Errorf("%s over %s: %s with %d answers, want REFUSED", dns.TypeToString[qtype], network, dns.RcodeToString[reply.Rcode], len(reply.Answer))
			}
		}
	}
}

// flood sends n identical queries from local as fast as it can and counts, until the replies stop
// for 300 ms, the full answers and the truncated empty ones (slips); the rest were dropped.
func flood(t *testing.T, local, addr, name string, n int) (full, slipped int) {
	t.Helper()
	conn, err := net.ListenUDP("udp", net.UDPAddrFromAddrPort(mustAddrPort(local)))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	to, _ := net.ResolveUDPAddr("udp", addr)
	m := new(dns.Msg)
	m.SetQuestion(dns.Fqdn(name), dns.TypeTXT)
	m.SetEdns0(65000, false)
	q, _ := m.Pack()
	for i := 0; i < n; i++ {
		if _, err := conn.WriteToUDP(q, to); err != nil {
			t.Fatal(err)
		}
	}
	buf := make([]byte, 65535)
	for {
		_ = conn.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		k, _, err := conn.ReadFromUDP(buf)
		if err != nil {
			return full, slipped
		}
		reply := new(dns.Msg)
		if reply.Unpack(buf[:k]) != nil {
			continue
		}
		if reply.Truncated && len(reply.Answer) == 0 {
			slipped++
		} else {
			full++
		}
	}
}

func TestResponseRateLimitPerSourcePrefix(t *testing.T) {
	addr := startTestServer(t)
	started := time.Now()
	full, slipped := flood(t, "127.0.0.1:0", addr, "shop.test", 300)
	elapsed := time.Since(started)
	t.Logf("300 queries from 127.0.0.1: %d answered, %d slipped (TC, empty), %d dropped, in %v", full, slipped, 300-full-slipped, elapsed)
	// The burst, plus what the rate refilled while the queries were sent, is answered.
	if limit := rrlBurst + int(elapsed.Seconds()*rrlRate) + 1; full > limit {
		t.Errorf("%d full answers, want at most %d", full, limit)
	}
	if slipped == 0 || full+slipped >= 300 {
		t.Errorf("%d slipped and %d answered of 300: want some truncated and the rest dropped", slipped, full)
	}
	// Another /24 is not limited by this one, and TCP (whose source is proven) never is.
	if other, _ := flood(t, "127.0.1.1:0", addr, "shop.test", 1); other != 1 {
		t.Errorf("a query from another /24 got %d answers, want 1", other)
	}
	if reply := query(t, addr, "shop.test", dns.TypeTXT, "tcp"); len(reply.Answer) != 1 {
		t.Errorf("over TCP: %d answers, want 1", len(reply.Answer))
	}
}

func mustAddrPort(s string) netip.AddrPort { return netip.MustParseAddrPort(s) }
