package clickhouse

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A collector's write-ahead spool (--spool=DIR). ClickHouse wants few large inserts and answers
// each in tens of milliseconds, so a collector that waited for an insert per batch was bound by
// insert latency (about 7,500 events/s with 4 inserts in flight). Instead:
//
//   - Submit appends the batch's encoded rows to the current segment (clickhouse_wal_segment.go)
//     and returns once it is fsynced: one committer writes every batch that arrived during the
//     previous fsync with one write and one fsync (group commit). That is the acknowledgement.
//   - The committer seals a segment walFlushEvery after its first record (or at walSegmentMax),
//     and one inserter sends sealed segments, oldest first, as one insert per table of up to
//     walInsertMax bytes, then deletes them.
//   - At start, segments left by an earlier run are inserted before the collector listens.
//   - On the main server (NewSpooledStore) a read waits until every batch acknowledged before it
//     is inserted (awaitInserted: the open segment is sealed at once), so that what a request
//     wrote is there for the next, as when the server acknowledged confirmed inserts.
//
// A segment whose insert may have happened (left at start, or whose insert failed: a timeout may
// still have inserted) is checked first: if ClickHouse holds its first events row (site, ts,
// session, seq: the table's key, one seek) its events are not sent again, and the same for its
// first experiment_events row; an insert is one block, so one row stands for the segment. Its
// counters (SummingMergeTree, nothing to look up) are then sent at least once: counted as
// countersAtLeastOnce. Acknowledged events are thus neither lost on kill -9 nor inserted twice.

const (
	walFlushEvery = 500 * time.Millisecond // how long rows wait on disk before their insert
	walSegmentMax = 16 << 20               // a segment is sealed at this size too
	walInsertMax  = 48 << 20               // bytes of segments per insert (under ClickHouse's 1,048,576-row block)
	walDiskMax    = 1 << 30                // past this much unsent spool, batches are refused (503)
	walRetryMax   = 5 * time.Second
	walReadWait   = 5 * time.Second // at most this long a read waits for acknowledged batches' insert
)

var errSpoolFull = errors.New("collector spool full: ClickHouse is not taking inserts")

// chWAL is the spool's state, shared by Submit, the committer and the inserter.
type chWAL struct {
	dir  string
	in   chan *walReq
	kick chan struct{}

	mu        sync.Mutex
	sealed    []string           // segments to insert, oldest first
	uncertain map[string]bool    // segments that may already be (partly) in ClickHouse
	meta      map[string]segMeta // sealed segments written by this run
	nextID    uint64

	// What readers wait on (awaitInserted): records are numbered in the order they are
	// acknowledged, and inserted is the last number ClickHouse holds.
	flush    chan struct{} // to the committer: seal the open segment now
	numbered atomic.Uint64
	failing  atomic.Bool // the last insert failed: readers do not wait
	progMu   sync.Mutex
	inserted uint64
	progress chan struct{} // closed when inserted grows (or an insert fails)

	onDisk atomic.Int64 // bytes of segments not yet deleted
	stats  walStats
}

// walStats are the spool's counters (GET /api/cro/collector/stats).
type walStats struct {
	Acknowledged        atomic.Int64 // event rows acknowledged (fsynced)
	Batches             atomic.Int64 // batches acknowledged
	Fsyncs              atomic.Int64 // group commits: batches / fsyncs is the group's size
	Inserted            atomic.Int64 // event rows ClickHouse confirmed
	Skipped             atomic.Int64 // event rows of a checked segment found already inserted
	Recovered           atomic.Int64 // segments found at start
	TornBytes           atomic.Int64 // bytes after a torn record (never acknowledged)
	CountersAtLeastOnce atomic.Int64 // records whose counters were sent without knowing if they were in
	InsertFailures      atomic.Int64
	Refused             atomic.Int64 // batches refused: the spool was full
}

func (st *walStats) snapshot() map[string]int64 {
	return map[string]int64{"acknowledged_events": st.Acknowledged.Load(), "acknowledged_batches": st.Batches.Load(),
		"fsyncs": st.Fsyncs.Load(), "inserted_events": st.Inserted.Load(),
		"skipped_already_inserted_events": st.Skipped.Load(), "recovered_segments": st.Recovered.Load(),
		"torn_bytes": st.TornBytes.Load(), "counters_at_least_once": st.CountersAtLeastOnce.Load(),
		"insert_failures": st.InsertFailures.Load(), "refused_spool_full": st.Refused.Load()}
}

type walReq struct {
	rec    []byte
	rows   int
	settle bool // a row falls in a settled day's basis (the main server settles after its insert)
	done   chan error
}

// segMeta is what this run knows of a sealed segment: its last record's number, and whether a
// record asked for a settling pass.
type segMeta struct {
	last   uint64
	settle bool
}

func newCHWAL(dir string) *chWAL {
	return &chWAL{dir: dir, in: make(chan *walReq), kick: make(chan struct{}, 1), uncertain: map[string]bool{},
		meta: map[string]segMeta{}, flush: make(chan struct{}, 1), progress: make(chan struct{})}
}

func segmentName(id uint64) string { return fmt.Sprintf("seg-%020d.wal", id) }

