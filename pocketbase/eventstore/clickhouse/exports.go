package clickhouse

// What the server uses of the store beyond eventstore.Store (NewClickHouseStore): a collector's
// store with its write-ahead log (analytics/collector_run.go) and what its stats route reports;
// and for the tests that stayed in analytics, the events table's row and the settling lag.

// EventStore is the event store on ClickHouse.
type EventStore = chStore

// EventRow is one row of the events table as the store writes it.
type EventRow = chRow

// NewCollectorStore is a store on an open client whose schema the main server migrated, with its
// write-ahead log in spool: a batch is acknowledged once on disk, and replayed at Start.
func NewCollectorStore(db *Client, spool string) *EventStore {
	s := newCHStore(db)
	s.wal = newCHWAL(spool)
	return s
}

// SpoolStats is the write-ahead log's counters, its pending segments and bytes, and the lines of a
// pre-WAL events.spool still to replay.
func (s *chStore) SpoolStats() (stats map[string]int64, segments int, bytes int64, legacyLines int64) {
	segments, bytes = s.wal.pending()
	return s.wal.stats.snapshot(), segments, bytes, s.legacyLines.Load()
}

// SetSettleLag sets the days before today (UTC) from which figures are settled: a large negative
// lag settles every day as soon as it is read (the contract's settled run).
func (s *chStore) SetSettleLag(days int) { s.settleLag = days }

// Client is the store's connection (the perf test reads what it seeded through it).
func (s *chStore) Client() *Client { return s.db }

// SpoolAfterInserts waits until every batch the main server's store acknowledged before the call
// is in ClickHouse (as its reads do), then returns its spool's counters and pending segments;
// false for a store without a spool.
func (s *chStore) SpoolAfterInserts() (map[string]int64, bool) {
	if s.wal == nil {
		return nil, false
	}
	s.wal.awaitInserted()
	stats := s.wal.stats.snapshot()
	segments, bytes := s.wal.pending()
	stats["pending_segments"], stats["pending_bytes"] = int64(segments), bytes
	return stats, true
}
