package clickhouse

import (
	"cro/pocketbase/eventstore/batchonce"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/expfigures"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/revenuecap"
	"cro/pocketbase/eventstore/zones"
)

// chStore is the event store on ClickHouse (CRO_EVENTS_URL): raw events and their materialized
// rollups (fed by views at insert), every figure an aggregate over them (clickhouse_rollups.go,
// clickhouse_settled.go and friends), so that no writer state
// is needed for correctness and any number of collectors may insert side by side.
type chStore struct {
	db  *Client // on the main server with a spool, its reads wait for acknowledged batches (awaitInserted)
	raw *Client // the same without waiting: the spool's inserter
	in  chan *chJob

	mu         sync.Mutex
	dirtyMu    sync.Mutex // dirty's own: marked after inserts, which Start's spool replay runs under mu
	dirty      map[string]bool
	revenueDay map[revenuecap.Key]float64 // browser revenue counted per visitor and source and day (revenue_cap.go)
	revenueCap float64
	settleLag  int // days before today (UTC) from which figures are settled (clickhouse_settled.go)
	memoMu     sync.Mutex
	memo       map[string]*dayFigs      // days' figures by day, basis and kind: computed or read from settled (memoPut)
	memoItems  int                      // memo's weight: its keys, pages and dimensions (chMemoItems)
	filling    map[string]chan struct{} // days' kinds being computed, closed when done (memoMu)
	settles    bool                     // the main server's store: it settles closed days in the background
	settleKick chan struct{}            // to settleLoop: an insert into a closed day
	settleStop chan struct{}
	settleDone chan struct{}
	stop       chan struct{}
	done       chan struct{}
	started    bool

	// wal, a collector's (--spool) and the main server's (NewSpooledStore), acknowledges a batch
	// once it is on disk and inserts in the background (clickhouse_wal.go); without it (tests,
	// tools) a batch is acknowledged once its insert is confirmed.
	wal                 *chWAL
	walStop, walInsStop chan struct{}
	walDone, walInsDone chan struct{}
	legacyLines         atomic.Int64 // lines of events.spool of releases before the WAL (clickhouse_spool.go)

	// dayCache and late: the funnels' closed days in memory (clickhouse_funnel_days.go).
	dayCache *funneldays.Cache
	// clicks: the click maps' closed days and hours (clickhouse_click_days.go), apart from the
	// funnels' days, which at 50M events fill dayCache's bound and pushed them out; it follows
	// dayCache's drops (clickGen: the generation last seen per site).
	clicks   *funneldays.Cache
	clickMu  sync.Mutex
	clickGen map[string]uint64
	late     chLateState
	// once keeps a re-sent batch from being written twice.
	once    *batchonce.Set
	flights chFlights // funnel work in flight (clickhouse_funnel_flights.go)
	warming sync.Map  // sites whose entry session values are being read ahead (warmEntryDims)

	sessionSpans sync.Map // the session list's window (days) that last held a site's page (RecentSessions)

	// outcomeMemo and usersMemo: experiments' outcome days and strata versions' exposed visitors
	// (clickhouse_outcome_days.go).
	outcomeMu   sync.Mutex
	outcomeMemo map[string]outcomeDay
	usersMemo   versionMemo[expfigures.DayRow]
	cupedMemo   map[string]cupedDay               // CUPED's day sums (clickhouse_cuped_days.go)
	cellsMemo   versionMemo[eventstore.CupedCell] // strata versions' visitors per CUPED cell
	cupedWanted map[string]bool                   // the goals and windows requests read (settleCuped)
	// Guardrails' and ratio metrics' day figures and the metrics requests read (clickhouse_metric_days.go).
	metricMemo   map[string]metricDay
	metricWanted map[string]metricSpec
	// What the features define (eventstore.Definitions, clickhouse_definitions.go): nil until given.
	defsMu        sync.Mutex
	funnelDefs    func(siteID string) ([]eventstore.FunnelQuery, error)
	metricDefs    func(siteID string) ([]eventstore.RatioQuery, error)
	covDefs       func(siteID string) ([]eventstore.CovariateQuery, error)
	funnelsPruned sync.Map // site -> when its stored funnel days were last pruned (clickhouse_funnel_prune.go)
	talliesRead   sync.Map // site|funnel|breakdown|from|to -> when this process last used that closed tally
}

type chJob struct {
	site     string
	rows     []any
	counters []any
	outcomes []any // experiment_events rows
	done     chan error
}

// chBatchWait is how long a store without a spool gathers submissions into one insert: ClickHouse
// wants few large inserts (each one is a data part), the tracker a quick acknowledgement.
const chBatchWait = 50 * time.Millisecond

// NewClickHouseStore opens the store at a URL such as http://127.0.0.1:8123/?database=cro and
// brings its schema up to date; a batch is acknowledged once its insert is confirmed (tests,
// tools; the server uses NewSpooledStore).
func NewClickHouseStore(rawURL string) (eventstore.Store, error) {
	db, err := Open(rawURL)
	if err != nil {
		return nil, err
	}
	if err := db.MigrateStore(); err != nil {
		return nil, fmt.Errorf("events store: %w", err)
	}
	s := newCHStore(db)
	s.settles = true
	return s, nil
}

