package clickhouse

import (
	"errors"
	"sync"
	"sync/atomic"
)

// Funnel work in flight, once per key. After a restart the warm-up (funnels/warm.go, WarmFunnel)
// and the first readers of a funnel ask for the same closed days, open days and tallies at the same
// time: at 50M events each worked them out on its own (33 s for the first funnel read). A caller
// that finds the same key's work in flight waits for its answer instead; a reader waiting on the
// warm-up's work promotes it: the warm-up's statements run at the readers' priority while a reader
// waits (chFlights.promoted, Client.whilePromoted), so it never waits behind paused background reads
// (but for the statement already sent when it came, which pauses only while other readers' run).
type chFlights struct {
	mu       sync.Mutex
	m        map[string]*chFlight
	promoted atomic.Int32 // readers waiting on the warm-up's work
	waiting  atomic.Int32 // callers waiting on another's work
}

type chFlight struct {
	done       chan struct{}
	val        any
	err        error
	background bool
}

// do is compute's answer, or that of the key's work already in flight (shared: the caller must not
// write it). A failed flight's waiters compute again themselves (the warm-up's reads stop after
// chBackgroundSeconds; a reader's need not).
func (f *chFlights) do(key string, background bool, compute func() (any, error)) (val any, shared bool, err error) {
	for {
		f.mu.Lock()
		if f.m == nil {
			f.m = map[string]*chFlight{}
		}
		fl, ok := f.m[key]
		if !ok {
			break
		}
		f.mu.Unlock()
		promote := !background && fl.background
		if promote {
			f.promoted.Add(1)
		}
		f.waiting.Add(1)
		<-fl.done
		f.waiting.Add(-1)
		if promote {
			f.promoted.Add(-1)
		}
		if fl.err == nil {
			return fl.val, true, nil
		}
	}
	fl := &chFlight{done: make(chan struct{}), background: background}
	f.m[key] = fl
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		delete(f.m, key)
		f.mu.Unlock()
		close(fl.done)
	}()
	fl.err = errFlightAbandoned // kept if compute panics: the waiters compute themselves
	v, err := compute()
	fl.val, fl.err = v, err
	return v, false, err
}

var errFlightAbandoned = errors.New("clickhouse: funnel work abandoned")

// warmFunnelDB is the client of the funnels' warm-up: background priority, promoted while a reader
// waits on its work.
func (s *chStore) warmFunnelDB() *Client {
	return s.background().whilePromoted(&s.flights.promoted)
}
