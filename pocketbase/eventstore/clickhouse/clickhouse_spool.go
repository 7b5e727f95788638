package clickhouse

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
)

// Before the write-ahead spool (clickhouse_wal.go), a collector spooled only what ClickHouse
// refused, as JSON lines in DIR/events.spool. A collector upgraded with such a file inserts it at
// start (at least once: a crash between this insert and the removal inserts it again) and removes it.

type spoolEntry struct {
	Rows     []any `json:"rows"`
	Counters []any `json:"counters,omitempty"`
	Outcomes []any `json:"outcomes,omitempty"`
}

// replayLegacySpool inserts DIR/events.spool and removes it; a torn last line is skipped.
func (s *chStore) replayLegacySpool() error {
	path := filepath.Join(s.wal.dir, "events.spool")
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var jobs []*chJob
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for sc.Scan() {
		var e spoolEntry
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		jobs = append(jobs, &chJob{rows: e.Rows, counters: e.Counters, outcomes: e.Outcomes})
	}
	f.Close()
	if err := sc.Err(); err != nil {
		return err
	}
	if len(jobs) > 0 {
		if err := s.insert(jobs); err != nil {
			return err
		}
		s.legacyLines.Add(int64(len(jobs)))
	}
	return os.Remove(path)
}
