package edge

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// waitFor polls cond for up to two seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestPrefetchRetriesWithGrowingWaitsUntilItSucceeds(t *testing.T) {
	var mu sync.Mutex
	var calls []time.Time
	p := newPrefetcher(func(_ context.Context, host string) error {
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, time.Now())
		if len(calls) < 4 {
			return errors.New("the CA is down")
		}
		return nil
	}, func(string) bool { return true }, 20*time.Millisecond, 60*time.Millisecond)
	t.Cleanup(p.Close)
	p.Want([]string{"shop.test"})
	waitFor(t, "the certificate", func() bool { return p.Done("shop.test") })
	mu.Lock()
	defer mu.Unlock()
	if len(calls) != 4 {
		t.Fatalf("obtain called %d times, want 4 (three failures, then success)", len(calls))
	}
	// Waits of 20, 40, then 60 ms (capped): each gap at least its wait.
	for i, want := range []time.Duration{20, 40, 60} {
		if gap := calls[i+1].Sub(calls[i]); gap < want*time.Millisecond {
			t.Errorf("wait %d was %v, want at least %v ms", i+1, gap, want)
		}
	}
}

func TestPrefetchDoesNoDuplicateWork(t *testing.T) {
	var calls atomic.Int32
	release := make(chan struct{})
	p := newPrefetcher(func(_ context.Context, host string) error {
		calls.Add(1)
		<-release
		return nil
	}, func(string) bool { return true }, time.Millisecond, time.Millisecond)
	t.Cleanup(p.Close)
	// Every reload of the directory asks again, while the first request is still with the CA.
	p.Want([]string{"shop.test", "www.shop.test"})
	p.Want([]string{"shop.test", "www.shop.test"})
	waitFor(t, "both requests", func() bool { return calls.Load() == 2 })
	p.Want([]string{"shop.test"})
	close(release)
	waitFor(t, "both certificates", func() bool { return p.Done("shop.test") && p.Done("www.shop.test") })
	p.Want([]string{"shop.test", "www.shop.test"}) // and after they are obtained
	time.Sleep(20 * time.Millisecond)
	if n := calls.Load(); n != 2 {
		t.Fatalf("obtain called %d times for two hosts", n)
	}
}

func TestPrefetchStopsForAHostNoLongerWanted(t *testing.T) {
	var calls atomic.Int32
	var wanted atomic.Bool
	wanted.Store(true)
	p := newPrefetcher(func(context.Context, string) error {
		calls.Add(1)
		return errors.New("the CA is down")
	}, func(string) bool { return wanted.Load() }, 10*time.Millisecond, 10*time.Millisecond)
	t.Cleanup(p.Close)
	p.Want([]string{"shop.test"})
	waitFor(t, "a first attempt", func() bool { return calls.Load() >= 1 })
	wanted.Store(false) // the site was removed, or is no longer Active
	time.Sleep(50 * time.Millisecond)
	n := calls.Load()
	time.Sleep(50 * time.Millisecond)
	if calls.Load() != n || n > 2 {
		t.Fatalf("still asking the CA for a host no longer wanted (%d attempts)", calls.Load())
	}
	// Wanted again later (Active again): the work starts over.
	wanted.Store(true)
	p.Want([]string{"shop.test"})
	waitFor(t, "a new attempt", func() bool { return calls.Load() > n })
}
