package analytics

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"time"
)

// The spool: when ClickHouse refuses or cannot be reached, a collector still acknowledges a batch
// once its rows are appended to a local file and fsynced, and inserts them when ClickHouse is back
// (at start and every few seconds). A kill -9 loses nothing acknowledged; a crash between a
// replay's insert and the file's truncation inserts those rows twice (at least once, never lost).

type spoolEntry struct {
	Rows     []any `json:"rows"`
	Counters []any `json:"counters,omitempty"`
	Outcomes []any `json:"outcomes,omitempty"`
}

// chReplayEvery is how often a non-empty spool is tried again.
const chReplayEvery = 5 * time.Second

// spoolJobs appends the jobs to the spool and syncs it: on success they count as durable.
func (s *chStore) spoolJobs(jobs []*chJob) error {
	if s.spoolPath == "" {
		return errors.New("no spool")
	}
	s.spoolMu.Lock()
	defer s.spoolMu.Unlock()
	f, err := os.OpenFile(s.spoolPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for _, j := range jobs {
		if err := enc.Encode(spoolEntry{Rows: j.rows, Counters: j.counters, Outcomes: j.outcomes}); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	s.spooled.Add(int64(len(jobs)))
	return f.Close()
}

// replaySpool inserts what the spool holds and empties it; a torn last line (a crash mid-append,
// never acknowledged) is skipped.
func (s *chStore) replaySpool() error {
	if s.spoolPath == "" {
		return nil
	}
	s.spoolMu.Lock()
	defer s.spoolMu.Unlock()
	f, err := os.Open(s.spoolPath)
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
		s.replayed.Add(int64(len(jobs)))
	}
	return os.Truncate(s.spoolPath, 0)
}
