package clickhouse

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// A settled day stays right when late events change its sessions: another page of a settled
// bounce, an earlier event that moves a session's start to the day before, and a conversion.
func TestClickHouseSettledDaysFollowLateEvents(t *testing.T) {
	store := openClickHouseStore(t, storetest.SiteA).(*chStore)
	s := storetest.Site(storetest.SiteA)
	d := time.Date(storetest.Now.Year(), storetest.Now.Month(), storetest.Now.Day()-10, 12, 0, 0, 0, time.UTC)
	day, dayBefore := d.Format("2006-01-02"), d.AddDate(0, 0, -1).Format("2006-01-02")
	pv := func(session, path string, t time.Time) eventstore.Ingest {
		return eventstore.Ingest{Site: s, Batch: &eventstore.Batch{Key: s.Key, Visitor: "v" + session, Session: session,
			Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: path}, t)}}, Device: "desktop", Browser: "Chrome", Country: "SE"}
	}
	check := func(step string, r eventstore.DayRange, sessions, bounces, conversions float64) {
		t.Helper()
		got, err := store.Totals(storetest.SiteA, r)
		if err != nil {
			t.Fatal(err)
		}
		if got.Sessions != sessions || got.Bounces != bounces || got.Conversions != conversions {
			t.Errorf("%s: %s to %s: sessions %v bounces %v conversions %v, want %v %v %v", step, r.From, r.To,
				got.Sessions, got.Bounces, got.Conversions, sessions, bounces, conversions)
		}
	}
	if err := store.WriteAll([]eventstore.Ingest{pv("settled01", "/", d), pv("settled02", "/", d.Add(time.Hour))}); err != nil {
		t.Fatal(err)
	}
	check("first read", eventstore.DayRange{From: day, To: day}, 2, 2, 0)
	if r, err := store.db.QueryOne("SELECT count() AS n FROM settled WHERE kind = 'basis'"); err != nil || r.Int("n") != 1 {
		t.Fatalf("the closed day was not settled: %v %v", r, err)
	}
	check("settled read", eventstore.DayRange{From: day, To: day}, 2, 2, 0)
	late := []eventstore.Ingest{pv("settled01", "/thank-you", d.Add(time.Minute)), pv("settled02", "/pricing", d.Add(-13*time.Hour))}
	if err := store.WriteAll(late); err != nil {
		t.Fatal(err)
	}
	// settled01 has two pages (no bounce) and converted; settled02 started the day before, with two pages.
	check("after late events", eventstore.DayRange{From: day, To: day}, 1, 0, 1)
	check("the day before", eventstore.DayRange{From: dayBefore, To: dayBefore}, 1, 0, 0)
	check("both days", eventstore.DayRange{From: dayBefore, To: day}, 2, 0, 1)
	sessions, err := store.RecentSessions(eventstore.SessionsQuery{SiteID: storetest.SiteA, From: d.AddDate(0, 0, -3), To: d.AddDate(0, 0, 1), Page: 1, PerPage: 1})
	if err != nil || len(sessions.Items) != 1 || !sessions.HasMore || sessions.Items[0].SessionID != "settled01" || sessions.Items[0].PageViews != 2 {
		t.Errorf("session list: %+v %v", sessions, err)
	}
	// An open day's figures are kept in memory only while no event of it arrives.
	today := eventstore.DayRange{From: storetest.Day, To: storetest.Day}
	if err := store.WriteAll([]eventstore.Ingest{pv("open0001", "/", storetest.Now.Add(-time.Hour))}); err != nil {
		t.Fatal(err)
	}
	check("open day", today, 1, 1, 0)
	check("open day again", today, 1, 1, 0)
	if err := store.WriteAll([]eventstore.Ingest{pv("open0001", "/pricing", storetest.Now.Add(-time.Minute))}); err != nil {
		t.Fatal(err)
	}
	check("open day after another page", today, 1, 0, 0)
}

