// Package batchonce keeps a tracker batch from being stored twice. The tracker gives each batch
// an id and re-sends it unchanged when it cannot tell whether it arrived: a fetch that failed
// while its page was being left (sent again as a beacon), a 503 whose batch was committed after
// the reply. A store claims the id before it writes the batch and says when the write ended; a
// second claim of an id being written waits for that write, and one already written is refused.
//
// Ids are kept in memory for a window longer than the tracker's retries (MAX_TRIES backoff: about
// a minute), in two generations so that memory is bounded without a timestamp per id. A restart
// forgets them, and two collectors do not share them: a retry that reaches another process is
// stored again (the ids are per process, as is the writer that commits them).
package batchonce

import (
	"sync"
	"time"
)

// Window is how long an id is kept at least (at most twice that): the tracker's five retries
// back off 2+4+8+16+32 s, and a request waits at most 30 s for its commit.
const Window = 2 * time.Minute

// Set is the batch ids a store has written recently, and those being written.
type Set struct {
	mu       sync.Mutex
	cur      map[string]struct{}
	prev     map[string]struct{}
	rotated  time.Time
	inFlight map[string]chan struct{}
	now      func() time.Time
}

// New returns an empty set.
func New() *Set {
	return &Set{cur: map[string]struct{}{}, prev: map[string]struct{}{}, inFlight: map[string]chan struct{}{}, now: time.Now}
}

// Key is a batch's key in the set: ids are the tracker's, so they are kept per site.
func Key(siteID, batchID string) string { return siteID + "|" + batchID }

// Claim returns true when the caller is to write the batch (and then must call Done), false when
// it was written already. While another caller writes it, Claim waits for the outcome.
func (s *Set) Claim(key string) bool {
	for {
		s.mu.Lock()
		s.rotate()
		if s.has(key) {
			s.mu.Unlock()
			return false
		}
		wait, busy := s.inFlight[key]
		if !busy {
			s.inFlight[key] = make(chan struct{})
			s.mu.Unlock()
			return true
		}
		s.mu.Unlock()
		<-wait // the other write ended: written (refused next turn) or failed (claimed next turn)
	}
}

// Done ends a claim: a written batch's id is kept, a failed one's released for its retry.
func (s *Set) Done(key string, written bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if written {
		s.cur[key] = struct{}{}
	}
	if wait, ok := s.inFlight[key]; ok {
		delete(s.inFlight, key)
		close(wait)
	}
}

func (s *Set) has(key string) bool {
	if _, ok := s.cur[key]; ok {
		return true
	}
	_, ok := s.prev[key]
	return ok
}

// rotate drops the older generation once the current one is Window old.
func (s *Set) rotate() {
	now := s.now()
	if s.rotated.IsZero() {
		s.rotated = now
	}
	if now.Sub(s.rotated) >= Window {
		s.prev, s.cur, s.rotated = s.cur, map[string]struct{}{}, now
	}
}
