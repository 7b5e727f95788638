package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/revenuecap"
	"errors"
	"log"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// job is one validated batch waiting to be written; done receives the commit result.
type job struct {
	site                     *eventstore.Site
	conversion               *eventstore.ServerConversion // set instead of batch for a server-side conversion
	batch                    *eventstore.Batch
	device, browser, country string
	client                   string
	verified                 bool
	// automated, when set, is a hit filtered as automated at that time: counted, never stored as events.
	automated time.Time
	done      chan error
	// ended, when set, is told whether the job's transaction committed, once it ended.
	ended func(written bool)
}

// Writer is the SQLite store's write side: one goroutine drains waiting batches and writes them,
// with their session and rollup changes, in one transaction (group commit), so SQLite's single
// writer does one commit for many requests.
type Writer struct {
	app  core.App
	ch   chan *job
	quit chan struct{}
	wg   sync.WaitGroup
	once sync.Once

	mu         sync.Mutex // guards everything below (the live refresher reads it)
	sessions   map[string]*sessState
	visitorDay map[visitorDayKey]visitorFirst // (visitor, day) pairs known to have a session: their earliest
	revenueDay map[revenuecap.Key]float64     // browser revenue counted per visitor and per source per day
	revenueCap float64                        // per visitor per day (CRO_BROWSER_REVENUE_CAP)
	dirty      map[string]bool
	lastSweep  time.Time
	stmts      *stmtCache
}

var errBusy = errors.New("writer busy")

// ackWait is how long a request waits for its batch's commit before it is answered busy (503);
// the batch may still be written after that, so its claim ends with the commit, not the wait.
var ackWait = 30 * time.Second

const (
	maxJobsPerTx = 400
	lingerTime   = 4 * time.Millisecond
)

func newWriter(app core.App) *Writer {
	return &Writer{
		app: app, ch: make(chan *job, 4096), quit: make(chan struct{}),
		sessions: map[string]*sessState{}, visitorDay: map[visitorDayKey]visitorFirst{}, dirty: map[string]bool{}, lastSweep: time.Now(),
		revenueDay: map[revenuecap.Key]float64{}, revenueCap: revenuecap.Configured(),
	}
}

func (w *Writer) start() {
	w.once.Do(func() {
		w.wg.Add(1)
		go w.loop()
	})
}

func (w *Writer) stop() {
	select {
	case <-w.quit:
	default:
		close(w.quit)
	}
	w.wg.Wait()
}

// submit queues a job and waits for its commit (acknowledged means stored).
func (w *Writer) submit(j *job) error {
	j.done = make(chan error, 1)
	select {
	case w.ch <- j:
	case <-time.After(2 * time.Second):
		if j.ended != nil {
			j.ended(false) // never queued
		}
		return errBusy
	}
	select {
	case err := <-j.done:
		return err
	case <-time.After(ackWait):
		return errBusy
	}
}

func (w *Writer) loop() {
	defer w.wg.Done()
	for {
		var first *job
		select {
		case first = <-w.ch:
		case <-w.quit:
			w.drainOnQuit()
			return
		}
		// Linger briefly so that concurrent requests share one commit: fewer WAL writes per event.
		jobs := []*job{first}
		linger := time.NewTimer(lingerTime)
	more:
		for len(jobs) < maxJobsPerTx {
			select {
			case j := <-w.ch:
				jobs = append(jobs, j)
			case <-linger.C:
				break more
			}
		}
		linger.Stop()
		w.flush(jobs)
	}
}

func (w *Writer) drainOnQuit() {
	for {
		select {
		case j := <-w.ch:
			w.flush([]*job{j})
		default:
			return
		}
	}
}

func (w *Writer) flush(jobs []*job) {
	err := w.write(jobs)
	if err != nil {
		log.Printf("analytics: write of %d batches failed: %v", len(jobs), err)
	}
	for _, j := range jobs {
		if j.ended != nil {
			j.ended(err == nil)
		}
		if j.done != nil {
			j.done <- err
		}
	}
}

// write applies jobs in one transaction; on failure the in-memory state they touched is dropped
// so that it reloads from the database.
func (w *Writer) write(jobs []*job) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.sweep()
	var a *applier
	err := w.inTx(func(tx *txStmts) error {
		a = newApplier(w, tx)
		for _, j := range jobs {
			if err := a.apply(j); err != nil {
				return err
			}
		}
		return a.commitAggregates()
	})
	if err != nil {
		if a != nil {
			for key := range a.touched {
				delete(w.sessions, key)
			}
			for key := range a.newVisitors {
				delete(w.visitorDay, key)
			}
			for key := range a.revenueTouched {
				delete(w.revenueDay, key)
			}
		}
		return err
	}
	for _, j := range jobs {
		if j.automated.IsZero() {
			w.dirty[j.site.ID] = true
		}
	}
	return nil
}

