package analytics

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

// clientKey identifies a client by its address only: the User-Agent is the client's to choose, so
// keying on it lets one client rotate agents past its limit. An IPv6 client usually holds a whole
// /64, so that prefix is the client. Hashed, held in memory only, never stored.
func clientKey(ip string) string {
	key := ip
	if a, err := netip.ParseAddr(ip); err == nil {
		a = a.Unmap()
		if a.Is6() {
			p, _ := a.Prefix(64)
			key = p.String()
		} else {
			key = a.String()
		}
	}
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:8])
}

// limiter is a token bucket per key (site, or hashed client address), kept only in memory.
type limiter struct {
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

func newLimiter(perSecond float64) *limiter {
	return &limiter{rate: perSecond, burst: perSecond * 2, buckets: map[string]*bucket{}, swept: time.Now()}
}

// allow takes one token for key; false when the key is over its rate.
func (l *limiter) allow(key string, now time.Time) bool {
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
	b.tokens += now.Sub(b.at).Seconds() * l.rate
	if b.tokens > l.burst {
		b.tokens = l.burst
	}
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
