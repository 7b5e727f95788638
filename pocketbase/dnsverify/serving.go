package dnsverify

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/miekg/dns"
)

// ServesZone asks one of the install's nameservers for the zone's SOA: a delegation is only worth
// activating when the servers it points at answer for the zone with authority.
func ServesZone(ctx context.Context, address, zone string) error {
	q := new(dns.Msg)
	q.SetQuestion(dns.Fqdn(zone), dns.TypeSOA)
	reply, _, err := (&dns.Client{Timeout: 3 * time.Second}).ExchangeContext(ctx, q, address)
	switch {
	case err != nil:
		return err
	case reply.Rcode != dns.RcodeSuccess:
		return fmt.Errorf("it answered %s", dns.RcodeToString[reply.Rcode])
	case !reply.Authoritative:
		return fmt.Errorf("its answer is not authoritative")
	}
	return nil
}

// EdgeAddress is CRO_EDGE_HTTP, where the edge proxy serves plain HTTP (unset: no edge runs).
func EdgeAddress() string { return strings.TrimSpace(os.Getenv("CRO_EDGE_HTTP")) }

// EdgeAnswers asks the edge for the domain's home page: the edge knows the domain when it answers
// anything but 421 (Misdirected Request, its answer for hosts it does not serve). An origin that is
// down still counts: the domain is connected, its server is not.
func EdgeAnswers(ctx context.Context, edge, domain string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, "http://"+edge+"/", nil)
	if err != nil {
		return err
	}
	req.Host = domain
	client := &http.Client{
		Timeout:       5 * time.Second,
		Transport:     &http.Transport{DialContext: (&net.Dialer{Timeout: 3 * time.Second}).DialContext},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode == http.StatusMisdirectedRequest {
		return fmt.Errorf("it does not serve %s", domain)
	}
	return nil
}

// checkServing is what a seen delegation still needs before the site becomes Active: each of the
// install's nameservers answers for the zone, and the edge (when this install runs one) answers
// for the domain. An empty message means ready.
func checkServing(ctx context.Context, zone, domain string) string {
	for _, addr := range NameserverAddresses() {
		if err := ServesZone(ctx, addr, zone); err != nil {
			return fmt.Sprintf("%s uses our nameservers, but the nameserver at %s does not serve it yet (%v). Please try again in a minute.", zone, addr, err)
		}
	}
	if edge := EdgeAddress(); edge != "" {
		if err := EdgeAnswers(ctx, edge, domain); err != nil {
			return fmt.Sprintf("%s uses our nameservers, but our edge does not answer for it yet (%v). Please try again in a minute.", domain, err)
		}
	}
	return ""
}
