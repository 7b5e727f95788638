package analytics

import (
	"testing"

	"cro/pocketbase/eventstore"
)

// A site changed while it was being read must not stay cached as it was: the next request reads it
// again (a consent-free switch was once served as the old setting for 30 s).
func TestSiteCacheDropsALoadThatAChangeOvertook(t *testing.T) {
	c := &siteCache{m: map[string]*cachedSite{}}
	loads := 0
	c.loader = func(key string) *eventstore.Site {
		loads++
		info := &eventstore.Site{Key: key, ConsentFree: loads > 1}
		if loads == 1 {
			c.clear() // the owner's change commits while this read is under way
		}
		return info
	}
	if s := c.get("k"); s.ConsentFree {
		t.Fatal("the first read is the old setting in this test")
	}
	if s := c.get("k"); !s.ConsentFree || loads != 2 {
		t.Errorf("after the change: consent-free %v after %d reads, want the new setting from a second read", s.ConsentFree, loads)
	}
	if c.get("k"); loads != 2 {
		t.Errorf("a read no change overtook is kept: %d reads, want 2", loads)
	}
}
