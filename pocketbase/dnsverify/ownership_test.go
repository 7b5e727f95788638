package dnsverify

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/miekg/dns"
)

// serveTXT answers TXT queries on loopback UDP from records (name -> strings of one record);
// other names are NXDOMAIN, and "broken." is SERVFAIL.
func serveTXT(t *testing.T, records map[string][]string) string {
	t.Helper()
	started := make(chan struct{})
	srv := &dns.Server{Addr: "127.0.0.1:0", Net: "udp", NotifyStartedFunc: func() { close(started) }}
	srv.Handler = dns.HandlerFunc(func(w dns.ResponseWriter, r *dns.Msg) {
		m := new(dns.Msg)
		m.SetReply(r)
		name := r.Question[0].Name
		switch txt, ok := records[name]; {
		case name == "broken.":
			m.Rcode = dns.RcodeServerFailure
		case !ok:
			m.Rcode = dns.RcodeNameError
		default:
			m.Answer = []dns.RR{&dns.TXT{Hdr: dns.RR_Header{Name: name, Rrtype: dns.TypeTXT, Class: dns.ClassINET, Ttl: 60}, Txt: txt}}
			// A record of another name in the answer is not this name's.
			other := &dns.TXT{Hdr: dns.RR_Header{Name: "other.test.", Rrtype: dns.TypeTXT, Class: dns.ClassINET, Ttl: 60}, Txt: []string{"x"}}
			m.Answer = append(m.Answer, other)
		}
		_ = w.WriteMsg(m)
	})
	go func() { _ = srv.ListenAndServe() }()
	<-started
	t.Cleanup(func() { _ = srv.Shutdown() })
	return srv.PacketConn.LocalAddr().String()
}

func TestLookupTXT(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	addr := serveTXT(t, map[string][]string{"_upliftly-verify.shop.test.": {"abc", "def"}})
	got, err := LookupTXT(ctx, addr, OwnershipName("shop.test"))
	if err != nil || !reflect.DeepEqual(got, []string{"abcdef"}) {
		t.Fatalf("a record split in strings: %q, %v", got, err)
	}
	if got, err := LookupTXT(ctx, addr, "_upliftly-verify.none.test"); err != nil || len(got) != 0 {
		t.Fatalf("a name that does not exist: %q, %v", got, err)
	}
	if _, err := LookupTXT(ctx, addr, "broken"); err == nil || !strings.Contains(err.Error(), "SERVFAIL") {
		t.Fatalf("a failing resolver: %v", err)
	}
}