// ClickHouse runs an insert's views one after another (sessions among the last): a read between
// them sees day_figures and goal_firsts with the insert and sessions without. A figure computed
// then must not be kept (in memory for an open day, in settled for a closed one) once the insert is
// whole. The test holds the sessions view back (detached) to read in between, then lets its rows in.
func TestClickHouseSettledDaysIgnoreHalfAppliedInserts(t *testing.T) {
	store := openClickHouseStore(t, storetest.SiteA).(*chStore)
	s := storetest.Site(storetest.SiteA)
	closed := time.Date(storetest.Now.Year(), storetest.Now.Month(), storetest.Now.Day()-10, 12, 0, 0, 0, time.UTC)
	pv := func(session string, when time.Time) eventstore.Ingest {
		return eventstore.Ingest{Site: s, Batch: &eventstore.Batch{Key: s.Key, Visitor: "v" + session, Session: session,
			Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/"}, when)}}, Device: "desktop", Browser: "Chrome", Country: "SE"}
	}
	days := []eventstore.DayRange{{From: storetest.Day, To: storetest.Day}, {From: closed.Format("2006-01-02"), To: closed.Format("2006-01-02")}}
	check := func(step string, sessions float64) {
		t.Helper()
		for _, r := range days {
			got, err := store.Totals(storetest.SiteA, r)
			if err != nil {
				t.Fatal(err)
			}
			if got.Pageviews != 1 || got.Sessions != sessions || got.Visitors != sessions {
				t.Errorf("%s, %s: pageviews %v sessions %v visitors %v, want 1 %v %v", step, r.From, got.Pageviews, got.Sessions,
					got.Visitors, sessions, sessions)
			}
		}
	}
	if err := store.db.Exec("DETACH TABLE sessions_mv"); err != nil {
		t.Fatal(err)
	}
	if err := store.WriteAll([]eventstore.Ingest{pv("half0001", storetest.Now.Add(-time.Hour)), pv("half0002", closed)}); err != nil {
		t.Fatal(err)
	}
	check("between the views", 0)
	if err := store.db.Exec("INSERT INTO sessions " + Rollups[0].SiteSelect(Quote(storetest.SiteA))); err != nil {
		t.Fatal(err)
	}
	if err := store.db.Exec("ATTACH TABLE sessions_mv"); err != nil {
		t.Fatal(err)
	}
	check("once the insert is whole", 1)
}

// The main server settles closed days in the background: at start, and again after an insert
// into a closed day, so that no request computes a site's history.
func TestClickHouseClosedDaysSettleInBackground(t *testing.T) {
	store := openClickHouseStore(t, storetest.SiteA).(*chStore)
	s := storetest.Site(storetest.SiteA)
	now := time.Now().UTC()
	closed := time.Date(now.Year(), now.Month(), now.Day()-10, 12, 0, 0, 0, time.UTC)
	pv := func(session string, when time.Time) eventstore.Ingest {
		return eventstore.Ingest{Site: s, Batch: &eventstore.Batch{Key: s.Key, Visitor: "v" + session, Session: session,
			Events: []eventstore.Event{storetest.At(eventstore.Event{Type: "pv", Path: "/"}, when)}}, Device: "desktop", Browser: "Chrome", Country: "SE"}
	}
	if err := store.WriteAll([]eventstore.Ingest{pv("bg000001", closed), pv("bg000002", now.Add(-time.Minute))}); err != nil {
		t.Fatal(err)
	}
	settledSessions := func(want float64) {
		t.Helper()
		for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			r, err := store.db.QueryOne(`SELECT count() AS days, argMax(sessions, version) AS sessions FROM settled
				WHERE kind = 'day' AND day = toDate('` + closed.Format("2006-01-02") + `')`)
			if err != nil {
				t.Fatal(err)
			}
			if r.Int("days") > 0 && r.Num("sessions") == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the closed day was not settled with %v sessions in the background: %v", want, r)
			}
		}
	}
	store.Start()
	defer store.Stop()
	settledSessions(1)
	if r, err := store.db.QueryOne("SELECT count() AS n FROM settled WHERE day >= today() - 1"); err != nil || r.Int("n") != 0 {
		t.Errorf("open days settled: %v %v", r, err)
	}
	if err := store.Submit(pv("bg000003", closed.Add(time.Hour))); err != nil {
		t.Fatal(err)
	}
	settledSessions(2)
	got, err := store.Totals(storetest.SiteA, eventstore.DayRange{From: closed.Format("2006-01-02"), To: closed.Format("2006-01-02")})
	if err != nil || got.Sessions != 2 {
		t.Errorf("totals of the settled day: %+v %v", got, err)
	}
}
