// Package dnsverify checks that a site's domain delegates to the nameservers the platform
// assigned it. It asks one configurable recursive resolver (CRO_DNS_RESOLVER, else the first
// nameserver of /etc/resolv.conf) for NS records with a small UDP client, so that it can tell
// NXDOMAIN (the name does not exist) from NODATA (exists, no NS records here).
package dnsverify

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

// ErrNXDomain reports that the resolver answered NXDOMAIN.
var ErrNXDomain = errors.New("NXDOMAIN")

// NSResult is what a lookup found: the zone that answered and its nameservers.
type NSResult struct {
	Zone        string
	Nameservers []string
}

// LookupNS returns the NS records of name, or of its nearest parent holding some (a site
// added as www.shop.com is delegated at shop.com). It stops before the top-level domain.
func LookupNS(ctx context.Context, resolver, name string) (NSResult, error) {
	name = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(name)), ".")
	for current := name; strings.Count(current, ".") >= 1; current = current[strings.Index(current, ".")+1:] {
		ns, err := queryNS(ctx, resolver, current)
		if err != nil {
			return NSResult{Zone: current}, err
		}
		if len(ns) > 0 {
			return NSResult{Zone: current, Nameservers: ns}, nil
		}
	}
	return NSResult{Zone: name}, nil
}

// queryNS asks the resolver once (with one retry on timeout) for the NS records of name.
// A NODATA answer gives an empty list and no error.
func queryNS(ctx context.Context, resolver, name string) ([]string, error) {
	qname, err := dnsmessage.NewName(name + ".")
	if err != nil {
		return nil, fmt.Errorf("invalid name %q: %w", name, err)
	}
	var idBytes [2]byte
	_, _ = rand.Read(idBytes[:])
	id := binary.BigEndian.Uint16(idBytes[:])
	msg := dnsmessage.Message{
		Header:    dnsmessage.Header{ID: id, RecursionDesired: true},
		Questions: []dnsmessage.Question{{Name: qname, Type: dnsmessage.TypeNS, Class: dnsmessage.ClassINET}},
	}
	packet, err := msg.Pack()
	if err != nil {
		return nil, err
	}

	var lastErr error
	for attempt := 0; attempt < 2; attempt++ {
		reply, err := exchange(ctx, resolver, packet, id)
		if err != nil {
			lastErr = err
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() && ctx.Err() == nil {
				continue
			}
			return nil, err
		}
		return parseNS(reply, name)
	}
	return nil, lastErr
}

func exchange(ctx context.Context, resolver string, packet []byte, id uint16) ([]byte, error) {
	dialer := net.Dialer{}
	conn, err := dialer.DialContext(ctx, "udp", resolver)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	deadline := time.Now().Add(3 * time.Second)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	_ = conn.SetDeadline(deadline)
	if _, err := conn.Write(packet); err != nil {
		return nil, err
	}
	buf := make([]byte, 4096)
	for {
		n, err := conn.Read(buf)
		if err != nil {
			return nil, err
		}
		if n >= 2 && binary.BigEndian.Uint16(buf[:2]) == id {
			return buf[:n], nil
		}
	}
}

func parseNS(reply []byte, name string) ([]string, error) {
	var p dnsmessage.Parser
	header, err := p.Start(reply)
	if err != nil {
		return nil, fmt.Errorf("malformed DNS reply: %w", err)
	}
	switch header.RCode {
	case dnsmessage.RCodeSuccess:
	case dnsmessage.RCodeNameError:
		return nil, ErrNXDomain
	default:
		return nil, fmt.Errorf("the resolver answered %s", strings.TrimPrefix(header.RCode.String(), "RCode"))
	}
	if err := p.SkipAllQuestions(); err != nil {
		return nil, fmt.Errorf("malformed DNS reply: %w", err)
	}
	var out []string
	for {
		h, err := p.AnswerHeader()
		if errors.Is(err, dnsmessage.ErrSectionDone) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("malformed DNS reply: %w", err)
		}
		owner := strings.TrimSuffix(strings.ToLower(h.Name.String()), ".")
		if h.Type != dnsmessage.TypeNS || owner != name {
			if err := p.SkipAnswer(); err != nil {
				return nil, fmt.Errorf("malformed DNS reply: %w", err)
			}
			continue
		}
		r, err := p.NSResource()
		if err != nil {
			return nil, fmt.Errorf("malformed DNS reply: %w", err)
		}
		out = append(out, normalizeHost(r.NS.String()))
	}
	return out, nil
}

func normalizeHost(h string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(h)), ".")
}
