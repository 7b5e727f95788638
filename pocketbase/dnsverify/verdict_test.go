package dnsverify

import (
	"errors"
	"strings"
	"testing"
)

func TestJudge(t *testing.T) {
	assigned := []string{"ns1.cro.test", "NS2.cro.test."}
	cases := []struct {
		name     string
		found    NSResult
		err      error
		verified bool
		contains []string
	}{
		{"match with extras", NSResult{Zone: "shop.com", Nameservers: []string{"ns2.cro.test", "ns1.cro.test", "ns9.other.net"}}, nil, true, []string{"shop.com"}},
		{"mismatch names what was found", NSResult{Zone: "shop.com", Nameservers: []string{"b.iana.net", "a.iana.net"}}, nil, false, []string{"a.iana.net, b.iana.net", "Expected ns1.cro.test and ns2.cro.test"}},
		{"one of two", NSResult{Zone: "shop.com", Nameservers: []string{"ns1.cro.test", "x.net"}}, nil, false, []string{"x.net"}},
		{"nxdomain", NSResult{Zone: "shop.com"}, ErrNXDomain, false, []string{"NXDOMAIN"}},
		{"no records", NSResult{Zone: "shop.com"}, nil, false, []string{"No nameservers found"}},
		{"resolver failure", NSResult{Zone: "shop.com"}, errors.New("i/o timeout"), false, []string{"Could not look up", "i/o timeout"}},
	}
	for _, c := range cases {
		v := Judge("shop.com", assigned, c.found, c.err)
		if v.Verified != c.verified {
			t.Errorf("%s: verified = %v", c.name, v.Verified)
		}
		for _, s := range c.contains {
			if !strings.Contains(v.Message, s) {
				t.Errorf("%s: message %q lacks %q", c.name, v.Message, s)
			}
		}
	}
}

func TestWithPort(t *testing.T) {
	for in, want := range map[string]string{"10.0.0.1": "10.0.0.1:53", "127.0.0.1:5353": "127.0.0.1:5353", "::1": "[::1]:53", "[::1]:54": "[::1]:54"} {
		if got := withPort(in); got != want {
			t.Errorf("withPort(%q) = %q, want %q", in, got, want)
		}
	}
}
