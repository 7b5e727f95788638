package authdns

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/miekg/dns"
)

// importNames are the names asked for besides the apex: DNS cannot list a zone (transfers are
// refused to strangers), so the import asks for the names sites commonly use. The owner reviews
// the result and adds what is missing before delegating.
var importNames = []string{
	"www", "mail", "smtp", "imap", "pop", "webmail", "email", "mx", "ftp", "blog", "shop", "store", "api", "app", "m",
	"dev", "staging", "cdn", "static", "img", "images", "assets", "support", "help", "docs", "status", "portal", "admin",
	"autodiscover", "autoconfig", "_dmarc", "_mta-sts", "_domainkey", "default._domainkey", "google._domainkey",
	"selector1._domainkey", "selector2._domainkey", "k1._domainkey", "s1._domainkey", "s2._domainkey",
}

var importTypes = []uint16{dns.TypeCNAME, dns.TypeA, dns.TypeAAAA, dns.TypeMX, dns.TypeTXT, dns.TypeCAA}

// Import asks the resolver for the zone's current records: the apex and the common names, every
// type an owner may keep. A name with a CNAME keeps only its CNAME.
func Import(ctx context.Context, resolver, origin string) ([]Record, error) {
	origin = strings.TrimSuffix(strings.ToLower(origin), ".")
	type job struct {
		name  string
		qtype uint16
	}
	var jobs []job
	for _, n := range append([]string{"@"}, importNames...) {
		for _, t := range importTypes {
			jobs = append(jobs, job{n, t})
		}
	}
	var (
		mu      sync.Mutex
		found   []Record
		lastErr error
		answers int
		wg      sync.WaitGroup
		slots   = make(chan struct{}, 8)
	)
	client := &dns.Client{Timeout: 2 * time.Second}
	// A truncated or dropped UDP answer (a server's response-rate limit slips or drops them) is
	// asked again over TCP, as resolvers do: rate limits apply to UDP only. Once one is, the rest
	// go over TCP at once: most questions are for absent names, one kind of answer to a rate
	// limit, and each dropped UDP answer would hold a slot for the whole UDP timeout.
	tcp := &dns.Client{Net: "tcp", Timeout: 2 * time.Second}
	var limited atomic.Bool
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			defer func() { <-slots }()
			owner := Owner(origin, j.name)
			q := new(dns.Msg)
			q.SetQuestion(owner, j.qtype)
			q.RecursionDesired = true
			var reply *dns.Msg
			var err error
			if !limited.Load() {
				reply, _, err = client.ExchangeContext(ctx, q, resolver)
			}
			if limited.Load() || err != nil || reply.Truncated {
				limited.Store(true)
				reply, _, err = tcp.ExchangeContext(ctx, q, resolver)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				lastErr = err
				return
			}
			answers++
			for _, rr := range reply.Answer {
				// Only the asked name's own records: a followed CNAME's target is not in the zone.
				if !strings.EqualFold(rr.Header().Name, owner) || rr.Header().Rrtype != j.qtype {
					continue
				}
				if r, ok := fromRR(origin, j.name, rr); ok {
					found = append(found, r)
				}
			}
		}()
	}
	wg.Wait()
	if answers == 0 && lastErr != nil {
		return nil, lastErr
	}
	// A list with questions unanswered (cut short by the deadline, or failing over UDP and TCP)
	// would look complete: the owner would delegate without the records never read.
	if answers < len(jobs) {
		return nil, fmt.Errorf("the records were not all read in time (%d of %d questions answered)", answers, len(jobs))
	}
	return keepCNAMEAlone(dedupe(found)), nil
}

// fromRR turns an answer into a stored record, with its TTL kept within what an owner may set.
func fromRR(origin, name string, rr dns.RR) (Record, bool) {
	r := Record{Name: name, Type: dns.TypeToString[rr.Header().Rrtype], TTL: min(max(rr.Header().Ttl, MinTTL), MaxTTL)}
	switch v := rr.(type) {
	case *dns.A:
		r.Value = v.A.String()
	case *dns.AAAA:
		r.Value = v.AAAA.String()
	case *dns.CNAME:
		r.Value = strings.TrimSuffix(v.Target, ".")
	case *dns.MX:
		r.Value, r.Priority = strings.TrimSuffix(v.Mx, "."), v.Preference
	case *dns.TXT:
		r.Value = strings.Join(v.Txt, "")
	case *dns.CAA:
		r.Value = strings.TrimPrefix(v.String(), v.Hdr.String())
	default:
		return r, false
	}
	_, err := r.RR(origin)
	return r, err == nil
}

func dedupe(records []Record) []Record {
	seen := map[string]bool{}
	var out []Record
	for _, r := range records {
		k := r.Name + "|" + r.Type + "|" + strings.ToLower(r.Value)
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		if out[i].Type != out[j].Type {
			return out[i].Type < out[j].Type
		}
		return out[i].Value < out[j].Value
	})
	return out
}

func keepCNAMEAlone(records []Record) []Record {
	cname := map[string]bool{}
	for _, r := range records {
		if r.Type == "CNAME" {
			cname[r.Name] = true
		}
	}
	var out []Record
	for _, r := range records {
		if !cname[r.Name] || r.Type == "CNAME" {
			out = append(out, r)
		}
	}
	return out
}
