package sqlite

import "sync"

// A session's breakdown values (device, browser, country, referrer's source, entry page) never
// change once its entry page is known: the first four are written with the session, the entry
// page with its first page view, and only retention deletes sessions. So the funnels' breakdowns
// keep them in memory; a session without an entry page yet is read again on the next query.

// maxCachedSessionDims bounds the sessions held (some 200 bytes each); past it the cache starts over.
const maxCachedSessionDims = 300_000

type sessionDimsCache struct {
	mu   sync.Mutex
	dims map[[2]string][]string // by site and session key
	gen  map[string]uint64      // per site: bumped when retention deletes its sessions
}

func newSessionDimsCache() *sessionDimsCache {
	return &sessionDimsCache{dims: map[[2]string][]string{}, gen: map[string]uint64{}}
}

// known answers the sessions held and lists the others; gen is the site's generation for put.
func (c *sessionDimsCache) known(site string, sessions []string) (found map[string][]string, missing []string, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	found = map[string][]string{}
	for _, k := range sessions {
		if d, ok := c.dims[[2]string{site, k}]; ok {
			found[k] = d
		} else {
			missing = append(missing, k)
		}
	}
	return found, missing, c.gen[site]
}

// put keeps the sessions read at generation gen whose entry page is known.
func (c *sessionDimsCache) put(site string, read map[string][]string, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen[site] != gen {
		return
	}
	for k, d := range read {
		if d[len(d)-1] == "" { // FunnelBreakdowns ends with the entry page
			continue
		}
		if len(c.dims) >= maxCachedSessionDims {
			c.dims = map[[2]string][]string{}
		}
		c.dims[[2]string{site, k}] = d
	}
}

func (c *sessionDimsCache) drop(site string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen[site]++
	for k := range c.dims {
		if k[0] == site {
			delete(c.dims, k)
		}
	}
}
