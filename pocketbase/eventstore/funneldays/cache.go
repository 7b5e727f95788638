package funneldays

import (
	"os"
	"strconv"
	"sync"
)

// The funnel day cache (Cache) keeps in memory what funnel queries read again and again for the closed
// days of a site's calendar: the decoded stored days (eventstore/sqlite/funnel_days.go: each day's kept attempts)
// and the event days (eventstore/sqlite/funnel_event_days.go: each day's step events). Both are read-only once
// cached. A late event (eventstore/sqlite/funnel_late.go; on ClickHouse, late_marks) drops the site's days when the next funnel query handles
// its mark, and retention drops them with the events. The cache is bounded by the attempts and
// events it holds and forgets the days used least recently.

// MaxCachedItems bounds the attempts and events held (some 50 to 300 bytes each; the setting
// CRO_FUNNEL_CACHE_ITEMS changes it): a 5,000,000-event site's 60 stored days hold some 80,000
// attempts, its open days and a range's partial first day some 150,000 events; a 50,000,000-event
// site's ten times that. A request that needs more days than the bound holds finds none of them
// kept (each read pushes out the least recently used day, the next one it needs): at 1,000,000 a
// 50M site's funnel took 10 to 15 s per request, every request.
var MaxCachedItems = cacheItems(os.Getenv("CRO_FUNNEL_CACHE_ITEMS"), 4_000_000)

// cacheItems is the setting's value when it is a positive whole number, else def.
func cacheItems(setting string, def int) int {
	if n, err := strconv.Atoi(setting); err == nil && n > 0 {
		return n
	}
	return def
}

// CacheKey names a day of a funnel definition (Key) of a site: its step events
// (events) or its decoded stored attempts.
type CacheKey struct {
	Site, Funnel, Day string
	Events            bool
}

type cachedDay struct {
	value any // map[string][]funnelpath.Event or map[string]funnelpath.Path
	items int
	used  uint64
}

type Cache struct {
	// Stored, when set, keeps whole closed event days where a server that did not read them finds
	// them (ClickHouse: funnel_days, kind events): EventDays asks it for the days memory lacks before it
	// reads events, and hands it the days it read. Set once, before the cache is used.
	Stored EventDayStore
	mu     sync.Mutex
	days   map[CacheKey]*cachedDay
	gen    map[string]uint64 // per site: bumped when its days are dropped
	held   int
	clock  uint64
}

func NewCache() *Cache {
	return &Cache{days: map[CacheKey]*cachedDay{}, gen: map[string]uint64{}}
}

// Generation is the site's count of drops: a day read from the database is kept only when no
// drop happened since the read began (it could hold what the drop meant to undo).
func (c *Cache) Generation(site string) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen[site]
}

func (c *Cache) Get(k CacheKey) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.days[k]
	if !ok {
		return nil, false
	}
	c.clock++
	d.used = c.clock
	return d.value, true
}

// Put keeps a day read at the site's generation gen, unless the site's days were dropped since.
func (c *Cache) Put(k CacheKey, value any, items int, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen[k.Site] != gen {
		return
	}
	if old, ok := c.days[k]; ok {
		c.held -= old.items
	}
	c.clock++
	c.days[k] = &cachedDay{value: value, items: items, used: c.clock}
	c.held += items
	for c.held > MaxCachedItems && len(c.days) > 1 {
		var oldest CacheKey
		var at uint64
		for key, d := range c.days {
			if at == 0 || d.used < at {
				oldest, at = key, d.used
			}
		}
		c.held -= c.days[oldest].items
		delete(c.days, oldest)
	}
}

// Forget forgets one entry (a prefix another replaced).
func (c *Cache) Forget(k CacheKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d, ok := c.days[k]; ok {
		c.held -= d.items
		delete(c.days, k)
	}
}

// Drop forgets every day of a site.
func (c *Cache) Drop(site string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen[site]++
	for k, d := range c.days {
		if k.Site == site {
			c.held -= d.items
			delete(c.days, k)
		}
	}
}

// DropUndefined forgets the site's days of funnel keys (Key) not in defined: a funnel deleted, or
// changed (its steps, window, order or zone give a new key), is never read again, so its days
// would only wait to be pushed out. What is not a funnel's day (another kind's key) stays.
func (c *Cache) DropUndefined(site string, defined map[string]bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, d := range c.days {
		if k.Site == site && IsKey(k.Funnel) && !defined[k.Funnel] {
			c.held -= d.items
			delete(c.days, k)
		}
	}
}

// Size is the days kept and the attempts and events they hold.
func (c *Cache) Size() (days, items int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.days), c.held
}

// DaysOf is the days kept of one funnel key of a site.
func (c *Cache) DaysOf(site, funnel string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k := range c.days {
		if k.Site == site && k.Funnel == funnel {
			n++
		}
	}
	return n
}
