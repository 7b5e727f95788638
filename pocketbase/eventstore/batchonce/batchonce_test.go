package batchonce

import (
	"testing"
	"time"
)

func TestAWrittenBatchIsRefusedAndAFailedOneMayBeWrittenAgain(t *testing.T) {
	s := New()
	if !s.Claim("a|1") {
		t.Fatal("a new id is claimed")
	}
	s.Done("a|1", false)
	if !s.Claim("a|1") {
		t.Fatal("after a failed write the retry writes it")
	}
	s.Done("a|1", true)
	if s.Claim("a|1") {
		t.Fatal("a written id is refused")
	}
	if !s.Claim("b|1") {
		t.Fatal("the same id of another site is another batch")
	}
}

func TestASecondClaimWaitsForTheFirstWrite(t *testing.T) {
	for _, written := range []bool{true, false} {
		s := New()
		if !s.Claim("k") {
			t.Fatal("first claim")
		}
		got := make(chan bool, 1)
		go func() { got <- s.Claim("k") }()
		select {
		case <-got:
			t.Fatal("a claim of an id being written waits for that write")
		case <-time.After(50 * time.Millisecond):
		}
		s.Done("k", written)
		if second := <-got; second == written {
			t.Fatalf("first write written=%v: second claim returned %v", written, second)
		}
	}
}

func TestIdsAreKeptAtLeastTheWindowAndForgottenAfterTwo(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s := New()
	s.now = func() time.Time { return now }
	s.Claim("k")
	s.Done("k", true)
	now = now.Add(Window + time.Second) // rotated once: still kept
	if s.Claim("k") {
		t.Fatal("an id is kept for the window")
	}
	now = now.Add(Window + time.Second) // rotated twice: forgotten
	if !s.Claim("k") {
		t.Fatal("an id older than two windows is forgotten")
	}
}