// inTx runs fn in a transaction on the app's writer connection with the prepared statements.
func (w *Writer) inTx(fn func(*txStmts) error) error {
	if w.stmts == nil {
		c, err := newStmtCache(w.app)
		if err != nil {
			return err
		}
		w.stmts = c
	}
	tx, err := w.stmts.begin()
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.tx.Rollback()
		return err
	}
	return tx.tx.Commit()
}

// visitorDayKey is a visitor on one of its site's local days.
type visitorDayKey struct{ site, visitor, day string }

// visitorFirst is a visitor's earliest session of a day known: the day's visitor counts on it.
type visitorFirst struct {
	started int64 // ms
	session string
}

// sweep forgets sessions idle for more than an hour and visitor days older than yesterday.
func (w *Writer) sweep() {
	now := time.Now()
	if now.Sub(w.lastSweep) < time.Minute {
		return
	}
	w.lastSweep = now
	for k, s := range w.sessions {
		if now.Sub(s.touchedAt) > time.Hour {
			delete(w.sessions, k)
		}
	}
	// Days are the sites' local days, up to 14 hours ahead of UTC and 12 behind: keep two UTC days.
	yesterday := dayOf(now.Add(-48 * time.Hour))
	for k := range w.visitorDay {
		if k.day < yesterday {
			delete(w.visitorDay, k)
		}
	}
	w.sweepRevenue(now)
}

// takeDirty returns and clears the sites written since the last call.
func (w *Writer) takeDirty() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]string, 0, len(w.dirty))
	for id := range w.dirty {
		out = append(out, id)
	}
	w.dirty = map[string]bool{}
	return out
}

// activeVisitors counts distinct visitors of a site seen in the last five minutes.
func (w *Writer) activeVisitors(siteID string, now time.Time) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	seen := map[string]bool{}
	for _, s := range w.sessions {
		if s.siteID == siteID && now.Sub(s.lastSeen) <= 5*time.Minute {
			seen[s.visitor] = true
		}
	}
	return len(seen)
}

func dayOf(t time.Time) string { return t.UTC().Format("2006-01-02") }

func dbTime(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05.000Z") }

// Raw events keep their time as integer milliseconds since the epoch (6 bytes in the row and in
// each index; pb_migrations/1763907000_events_ts_ms.js); sessions, exposures and conversions keep
// ISO text (dbTime). These convert between the two, in Go and in SQL, in one place.

// eventTime is t as events.ts stores it.
func eventTime(t time.Time) int64 { return t.UnixMilli() }

// eventAt is a stored event time as a time (in UTC, as parsed ISO times are).
func eventAt(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// eventTimeISO is a stored event time as the other tables and the APIs write times (dbTime).
func eventTimeISO(ms int64) string { return dbTime(eventAt(ms)) }

// msOfSQL is SQL for an ISO time column or parameter (sessions, exposures, conversions) in events.ts's
// milliseconds, for comparing the two.
func msOfSQL(iso string) string { return eventrow.MsOfSQL(iso) }

// isoOfSQL is SQL for an events.ts value as ISO text (dbTime's layout), for comparing it with ISO
// times or giving it out.
func isoOfSQL(ms string) string { return eventrow.IsoOfSQL(ms) }

// eventRecordTimes keeps the record API's events (members' lists, the superusers' API) in ISO
// times as before: shown as dbTime, and an ISO ts in a create or update body stored as ms.
func eventRecordTimes(app core.App) {
	app.OnRecordEnrich("events").BindFunc(func(e *core.RecordEnrichEvent) error {
		if ms := int64(e.Record.GetFloat("ts")); ms != 0 {
			e.Record.SetRaw("ts", eventTimeISO(ms))
		} else {
			e.Record.SetRaw("ts", "")
		}
		return e.Next()
	})
	// The request info's body is already cast to the number field (an ISO string is 0 there): the
	// body is read again as sent.
	isoTS := func(e *core.RecordRequestEvent) error {
		sent := map[string]any{}
		if err := e.BindBody(&sent); err == nil {
			if s, ok := sent["ts"].(string); ok {
				if t, err := types.ParseDateTime(s); err == nil && !t.IsZero() {
					e.Record.Set("ts", eventTime(t.Time()))
				}
			}
		}
		return e.Next()
	}
	app.OnRecordCreateRequest("events").BindFunc(isoTS)
	app.OnRecordUpdateRequest("events").BindFunc(isoTS)
}
