package analytics

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// A new site's concurrent first requests read it once: the others wait for that read.
func TestSiteCacheLoadsAKeyOnceForConcurrentRequests(t *testing.T) {
	c := &siteCache{m: map[string]*cachedSite{}}
	var loads atomic.Int32
	entered, release := make(chan struct{}), make(chan struct{})
	c.loader = func(key string) *eventstore.Site {
		if loads.Add(1) == 1 {
			close(entered)
		}
		<-release
		return &eventstore.Site{Key: key, ID: "site1"}
	}
	var wg sync.WaitGroup
	got := make([]*eventstore.Site, 20)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = c.get("k")
		}()
		if i == 0 {
			<-entered // the first request's read is under way
		}
	}
	// The others have asked meanwhile (a read of theirs would count now); the wait only gives
	// them the time to, it decides nothing when they wait as they should.
	time.Sleep(100 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := loads.Load(); n != 1 {
		t.Errorf("%d reads of one key for 20 concurrent requests, want 1", n)
	}
	for i, s := range got {
		if s == nil || s.ID != "site1" {
			t.Fatalf("request %d got %v, want the site read", i, s)
		}
	}
}
