package clickhouse

import (
	"bytes"
	"encoding/json"
	"os"
	"time"
)

// The spool's inserter (see clickhouse_wal.go): sealed segments go to ClickHouse oldest first, as
// one insert per table, and are deleted once every table confirmed.

// insertLoop runs the inserter until stop is closed; then it tries once more, so that a graceful
// stop leaves nothing it could send.
func (s *chStore) insertLoop(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	w := s.wal
	var retry time.Duration
	for {
		var wait <-chan time.Time
		if retry > 0 {
			wait = time.After(retry)
		}
		select {
		case <-stop:
			_ = s.insertSealed()
			return
		case <-w.kick:
		case <-wait:
		}
		if err := s.insertSealed(); err != nil {
			w.stats.InsertFailures.Add(1)
			retry = min(max(2*retry, 250*time.Millisecond), walRetryMax)
		} else {
			retry = 0
		}
	}
}

// insertSealed sends every sealed segment, a group at a time; it stops at the first failure,
// leaving that group and what follows for the next try.
func (s *chStore) insertSealed() error {
	w := s.wal
	for {
		w.mu.Lock()
		var group []string
		var size int64
		for _, p := range w.sealed {
			fi, err := os.Stat(p)
			if err != nil {
				continue // gone: nothing to send
			}
			if len(group) > 0 && size+fi.Size() > walInsertMax {
				break
			}
			group, size = append(group, p), size+fi.Size()
		}
		w.mu.Unlock()
		if len(group) == 0 {
			w.mu.Lock()
			w.sealed = w.sealed[:0]
			w.mu.Unlock()
			return nil
		}
		if err := s.insertSegments(group); err != nil {
			w.mu.Lock()
			for _, p := range group {
				w.uncertain[p] = true
			}
			w.mu.Unlock()
			w.advance(0, true)
			return err
		}
		w.mu.Lock()
		done := map[string]bool{}
		var last uint64
		settle := false
		for _, p := range group {
			done[p] = true
			last, settle = max(last, w.meta[p].last), settle || w.meta[p].settle
			delete(w.meta, p)
			delete(w.uncertain, p)
			if fi, err := os.Stat(p); err == nil {
				w.onDisk.Add(-fi.Size())
			}
			_ = os.Remove(p) // a segment that outlives a crash here is found inserted at start
		}
		kept := w.sealed[:0]
		for _, p := range w.sealed {
			if !done[p] {
				kept = append(kept, p)
			}
		}
		w.sealed = kept
		w.mu.Unlock()
		w.advance(last, false)
		if settle {
			s.settleSoon()
		}
	}
}

// insertSegments sends the segments' rows as one insert per table: events, then experiment
// events, then counters (the order the uncertainty rule above relies on).
func (s *chStore) insertSegments(paths []string) error {
	w := s.wal
	var events, outcomes, counters [][]byte // the records' bytes, sent without copying
	sites := map[string]bool{}
	var rows, skipped int64
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		recs, torn := decodeWALSegment(data)
		w.stats.TornBytes.Add(int64(torn))
		if torn > 0 { // counted once: the whole records before the tear stay
			_ = os.Truncate(p, int64(len(data)-torn))
		}
		sendEvents, sendOutcomes := true, true
		w.mu.Lock()
		uncertain := w.uncertain[p]
		w.mu.Unlock()
		if uncertain {
			if sendEvents, err = s.missing(recs, "events"); err != nil {
				return err
			}
			// Events not there: neither are the outcomes (inserted after them).
			if !sendEvents {
				if sendOutcomes, err = s.missing(recs, "experiment_events"); err != nil {
					return err
				}
			}
		}
		countersUncertain := uncertain && !sendEvents // events there (or none): the counters may be too
		for _, r := range recs {
			if sendEvents {
				events = append(events, r.events)
				rows += int64(r.nEvents)
			} else {
				skipped += int64(r.nEvents)
			}
			if sendOutcomes {
				outcomes = append(outcomes, r.outcomes)
			}
			if len(r.counters) > 0 && countersUncertain {
				w.stats.CountersAtLeastOnce.Add(1)
			}
			counters = append(counters, r.counters)
			sites[r.site] = true
		}
	}
	if err := s.db.InsertEncoded("events", events); err != nil {
		return err
	}
	if err := s.db.InsertEncoded("experiment_events", outcomes); err != nil {
		return err
	}
	if err := s.db.InsertEncoded("counters", counters); err != nil {
		return err
	}
	w.stats.Inserted.Add(rows)
	w.stats.Skipped.Add(skipped)
	s.dirtyMu.Lock()
	for site := range sites {
		if site != "" {
			s.dirty[site] = true
		}
	}
	s.dirtyMu.Unlock()
	return nil
}

// missing tells whether the segment's first row of a table is absent from ClickHouse (so its
// rows of that table are to be sent); a segment without rows of the table has nothing to send.
func (s *chStore) missing(recs []walRecord, table string) (bool, error) {
	var first []byte
	for _, r := range recs {
		b := r.events
		if table == "experiment_events" {
			b = r.outcomes
		}
		if len(b) > 0 {
			first, _, _ = bytes.Cut(b, []byte("\n"))
			break
		}
	}
	if first == nil {
		return false, nil
	}
	var m struct {
		SiteID  string `json:"site_id"`
		TS      int64  `json:"ts"`
		At      uint64 `json:"at"`
		Session string `json:"session"`
		Visitor string `json:"visitor"`
		Seq     uint64 `json:"seq"`
	}
	if err := json.Unmarshal(first, &m); err != nil {
		return true, nil
	}
	sql := `SELECT count() AS n FROM events WHERE site_id = {:site} AND ts = toDateTime({:ts}) AND session = {:session} AND seq = {:seq}`
	if table == "experiment_events" {
		sql = `SELECT count() AS n FROM experiment_events WHERE site_id = {:site} AND visitor = {:visitor} AND at = {:at} AND seq = {:seq}`
	}
	q, err := Bind(sql, map[string]any{"site": m.SiteID, "ts": m.TS, "session": m.Session, "visitor": m.Visitor, "at": m.At, "seq": m.Seq})
	if err != nil {
		return false, err
	}
	r, err := s.raw.QueryOne(q) // not s.db: its reads wait for this very inserter
	if err != nil {
		return false, err
	}
	return r.Int("n") == 0, nil
}
