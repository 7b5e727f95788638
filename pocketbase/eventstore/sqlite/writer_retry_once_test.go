package sqlite

import (
	"errors"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
	"cro/pocketbase/eventstore/zones"
)

// A request answered busy while its batch waited for a slow commit: the batch is written after the
// answer, and the tracker's retry of it, arriving meanwhile, waits for that write and is refused,
// so the page view is counted once.
func TestARetryOfABatchAnsweredBusyButWrittenLaterIsStoredOnce(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	s := NewSQLiteStore(app).(*sqliteStore)
	s.Start()
	defer s.Stop()
	defer func(d time.Duration) { ackWait = d }(ackWait)
	ackWait = 100 * time.Millisecond
	site := storetest.Site(storetest.SiteA)
	now := time.Now()
	in := eventstore.Ingest{Site: site, Device: "desktop", Browser: "Chrome", Batch: &eventstore.Batch{
		Key: site.Key, Visitor: "visitorRetry1", Session: "sessionRetry1", ID: "batchRetry001",
		Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/"}, now)}}}

	s.w.mu.Lock() // the writer's next commit waits: a slow disk
	if err := s.Submit(in); !errors.Is(err, errBusy) {
		s.w.mu.Unlock()
		t.Fatalf("first send: %v, want busy", err)
	}
	retry := make(chan error, 1)
	go func() { retry <- s.Submit(in) }()
	select {
	case err := <-retry:
		s.w.mu.Unlock()
		t.Fatalf("the retry returned %v while the first send's batch was still being written", err)
	case <-time.After(200 * time.Millisecond):
	}
	s.w.mu.Unlock()
	if err := <-retry; !errors.Is(err, eventstore.ErrDuplicate) {
		t.Fatalf("the retry: %v, want ErrDuplicate (the first send's batch was written)", err)
	}
	day := zones.LocalDay(now, site.Zone)
	if got, err := s.Totals(storetest.SiteA, eventstore.DayRange{From: day, To: day}); err != nil || got.Pageviews != 1 {
		t.Fatalf("totals %+v (%v), want 1 page view", got, err)
	}
}
