package clickhouse

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// Guardrails, CUPED and ratio metrics read their exposed visitors' sessions from the sessions
// rollup (migration 15's last_at and last_error). They must be the sessions the raw events give:
// a session over midnight (two rollup rows), one written in two inserts, errors before and after
// an exposure, rows the view wrote before migration 15 (backfilled) and rows it writes since.
func TestClickHouseExposedSessionsMatchRawEvents(t *testing.T) {
	store := experimentTrafficStore(t)
	site, t0 := storetest.ExperimentSite(), storetest.Now.Add(-2*time.Hour)
	midnight := time.Date(t0.Year(), t0.Month(), t0.Day(), 0, 0, 0, 0, time.UTC)
	batch := func(visitor, session, device string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events}, Device: device}
	}
	pv := func(path string, when time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "pv", Path: path}, when)
	}
	er := func(when time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "er", Path: "/", Message: "boom", Source: "app.js"}, when)
	}
	// Written as the view before migration 15 wrote them (no last_at, last_error), then backfilled.
	before := []eventstore.Ingest{
		batch("visitor0003", "session0003m", "mobile", pv("/", midnight.Add(-10*time.Minute)), er(midnight.Add(-5*time.Minute))),
		batch("visitor0003", "session0003m", "mobile", pv("/pricing", midnight.Add(10*time.Minute))),
		batch("visitor0002", "session0002", "desktop", er(t0.Add(4*time.Minute))),
	}
	if err := store.db.Exec("DETACH TABLE sessions_mv"); err != nil {
		t.Fatal(err)
	}
	if err := store.WriteAll(before); err != nil {
		t.Fatal(err)
	}
	// (With version 17's dims in place of the seven dimension columns, as the table now has them.)
	old := strings.Replace(withDims(counted(rollupSessionsSelect)), "FROM events WHERE ",
		"FROM events WHERE (session = 'session0003m' OR (session = 'session0002' AND type = 'error')) AND ", 1)
	if err := store.db.Exec("INSERT INTO sessions (site_id, day, session, visitor, started, start_day, pageviews, entry, exit_path, " +
		"duration_ms, revenue, converted, n, dims) " + old); err != nil {
		t.Fatal(err)
	}
	if err := store.db.Exec("ATTACH TABLE sessions_mv"); err != nil {
		t.Fatal(err)
	}
	if err := store.db.Exec(sessionsLast.SQL[len(sessionsLast.SQL)-1]); err != nil {
		t.Fatal(err)
	}
	// Since: more pages and errors, one session's rows in two inserts (the view writes both columns).
	after := []eventstore.Ingest{
		batch("visitor0004", "session0004b", "mobile", pv("/", t0.Add(time.Minute)), er(t0.Add(2*time.Minute))),
		batch("visitor0004", "session0004b", "mobile", pv("/cart", t0.Add(3*time.Minute))),
		batch("visitor0001", "session0001b", "tablet", pv("/", t0.Add(30*time.Minute))),
	}
	if err := store.WriteAll(after); err != nil {
		t.Fatal(err)
	}

	p := map[string]any{"site": storetest.SiteA, "exp": storetest.ExpOne}
	raw := `SELECT visitor, session, min(at) AS s_start, max(at) AS s_last, countIf(type = 'pageview') AS s_pv,
		maxIf(at, type = 'error') AS s_err, argMin(device_type, at) AS s_device FROM events
		WHERE site_id = {:site} AND session != '' AND visitor IN (` + chExposedVisitorsSQL + `) GROUP BY visitor, session ORDER BY visitor, session`
	want, err := store.query(raw, p)
	if err != nil {
		t.Fatal(err)
	}
	got, err := store.query(chSessionsOfExposed("s_start", "s_last", "s_pv", "s_err", "s_device")+" ORDER BY visitor, session", p)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 9 || !reflect.DeepEqual(got, want) {
		t.Errorf("exposed visitors' sessions from the rollup\n got %v\nwant %v", got, want)
	}

	// A goal's and revenue's CUPED sums read together are each the same as read alone.
	q := eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"}
	goalCells, revCells, err := store.ExperimentCovariatesWithRevenue(q, 14)
	if err != nil {
		t.Fatal(err)
	}
	goalAlone, err1 := store.ExperimentCovariates(q, 14)
	revAlone, err2 := store.ExperimentCovariates(eventstore.ExperimentQuery{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, Revenue: true}, 14)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if len(goalCells) < 3 || !reflect.DeepEqual(goalCells, goalAlone) || !reflect.DeepEqual(revCells, revAlone) {
		t.Errorf("CUPED cells together\n goal %+v\n rev  %+v\nalone\n goal %+v\n rev  %+v", goalCells, revCells, goalAlone, revAlone)
	}
}
