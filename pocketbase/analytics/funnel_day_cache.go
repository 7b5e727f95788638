package analytics

import "sync"

// The funnel day cache keeps in memory what funnel queries read again and again for the closed
// days of a site's calendar: the decoded stored days (funnel_days.go: each day's kept attempts)
// and the event days (funnel_event_days.go: each day's step events). Both are read-only once
// cached. A late event (funnel_late.go) drops the site's days when the next funnel query handles
// its mark, and retention drops them with the events. The cache is bounded by the attempts and
// events it holds and forgets the days used least recently.

// maxCachedFunnelItems bounds the attempts and events held (some 50 to 300 bytes each): a
// 5,000,000-event site's 60 stored days hold some 80,000 attempts, its open days and a range's
// partial first day some 150,000 events.
const maxCachedFunnelItems = 1_000_000

// funnelDayCacheKey names a day of a funnel definition (funnelKey) of a site: its step events
// (events) or its decoded stored attempts.
type funnelDayCacheKey struct {
	site, funnel, day string
	events            bool
}

type funnelCachedDay struct {
	value any // map[string][]funnelEvent or map[string]funnelPath
	items int
	used  uint64
}

type funnelDayCache struct {
	mu    sync.Mutex
	days  map[funnelDayCacheKey]*funnelCachedDay
	gen   map[string]uint64 // per site: bumped when its days are dropped
	held  int
	clock uint64
}

func newFunnelDayCache() *funnelDayCache {
	return &funnelDayCache{days: map[funnelDayCacheKey]*funnelCachedDay{}, gen: map[string]uint64{}}
}

// generation is the site's count of drops: a day read from the database is kept only when no
// drop happened since the read began (it could hold what the drop meant to undo).
func (c *funnelDayCache) generation(site string) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen[site]
}

func (c *funnelDayCache) get(k funnelDayCacheKey) (any, bool) {
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

// put keeps a day read at the site's generation gen, unless the site's days were dropped since.
func (c *funnelDayCache) put(k funnelDayCacheKey, value any, items int, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen[k.site] != gen {
		return
	}
	if old, ok := c.days[k]; ok {
		c.held -= old.items
	}
	c.clock++
	c.days[k] = &funnelCachedDay{value: value, items: items, used: c.clock}
	c.held += items
	for c.held > maxCachedFunnelItems && len(c.days) > 1 {
		var oldest funnelDayCacheKey
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

// drop forgets every day of a site.
func (c *funnelDayCache) drop(site string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen[site]++
	for k, d := range c.days {
		if k.site == site {
			c.held -= d.items
			delete(c.days, k)
		}
	}
}
