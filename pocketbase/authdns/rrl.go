package authdns

import (
	"net"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/miekg/dns"
)

// Response rate limiting over UDP, as BIND's RRL does: a UDP query's source can be forged, so an
// attacker can aim our answers at a victim. Each source prefix (an IPv4 /24, an IPv6 /56) has a
// token bucket per kind of answer: the same name and type, NXDOMAIN in one zone, or an error.
// Past the bucket, every rrlSlip-th answer is sent empty and truncated (TC), which sends a real
// resolver to TCP, where the source is proven and nothing is limited; the others are dropped.
const (
	rrlRate    = 10 // answers of one kind per second to one prefix (BIND's responses-per-second)
	rrlBurst   = 20 // what a prefix may ask at once
	rrlSlip    = 2
	rrlMaxKeys = 100_000 // buckets kept; when full, the idle ones are forgotten first
	rrlIdle    = time.Duration(rrlBurst/rrlRate) * time.Second
)

type rrlKey struct {
	prefix netip.Prefix
	kind   string
}

type rrlBucket struct {
	tokens  float64
	last    time.Time
	refused int
}

type rateLimiter struct {
	mu      sync.Mutex
	buckets map[rrlKey]*rrlBucket
}

func newRateLimiter() *rateLimiter {
	return &rateLimiter{buckets: map[rrlKey]*rrlBucket{}}
}

type rrlVerdict int

const (
	rrlSend rrlVerdict = iota
	rrlSlipTruncated
	rrlDrop
)

// limit wraps a handler so that its UDP answers are rate-limited.
func (rl *rateLimiter) limit(next dns.Handler) dns.Handler {
	return dns.HandlerFunc(func(w dns.ResponseWriter, r *dns.Msg) {
		next.ServeDNS(&limitedWriter{ResponseWriter: w, rl: rl}, r)
	})
}

type limitedWriter struct {
	dns.ResponseWriter
	rl *rateLimiter
}

func (w *limitedWriter) WriteMsg(m *dns.Msg) error {
	switch w.rl.decide(w.RemoteAddr(), m, time.Now()) {
	case rrlSend:
		return w.ResponseWriter.WriteMsg(m)
	case rrlSlipTruncated:
		slip := new(dns.Msg)
		slip.MsgHdr = m.MsgHdr
		slip.Question = m.Question
		slip.Truncated = true
		return w.ResponseWriter.WriteMsg(slip)
	}
	return nil
}

func (rl *rateLimiter) decide(from net.Addr, m *dns.Msg, now time.Time) rrlVerdict {
	prefix, ok := sourcePrefix(from)
	if !ok {
		return rrlSend
	}
	key := rrlKey{prefix, answerKind(m)}
	rl.mu.Lock()
	defer rl.mu.Unlock()
	b := rl.buckets[key]
	if b == nil {
		if len(rl.buckets) >= rrlMaxKeys {
			rl.sweep(now)
		}
		b = &rrlBucket{tokens: rrlBurst, last: now}
		rl.buckets[key] = b
	}
	b.tokens = min(rrlBurst, b.tokens+now.Sub(b.last).Seconds()*rrlRate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return rrlSend
	}
	b.refused++
	if b.refused%rrlSlip == 0 {
		return rrlSlipTruncated
	}
	return rrlDrop
}

// sweep forgets the buckets idle long enough to be full again (they would start full anyway), or
// all of them if every one is busy: forgetting lets a flood through for a burst, never a client's
// answers being refused for lack of room.
func (rl *rateLimiter) sweep(now time.Time) {
	for k, b := range rl.buckets {
		if now.Sub(b.last) >= rrlIdle {
			delete(rl.buckets, k)
		}
	}
	if len(rl.buckets) >= rrlMaxKeys {
		clear(rl.buckets)
	}
}

// sourcePrefix is the /24 or /56 the answer goes to.
func sourcePrefix(from net.Addr) (netip.Prefix, bool) {
	udp, ok := from.(*net.UDPAddr)
	if !ok {
		return netip.Prefix{}, false
	}
	ip, ok := netip.AddrFromSlice(udp.IP)
	if !ok {
		return netip.Prefix{}, false
	}
	ip = ip.Unmap()
	bits := 56
	if ip.Is4() {
		bits = 24
	}
	p, err := ip.Prefix(bits)
	return p, err == nil
}

// answerKind groups answers as BIND does: the same name and type, every NXDOMAIN of one zone, or
// every error.
func answerKind(m *dns.Msg) string {
	switch {
	case m.Rcode == dns.RcodeNameError && len(m.Ns) > 0:
		return "nx " + strings.ToLower(m.Ns[0].Header().Name)
	case m.Rcode != dns.RcodeSuccess || len(m.Question) == 0:
		return "error"
	}
	q := m.Question[0]
	return strings.ToLower(q.Name) + " " + dns.TypeToString[q.Qtype]
}