// recover lists the segments an earlier run left, oldest first, all uncertain.
func (w *chWAL) recover() error {
	names, err := filepath.Glob(filepath.Join(w.dir, "seg-*.wal"))
	if err != nil {
		return err
	}
	sort.Strings(names)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range names {
		id, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "seg-"), ".wal"), 10, 64)
		if err != nil {
			continue
		}
		if fi, err := os.Stat(p); err == nil {
			w.onDisk.Add(fi.Size())
		}
		w.sealed = append(w.sealed, p)
		w.uncertain[p] = true
		w.nextID = max(w.nextID, id+1)
		w.stats.Recovered.Add(1)
	}
	return nil
}

func (w *chWAL) pending() (segments int, bytes int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.sealed), w.onDisk.Load()
}

// submit appends one encoded record and returns once it is on disk.
func (w *chWAL) submit(rec []byte, rows int, settle bool, stopped <-chan struct{}) error {
	if w.onDisk.Load() > walDiskMax {
		w.stats.Refused.Add(1)
		return errSpoolFull
	}
	r := &walReq{rec: rec, rows: rows, settle: settle, done: make(chan error, 1)}
	select {
	case w.in <- r:
	case <-stopped:
		return errors.New("collector stopping")
	}
	return <-r.done
}

// segment is the committer's open segment.
type segment struct {
	f      *os.File
	path   string
	opened time.Time
	size   int64
	segMeta
}

// commit runs the committer until stop is closed: it seals the open segment then.
func (w *chWAL) commit(stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	var seg *segment
	seal := func() {
		if seg == nil {
			return
		}
		_ = seg.f.Close()
		w.mu.Lock()
		w.sealed = append(w.sealed, seg.path)
		w.meta[seg.path] = seg.segMeta
		w.mu.Unlock()
		seg = nil
		select {
		case w.kick <- struct{}{}:
		default:
		}
	}
	tick := time.NewTicker(walFlushEvery / 5)
	defer tick.Stop()
	var buf []byte
	for {
		select {
		case <-stop:
			seal()
			return
		case <-tick.C:
			if seg != nil && time.Since(seg.opened) >= walFlushEvery {
				seal()
			}
			continue
		case <-w.flush: // a reader waits for what was acknowledged
			seal()
			continue
		case r := <-w.in:
			batch := []*walReq{r}
			buf = append(buf[:0], r.rec...)
		gather: // everything that queued during the last fsync: one write, one fsync
			for len(buf) < walSegmentMax {
				select {
				case r := <-w.in:
					batch = append(batch, r)
					buf = append(buf, r.rec...)
				default:
					break gather
				}
			}
			var err error
			if seg == nil {
				seg, err = w.create()
			}
			if err == nil {
				if _, err = seg.f.Write(buf); err == nil {
					err = seg.f.Sync()
					w.stats.Fsyncs.Add(1)
				}
				seg.size += int64(len(buf)) // even a failed write may have left bytes
				w.onDisk.Add(int64(len(buf)))
			}
			for _, r := range batch {
				if err == nil {
					w.stats.Acknowledged.Add(int64(r.rows))
					w.stats.Batches.Add(1)
					seg.last = w.numbered.Add(1) // numbered before acknowledged: a reader after it waits for it
					seg.settle = seg.settle || r.settle
				}
				r.done <- err
			}
			if err != nil || (seg != nil && (seg.size >= walSegmentMax || time.Since(seg.opened) >= walFlushEvery)) {
				seal() // after a failed write its tail is torn: nothing more goes after it
			}
		}
	}
}

// create opens a new segment and syncs the directory, so that the file survives a crash.
func (w *chWAL) create() (*segment, error) {
	w.mu.Lock()
	id := w.nextID
	w.nextID++
	w.mu.Unlock()
	p := filepath.Join(w.dir, segmentName(id))
	f, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	if d, err := os.Open(w.dir); err == nil {
		err = d.Sync()
		d.Close()
		if err != nil {
			f.Close()
			return nil, err
		}
	}
	return &segment{f: f, path: p, opened: time.Now()}, nil
}

// advance records that ClickHouse holds every record up to last (or that an insert failed) and
// wakes the readers waiting.
func (w *chWAL) advance(last uint64, failed bool) {
	w.failing.Store(failed)
	w.progMu.Lock()
	w.inserted = max(w.inserted, last)
	close(w.progress)
	w.progress = make(chan struct{})
	w.progMu.Unlock()
}

// awaitInserted returns once every record acknowledged before the call is in ClickHouse; at once
// while inserts fail (the read would fail too, or show what is there), and after walReadWait at most.
func (w *chWAL) awaitInserted() {
	target := w.numbered.Load()
	var timeout <-chan time.Time
	for {
		w.progMu.Lock()
		done, progress := w.inserted >= target, w.progress
		w.progMu.Unlock()
		if done || w.failing.Load() {
			return
		}
		if timeout == nil {
			select { // the open segment would wait for walFlushEvery otherwise
			case w.flush <- struct{}{}:
			default:
			}
			timeout = time.After(walReadWait)
		}
		select {
		case <-progress:
		case <-timeout:
			return
		}
	}
}
