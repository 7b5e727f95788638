package dnsverify

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

// serveNS answers every NS query on a loopback UDP port: zones lists each zone's NS names; any
// other name gets NXDOMAIN.
func serveNS(t *testing.T, zones map[string][]string) string {
	t.Helper()
	conn, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	go func() {
		buf := make([]byte, 512)
		for {
			n, from, err := conn.ReadFrom(buf)
			if err != nil {
				return
			}
			var q dnsmessage.Message
			if q.Unpack(buf[:n]) != nil || len(q.Questions) != 1 {
				continue
			}
			question := q.Questions[0]
			reply := dnsmessage.Message{Header: dnsmessage.Header{ID: q.ID, Response: true, Authoritative: true}, Questions: q.Questions}
			names, ok := zones[strings.TrimSuffix(question.Name.String(), ".")]
			if !ok {
				reply.RCode = dnsmessage.RCodeNameError
			}
			for _, ns := range names {
				reply.Answers = append(reply.Answers, dnsmessage.Resource{
					Header: dnsmessage.ResourceHeader{Name: question.Name, Type: dnsmessage.TypeNS, Class: dnsmessage.ClassINET, TTL: 60},
					Body:   &dnsmessage.NSResource{NS: dnsmessage.MustNewName(ns + ".")},
				})
			}
			packet, _ := reply.Pack()
			_, _ = conn.WriteTo(packet, from)
		}
	}()
	return conn.LocalAddr().String()
}

func TestCheckNameservers(t *testing.T) {
	names := []string{"ns1.cro-dns.test", "ns2.cro-dns.test"}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	if h := CheckNameservers(ctx, names, nil); h.Working || !strings.Contains(h.Detail, "runs no nameservers") {
		t.Fatalf("no addresses: %+v", h)
	}
	good := serveNS(t, map[string][]string{"cro-dns.test": names})
	if h := CheckNameservers(ctx, names, []string{good, good}); !h.Working {
		t.Fatalf("answering nameservers: %+v", h)
	}
	partial := serveNS(t, map[string][]string{"cro-dns.test": names[:1]})
	if h := CheckNameservers(ctx, names, []string{good, partial}); h.Working || !strings.Contains(h.Detail, "does not list ns2.cro-dns.test") {
		t.Fatalf("one address misses a name: %+v", h)
	}
	other := serveNS(t, map[string][]string{"elsewhere.test": names})
	if h := CheckNameservers(ctx, names, []string{other}); h.Working || !strings.Contains(h.Detail, "NXDOMAIN") {
		t.Fatalf("an address that does not serve the zone: %+v", h)
	}
	// Nothing listens: the check gives up within its context instead of holding the dashboard.
	silent, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	short, cancelShort := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancelShort()
	if h := CheckNameservers(short, names, []string{silent.LocalAddr().String()}); h.Working || !strings.Contains(h.Detail, "did not answer") {
		t.Fatalf("a silent address: %+v", h)
	}
}
