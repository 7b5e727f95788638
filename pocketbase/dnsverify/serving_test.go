package dnsverify

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"
)

// serveSOA answers SOA queries for zone on loopback UDP: authoritatively when auth, else as a
// resolver's cached answer would; other names are REFUSED.
func serveSOA(t *testing.T, zone string, auth bool) string {
	t.Helper()
	started := make(chan struct{})
	srv := &dns.Server{Addr: "127.0.0.1:0", Net: "udp", NotifyStartedFunc: func() { close(started) }}
	srv.Handler = dns.HandlerFunc(func(w dns.ResponseWriter, r *dns.Msg) {
		m := new(dns.Msg)
		m.SetReply(r)
		if r.Question[0].Name != dns.Fqdn(zone) {
			m.Rcode = dns.RcodeRefused
		} else {
			m.Authoritative = auth
			soa, _ := dns.NewRR(dns.Fqdn(zone) + " 300 IN SOA ns1.cro.test. hostmaster.cro.test. 1 3600 600 86400 300")
			m.Answer = []dns.RR{soa}
		}
		_ = w.WriteMsg(m)
	})
	go func() { _ = srv.ListenAndServe() }()
	<-started
	t.Cleanup(func() { _ = srv.Shutdown() })
	return srv.PacketConn.LocalAddr().String()
}

func TestServesZone(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := ServesZone(ctx, serveSOA(t, "shop.test", true), "shop.test"); err != nil {
		t.Fatalf("an authoritative answer: %v", err)
	}
	if err := ServesZone(ctx, serveSOA(t, "shop.test", false), "shop.test"); err == nil || !strings.Contains(err.Error(), "not authoritative") {
		t.Fatalf("a non-authoritative answer: %v", err)
	}
	if err := ServesZone(ctx, serveSOA(t, "other.test", true), "shop.test"); err == nil || !strings.Contains(err.Error(), "REFUSED") {
		t.Fatalf("a server that does not serve the zone: %v", err)
	}
}

func TestEdgeAnswers(t *testing.T) {
	edge := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Host {
		case "shop.test":
			w.WriteHeader(http.StatusOK)
		case "down.test":
			w.WriteHeader(http.StatusBadGateway)
		default:
			w.WriteHeader(http.StatusMisdirectedRequest)
		}
	}))
	defer edge.Close()
	addr := strings.TrimPrefix(edge.URL, "http://")
	ctx := context.Background()
	if err := EdgeAnswers(ctx, addr, "shop.test"); err != nil {
		t.Fatalf("a served domain: %v", err)
	}
	if err := EdgeAnswers(ctx, addr, "down.test"); err != nil {
		t.Fatalf("a served domain whose origin is down still counts as connected: %v", err)
	}
	if err := EdgeAnswers(ctx, addr, "unknown.test"); err == nil || !strings.Contains(err.Error(), "does not serve unknown.test") {
		t.Fatalf("an unknown domain: %v", err)
	}
	edge.Close()
	if err := EdgeAnswers(ctx, addr, "shop.test"); err == nil {
		t.Fatal("an edge that is not running answered")
	}
}
