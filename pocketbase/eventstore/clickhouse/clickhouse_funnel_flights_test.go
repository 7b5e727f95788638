package clickhouse

import (
	"bytes"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// chStatementLog sees every statement a store's client sends: it counts a site's computing
// statements (the funnel's step events and stored days and tallies, read or written) and can hold
// the warm-up's first one until release says so.
type chStatementLog struct {
	base    http.RoundTripper
	mu      sync.Mutex
	sent    map[string]int // by site literal
	hold    string         // the site whose warm-up's first computing statement is held
	held    chan struct{}  // closed when it arrives
	release func() bool    // polled while it is held
}

// chFunnelComputing says which statements compute a funnel's closed days or tallies (not the late-mark
// looks or the entry sessions' values every caller makes).
func chFunnelComputing(stmt string) bool {
	for _, s := range []string{"groupArray(at) AS ats", "FROM funnel_days", "FROM funnel_tallies", "INSERT INTO funnel_days", "INSERT INTO funnel_tallies"} {
		if strings.Contains(stmt, s) {
			return true
		}
	}
	return false
}

func (l *chStatementLog) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	req.Body.Close()
	req.Body, req.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	stmt := req.URL.Query().Get("query") + "\n" + string(body)
	if chFunnelComputing(stmt) {
		l.mu.Lock()
		var hold bool
		for site := range l.sent {
			if strings.Contains(stmt, site) {
				l.sent[site]++
				hold = site == l.hold && l.held != nil && req.URL.Query().Get("priority") == strconv.Itoa(chBackgroundPriority)
			}
		}
		held := l.held
		if hold {
			l.held = nil
		}
		l.mu.Unlock()
		if hold {
			close(held)
			for !l.release() {
				time.Sleep(time.Millisecond)
			}
		}
	}
	return l.base.RoundTrip(req)
}

func (l *chStatementLog) count(site string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sent[site]
}

// After a restart the warm-up and the first readers ask for the same days at once. Two readers
// coming while the warm-up works out a funnel's closed days (its first statement held until
// another caller waits for its work or works it out itself) send the computing statements once:
// as many as the warm-up of a store alone on the same events (another site), and they answer as
// that store does, by source too.
func TestClickHouseFunnelWarmUpAndReadersComputeOnce(t *testing.T) {
	url := chDatabaseURL(t)
	writer := storeAt(t, url)
	alone, shared := &eventstore.Site{ID: "flightalone", Key: "flightalonekey"}, &eventstore.Site{ID: "flightshared", Key: "flightsharedkey"}
	// Ten closed days of 30 visitors each, the same on both sites: the whole range is closed.
	last := time.Now().UTC().AddDate(0, 0, -4).Truncate(24 * time.Hour)
	first := last.AddDate(0, 0, -9)
	refs := []string{"https://google.com/", "https://bing.com/", ""}
	var ingests []eventstore.Ingest
	for d := 0; d < 10; d++ {
		for v := 0; v < 30; v++ {
			at := first.AddDate(0, 0, d).Add(time.Duration(v*37) * time.Minute)
			evs := []eventstore.Event{{Type: "pv", Path: "/", Referrer: refs[v%3], At: at}}
			if v%2 == 0 {
				evs = append(evs, eventstore.Event{Type: "pv", Path: "/cart", At: at.Add(time.Minute)})
			}
			if v%6 == 0 {
				evs = append(evs, eventstore.Event{Type: "pv", Path: "/paid", At: at.Add(2 * time.Minute)})
			}
			id := strconv.Itoa(d) + "-" + strconv.Itoa(v)
			for _, site := range []*eventstore.Site{alone, shared} {
				ingests = append(ingests, eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + id, Session: "s" + id, Events: evs}, Device: "desktop"})
			}
		}
	}
	if err := writer.WriteAll(ingests); err != nil {
		t.Fatal(err)
	}
	query := func(site string) eventstore.FunnelQuery {
		return eventstore.FunnelQuery{SiteID: site, Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/cart"}, {Page: "/paid"}},
			Window: 24 * time.Hour, Order: eventstore.FunnelOrdered, From: first, To: last.AddDate(0, 0, 1)}
	}
	log := &chStatementLog{base: http.DefaultTransport, sent: map[string]int{alone.ID: 0, shared.ID: 0}}
	newStore := func() *chStore {
		db, err := Open(url)
		if err != nil {
			t.Fatal(err)
		}
		db.http = &http.Client{Timeout: db.http.Timeout, Transport: log}
		return newCHStore(db)
	}
	results := func(s *chStore, q eventstore.FunnelQuery) eventstore.FunnelFigures {
		t.Helper()
		f, err := s.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	settled := func(s *chStore, site string) { // the readers' background tallies (warmBreakdowns) are done
		for {
			if _, busy := s.warming.Load(site); !busy {
				return
			}
			time.Sleep(time.Millisecond)
		}
	}

	// The store alone: its warm-up, then a reader, who finds it all kept.
	one := newStore()
	if err := one.WarmFunnel(query(alone.ID)); err != nil {
		t.Fatal(err)
	}
	want := results(one, query(alone.ID))
	settled(one, alone.ID)
	wantSent := log.count(alone.ID)
	bySource := query(alone.ID)
	bySource.Breakdown = "source"
	wantRows := results(one, bySource).Breakdown
	if wantSent == 0 || want.Steps[0].Users != 300 || len(wantRows) != 3 {
		t.Fatalf("the store alone sent %d computing statements, %v entrants, %d sources: want some, 300, 3", wantSent, want.Steps[0].Users, len(wantRows))
	}

	// The store shared: the readers come once the warm-up's first computing statement is on its way.
	both := newStore()
	log.mu.Lock()
	log.hold, log.held = shared.ID, make(chan struct{})
	held := log.held
	log.release = func() bool { return both.flights.waiting.Load() > 0 || log.count(shared.ID) > 1 }
	log.mu.Unlock()
	var wg sync.WaitGroup
	var warmErr error
	wg.Add(1)
	go func() { defer wg.Done(); warmErr = both.WarmFunnel(query(shared.ID)) }()
	<-held
	got := make([]eventstore.FunnelFigures, 2)
	errs := make([]error, 2)
	for i := range got {
		wg.Add(1)
		go func(i int) { defer wg.Done(); got[i], errs[i] = both.FunnelResults(query(shared.ID)) }(i)
	}
	wg.Wait()
	settled(both, shared.ID)
	if warmErr != nil || errs[0] != nil || errs[1] != nil {
		t.Fatal(warmErr, errs)
	}
	if n := log.count(shared.ID); n != wantSent {
		t.Errorf("the warm-up and two readers sent %d computing statements; the store alone %d", n, wantSent)
	}
	for i, f := range got {
		if !reflect.DeepEqual(f, want) {
			t.Errorf("reader %d: %+v\nalone: %+v", i, f, want)
		}
	}
	bySource.SiteID = shared.ID
	if rows := results(both, bySource).Breakdown; !reflect.DeepEqual(rows, wantRows) {
		t.Errorf("by source %+v\nalone: %+v", rows, wantRows)
	}
	if n := log.count(shared.ID); n != wantSent {
		t.Errorf("by source after the warm-up: %d computing statements; the store alone %d", n, wantSent)
	}
}
