package collect

import (
	"crypto/sha256"
	"encoding/hex"
	"net/netip"
	"sync"
	"time"
)

// ClientShareOfSite is the most of a site's request budget that one client may take, so that a
// single noisy (or hostile) client cannot crowd the site's real visitors out.
const ClientShareOfSite = 0.25

// ClientKey identifies a client by its address only: the User-Agent is the client's to choose, so
// keying on it lets one client rotate agents past its limit. Hashed, held in memory only, never stored.
func ClientKey(ip string) string {
	sum := sha256.Sum256([]byte(ClientPrefix(ip)))
	return hex.EncodeToString(sum[:8])
}

// ClientPrefix is the part of an address that names one client: an IPv4 address whole, an IPv6
// address by its /64, since a single IPv6 client usually holds the whole prefix.
func ClientPrefix(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// Limiter is a token bucket per key (site, or hashed client address), kept only in memory.
type Limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func NewLimiter(perSecond float64) *Limiter {
	return &Limiter{rate: perSecond, burst: perSecond * 2, buckets: map[string]*bucket{}, swept: time.Now()}
}

// allow takes one token for key; false when the key is over its rate.
func (l *Limiter) Allow(key string, now time.Time) bool {
	if l.rate <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.at) > time.Minute {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	// Requests take their time when they arrive and reach here in any order (those waiting on one
	// load of their site come all at once): an earlier time than the bucket's refills nothing, and
	// must not take back what a later one added.
	if now.After(b.at) {
		b.tokens = min(b.tokens+now.Sub(b.at).Seconds()*l.rate, l.burst)
		b.at = now
	}
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
