package publicapi

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// keyLimiter holds one token bucket per API key, in memory: perMinute requests a minute on average
// with bursts up to perMinute.
type keyLimiter struct {
	perMinute int
	mu        sync.Mutex
	buckets   map[string]*bucket
	swept     time.Time
}

type bucket struct {
	lim  *rate.Limiter
	used time.Time
}

func newKeyLimiter(perMinute int) *keyLimiter {
	return &keyLimiter{perMinute: perMinute, buckets: map[string]*bucket{}, swept: time.Now()}
}

// allow takes one request from the key's budget; it reports whether it may go on and how many
// requests are left now.
func (l *keyLimiter) allow(keyID string, now time.Time) (bool, int) {
	if l.perMinute <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > 10*time.Minute {
		for id, b := range l.buckets {
			if now.Sub(b.used) > 10*time.Minute {
				delete(l.buckets, id) // idle long enough to be full again
			}
		}
		l.swept = now
	}
	b := l.buckets[keyID]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(rate.Limit(float64(l.perMinute)/60), l.perMinute)}
		l.buckets[keyID] = b
	}
	b.used = now
	ok := b.lim.AllowN(now, 1)
	return ok, max(0, int(b.lim.TokensAt(now)))
}
