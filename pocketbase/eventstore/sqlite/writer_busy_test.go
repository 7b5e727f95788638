package sqlite

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"

	_ "modernc.org/sqlite" // the driver PocketBase itself uses, as another process would
)

// Another process writing the same database (an admin tool, a migration, a test's direct write)
// commits between the writer's first read and its first write: SQLite then refuses the writer's
// transaction at once with SQLITE_BUSY_SNAPSHOT, without waiting. Every batch must still be
// stored and acknowledged: before the writer retried, some were answered "busy" and, sent as
// beacons that cannot retry, lost.
func TestWriterStoresEveryBatchWhileAnotherProcessCommits(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	other, err := sql.Open("sqlite", "file:"+filepath.Join(app.DataDir(), "data.db")+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.Exec(`CREATE TABLE other_process (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // small commits, a millisecond apart
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := other.Exec(`INSERT INTO other_process (n) VALUES (?)`, i); err != nil {
				t.Errorf("the other process's write: %v", err)
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()

	store := NewSQLiteStore(app)
	store.Start()
	defer store.Stop()
	site := storetest.Site(storetest.SiteA)
	const batches = 300
	failed := 0
	for i := range batches {
		err := store.Submit(eventstore.Ingest{Site: site, Device: "desktop", Browser: "Chrome", Batch: &eventstore.Batch{
			Key: site.Key, Visitor: fmt.Sprintf("visitor%04d", i), Session: fmt.Sprintf("session%04d", i),
			Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/"}, time.Now())}}})
		if err != nil {
			failed++
			t.Logf("batch %d: %v", i, err)
		}
	}
	close(stop)
	wg.Wait()
	var stored int
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM events WHERE site_id = {:site} AND type = 'pageview'`).
		Bind(map[string]any{"site": storetest.SiteA}).Row(&stored); err != nil {
		t.Fatal(err)
	}
	if failed > 0 || stored != batches {
		t.Errorf("%d of %d batches refused, %d page views stored (want every batch acknowledged and stored)", failed, batches, stored)
	}
}
