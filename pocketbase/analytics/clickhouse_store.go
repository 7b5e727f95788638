package analytics

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"cro/pocketbase/eventstore/clickhouse"
)

// chStore is the event store on ClickHouse (CRO_EVENTS_URL): raw events only, every figure an
// aggregate over them at query time (clickhouse_rollups.go and friends), so that no writer state
// is needed for correctness and any number of collectors may insert side by side.
type chStore struct {
	db *clickhouse.Client
	in chan *chJob

	mu         sync.Mutex
	dirtyMu    sync.Mutex // dirty's own: marked after inserts, which Start's spool replay runs under mu
	dirty      map[string]bool
	revenueDay map[revenueKey]float64 // browser revenue counted per visitor and source and day (revenue_cap.go)
	revenueCap float64
	stop       chan struct{}
	done       chan struct{}
	started    bool

	// spoolPath, when set (a collector's), makes a failed insert durable on disk (clickhouse_spool.go).
	spoolPath         string
	spoolMu           sync.Mutex
	spooled, replayed atomic.Int64

	// dayCache and late: the funnels' closed days in memory (clickhouse_funnel_days.go).
	dayCache *funnelDayCache
	late     chLateState
}

type chJob struct {
	site     string
	rows     []any
	counters []any
	outcomes []any // experiment_events rows
	done     chan error
}

// chBatchWait is how long the store gathers submissions into one insert: ClickHouse wants few
// large inserts (each one is a data part), collectors want a quick acknowledgement.
const chBatchWait = 50 * time.Millisecond

// NewClickHouseStore opens the store at a URL such as http://127.0.0.1:8123/?database=cro and
// brings its schema up to date.
func NewClickHouseStore(rawURL string) (Store, error) {
	db, err := clickhouse.Open(rawURL)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(clickhouse.Schema); err != nil {
		return nil, fmt.Errorf("events store: %w", err)
	}
	return newCHStore(db), nil
}

func newCHStore(db *clickhouse.Client) *chStore {
	return &chStore{db: db, in: make(chan *chJob, 1024), dirty: map[string]bool{}, revenueDay: map[revenueKey]float64{},
		revenueCap: envFloat("CRO_BROWSER_REVENUE_CAP", DefaultBrowserRevenueCap),
		dayCache:   newFunnelDayCache(), late: chLateState{sites: map[string]*chLateSeen{}}}
}

func (s *chStore) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.started {
		return
	}
	s.started = true
	s.stop, s.done = make(chan struct{}), make(chan struct{})
	_ = s.replaySpool() // what an earlier run spooled; what fails stays spooled for the next try
	go s.loop()
}

func (s *chStore) Stop() {
	s.mu.Lock()
	started := s.started
	s.started = false
	s.mu.Unlock()
	if started {
		close(s.stop)
		<-s.done
	}
}

// Submit returns once ClickHouse confirmed the insert holding the batch's rows.
func (s *chStore) Submit(in Ingest) error {
	j, err := s.prepare(in)
	if err != nil || j == nil {
		return err
	}
	s.mu.Lock()
	started := s.started
	s.mu.Unlock()
	if !started {
		return s.insert([]*chJob{j})
	}
	s.in <- j
	return <-j.done
}

func (s *chStore) WriteAll(in []Ingest) error {
	var jobs []*chJob
	for _, x := range in {
		j, err := s.prepare(x)
		if err != nil {
			return err
		}
		if j != nil {
			jobs = append(jobs, j)
		}
	}
	return s.insert(jobs)
}

// chInserts bounds the inserts in flight: one slow insert does not hold up the next batches.
const chInserts = 4

// loop gathers the jobs submitted within chBatchWait of the first into one insert.
func (s *chStore) loop() {
	var inflight sync.WaitGroup
	sem := make(chan struct{}, chInserts)
	defer func() { inflight.Wait(); close(s.done) }()
	for {
		var first *chJob
		select {
		case first = <-s.in:
		case <-s.stop:
			inflight.Wait()
			s.drain()
			return
		case <-time.After(chReplayEvery):
			_ = s.replaySpool()
			continue
		}
		jobs := []*chJob{first}
		timer := time.NewTimer(chBatchWait)
	gather:
		for {
			select {
			case j := <-s.in:
				jobs = append(jobs, j)
			case <-timer.C:
				break gather
			}
		}
		sem <- struct{}{}
		inflight.Add(1)
		go func(jobs []*chJob) {
			defer func() { <-sem; inflight.Done() }()
			s.reply(jobs, s.insertOrSpool(jobs))
		}(jobs)
	}
}

// insertOrSpool inserts the jobs, or spools them when the insert fails and a spool is set.
func (s *chStore) insertOrSpool(jobs []*chJob) error {
	err := s.insert(jobs)
	if err != nil && s.spoolPath != "" {
		if serr := s.spoolJobs(jobs); serr == nil {
			return nil
		}
	}
	return err
}

func (s *chStore) drain() {
	for {
		select {
		case j := <-s.in:
			s.reply([]*chJob{j}, s.insertOrSpool([]*chJob{j}))
		default:
			return
		}
	}
}

func (s *chStore) reply(jobs []*chJob, err error) {
	for _, j := range jobs {
		j.done <- err
	}
}

// insert writes the jobs' events, experiment outcomes and counters: three requests however many jobs.
func (s *chStore) insert(jobs []*chJob) error {
	var rows, counters, outcomes []any
	for _, j := range jobs {
		rows = append(rows, j.rows...)
		counters = append(counters, j.counters...)
		outcomes = append(outcomes, j.outcomes...)
	}
	if err := s.db.Insert("events", rows); err != nil {
		return err
	}
	if err := s.db.Insert("experiment_events", outcomes); err != nil {
		return err
	}
	if err := s.db.Insert("counters", counters); err != nil {
		return err
	}
	s.markWritten(jobs)
	return nil
}

func (s *chStore) TakeDirty() []string {
	s.dirtyMu.Lock()
	defer s.dirtyMu.Unlock()
	out := make([]string, 0, len(s.dirty))
	for id := range s.dirty {
		out = append(out, id)
	}
	s.dirty = map[string]bool{}
	return out
}

func (s *chStore) CountAutomated(siteID string, at time.Time) error {
	return s.db.Insert("counters", []any{chCounter(siteID, dayOf(at), "bot_hits")})
}

func chCounter(siteID, day, name string) map[string]any {
	return map[string]any{"site_id": siteID, "day": day, "name": name, "n": 1}
}