// NewSpooledStore is the main server's store: NewClickHouseStore's, with a collector's
// write-ahead spool in dir, so that a batch is acknowledged once fsynced there and inserted in
// large inserts behind it (replayed at Start after a crash); its reads wait until every batch
// acknowledged before them is inserted, so what a request wrote is there for the next.
func NewSpooledStore(rawURL, dir string) (eventstore.Store, error) {
	st, err := NewClickHouseStore(rawURL)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("events spool: %w", err)
	}
	s := st.(*chStore)
	s.wal = newCHWAL(dir)
	s.db = s.raw.withReadBarrier(s.wal.awaitInserted)
	return s, nil
}

func newCHStore(db *Client) *chStore {
	s := &chStore{db: db, raw: db, in: make(chan *chJob, 1024), dirty: map[string]bool{}, revenueDay: map[revenuecap.Key]float64{},
		settleLag: chSettleLag, settleKick: make(chan struct{}, 1), revenueCap: revenuecap.Configured(),
		dayCache: funneldays.NewCache(), clicks: funneldays.NewCache(), clickGen: map[string]uint64{}, late: chLateState{sites: map[string]*chLateSeen{}},
		once: batchonce.New()}
	s.dayCache.Stored = chEventDayStore{s}
	return s
}

func (s *chStore) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.started {
		return
	}
	s.started = true
	s.stop, s.done = make(chan struct{}), make(chan struct{})
	if s.wal != nil {
		// What an earlier run spooled is sent before anything new; what fails is retried.
		_ = s.replayLegacySpool()
		_ = s.wal.recover()
		_ = s.insertSealed()
		s.walStop, s.walDone = make(chan struct{}), make(chan struct{})
		s.walInsStop, s.walInsDone = make(chan struct{}), make(chan struct{})
		go s.wal.commit(s.walStop, s.walDone)
		go s.insertLoop(s.walInsStop, s.walInsDone)
		select { // what the first try left is retried without waiting for new batches
		case s.wal.kick <- struct{}{}:
		default:
		}
	}
	if s.settles { // the main server, not a collector: it settles closed days in the background
		s.settleStop, s.settleDone = make(chan struct{}), make(chan struct{})
		go s.settleLoop(s.settleKick, s.settleStop, s.settleDone)
	}
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
		if s.settleStop != nil {
			close(s.settleStop)
			<-s.settleDone
			s.settleStop = nil
		}
		if s.wal != nil {
			close(s.walStop)
			<-s.walDone
			close(s.walInsStop)
			<-s.walInsDone
		}
	}
}

// Submit claims the batch's id (eventstore/batchonce), then writes it: the id is claimed
// before prepare, which counts the batch's revenue against the cap (a refused re-send counts none).
func (s *chStore) Submit(in eventstore.Ingest) error {
	if in.Batch == nil || in.Batch.ID == "" {
		return s.submit(in)
	}
	key := batchonce.Key(in.Site.ID, in.Batch.ID)
	if !s.once.Claim(key) {
		return eventstore.ErrDuplicate
	}
	written := false
	defer func() { s.once.Done(key, written) }() // even if the write panics: its retry must not wait forever
	err := s.submit(in)
	written = err == nil
	return err
}

// submit returns once ClickHouse confirmed the insert holding the batch's rows, or, with a
// spool, once they are fsynced to it.
func (s *chStore) submit(in eventstore.Ingest) error {
	j, err := s.prepare(in)
	if err != nil || j == nil {
		return err
	}
	s.mu.Lock()
	started, walStop := s.started, s.walStop
	s.mu.Unlock()
	if !started {
		return s.insert([]*chJob{j})
	}
	if s.wal != nil {
		rec, err := encodeWALRecord(j)
		if err != nil {
			return err
		}
		return s.wal.submit(rec, len(j.rows), s.settles && s.inSettledBasis(j.rows), walStop)
	}
	s.in <- j
	return <-j.done
}

func (s *chStore) WriteAll(in []eventstore.Ingest) error {
	// The revenue cap's stored sums in one read (a failed one: capRevenue reads each itself).
	_ = s.loadRevenueDays(in)
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
			s.reply(jobs, s.insert(jobs))
		}(jobs)
	}
}

func (s *chStore) drain() {
	for {
		select {
		case j := <-s.in:
			s.reply([]*chJob{j}, s.insert([]*chJob{j}))
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
	s.kickSettle(jobs)
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
	return s.db.Insert("counters", []any{chCounter(siteID, zones.UTCDay(at), "bot_hits")})
}

func chCounter(siteID, day, name string) map[string]any {
	return map[string]any{"site_id": siteID, "day": day, "name": name, "n": 1}
}
