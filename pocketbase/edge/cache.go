package edge

import (
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// Cache is the edge's shared store of static answers, least recently used first out, bounded in
// bytes. Entries are keyed by site, host, the encoding asked of the origin and the path with its
// query, so one host's entry is never served for another.
type Cache struct {
	mu       sync.Mutex
	lru      *simplelru.LRU[string, *entry]
	bytes    int64
	limit    int64 // all entries together
	maxEntry int64 // one answer larger than this is not kept
	sites    map[string]*siteCounters
}

// entry is one stored answer.
type entry struct {
	site     string
	path     string // without the query: what a purge of one path matches
	status   int
	header   http.Header
	body     []byte
	storedAt time.Time
	expires  time.Time     // fresh until then; after it the origin is asked again (with validators if any)
	ageAtGet time.Duration // the Age the origin's answer already had
	size     int64
}

type siteCounters struct {
	hits, misses, bytesFromCache int64
	entries, bytes               int64
}

// CacheStats are one site's figures since the server started.
type CacheStats struct {
	Entries        int64 `json:"entries"`
	Bytes          int64 `json:"bytes"`
	Hits           int64 `json:"hits"`
	Misses         int64 `json:"misses"`
	BytesFromCache int64 `json:"bytesFromCache"`
}

// DefaultCacheMB is the cache's size when CRO_EDGE_CACHE_MB is unset.
const DefaultCacheMB = 64

// NewCache keeps at most limitBytes of answers; one answer may take at most an eighth of it (and
// never more than 8 MB), so a few large files cannot push out every small one.
func NewCache(limitBytes int64) *Cache {
	c := &Cache{limit: limitBytes, maxEntry: min(limitBytes/8, 8<<20), sites: map[string]*siteCounters{}}
	// The entry count is not the bound (bytes are): a count no cache of this size can reach.
	c.lru, _ = simplelru.NewLRU[string, *entry](1<<30, c.evicted)
	return c
}

// CacheFromEnv is the cache CRO_EDGE_CACHE_MB asks for (default 64 MB; 0 turns caching off: nil).
func CacheFromEnv() *Cache {
	mb := int64(DefaultCacheMB)
	if raw := strings.TrimSpace(os.Getenv("CRO_EDGE_CACHE_MB")); raw != "" {
		if n, err := strconv.ParseInt(raw, 10, 64); err == nil && n >= 0 {
			mb = n
		}
	}
	if mb == 0 {
		return nil
	}
	return NewCache(mb << 20)
}

func cacheKey(siteID, host, encoding string, u *url.URL) string {
	return siteID + "\x00" + host + "\x00" + encoding + "\x00" + u.RequestURI()
}

// evicted keeps the byte and per-site counts right whenever an entry leaves, whatever the reason.
// Called with c.mu held.
func (c *Cache) evicted(_ string, e *entry) {
	c.bytes -= e.size
	s := c.counters(e.site)
	s.entries--
	s.bytes -= e.size
}

// counters is the site's counters, created on first use. Called with c.mu held.
func (c *Cache) counters(site string) *siteCounters {
	s := c.sites[site]
	if s == nil {
		s = &siteCounters{}
		c.sites[site] = s
	}
	return s
}

func (c *Cache) get(key string) *entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, _ := c.lru.Get(key)
	return e
}

// put stores e under key, replacing what was there, then drops the least recently used entries
// until the cache fits its bound again.
func (c *Cache) put(key string, e *entry) {
	if e.size > c.maxEntry {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lru.Remove(key)
	c.lru.Add(key, e)
	c.bytes += e.size
	s := c.counters(e.site)
	s.entries++
	s.bytes += e.size
	for c.bytes > c.limit {
		if _, _, ok := c.lru.RemoveOldest(); !ok {
			break
		}
	}
}

func (c *Cache) drop(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lru.Remove(key)
}

// count records one answer of the site: from the cache (with its body's bytes) or from the origin.
func (c *Cache) count(site string, hit bool, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.counters(site)
	if hit {
		s.hits++
		s.bytesFromCache += int64(bytes)
	} else {
		s.misses++
	}
}

// Purge drops the site's entries (only those of one path when path is not empty) and returns how
// many it dropped.
func (c *Cache) Purge(siteID, path string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	dropped := 0
	for _, key := range c.lru.Keys() {
		e, ok := c.lru.Peek(key)
		if !ok || e.site != siteID || (path != "" && e.path != path) {
			continue
		}
		c.lru.Remove(key)
		dropped++
	}
	return dropped
}

// Stats are the site's figures.
func (c *Cache) Stats(siteID string) CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.sites[siteID]
	if s == nil {
		return CacheStats{}
	}
	return CacheStats{Entries: s.entries, Bytes: s.bytes, Hits: s.hits, Misses: s.misses, BytesFromCache: s.bytesFromCache}
}

// Size is the bytes all entries take.
func (c *Cache) Size() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}
