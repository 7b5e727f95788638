package clickhouse

import (
	"fmt"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// A settle pass and a warm-up pass read, per query, only the days of their run: a run of closed
// days is at most chSettleRun days, whatever the site holds. Measured by ClickHouse's query log on
// a site with 60 days of events: no query of either pass reads more events than a run's days and
// the margins around them (the day before and after, the zones' hours), plus two index granules.
// Before, each run's page visitors read every event of the run's months, and the warm-up computed
// its 90 days of pages in one run: on a store being filled by events-copy those reads took over
// the client's 60 s.
func TestClickHouseSettleAndWarmReadOnlyTheirDays(t *testing.T) {
	if !HaveServer() {
		t.Skip("ClickHouse skipped: " + ErrNoBinary.Error())
	}
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	l, err := startLocal(t.TempDir(), port,
		"  <query_log><database>system</database><table>query_log</table><flush_interval_milliseconds>500</flush_interval_milliseconds></query_log>\n")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Stop)
	db, err := Open(l.URL + "?database=cro")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(Schema); err != nil {
		t.Fatal(err)
	}
	// 60 whole UTC days ending three days ago, perDay page views a day in sessions of 6.
	const perDay, days, site = 3000, 60, "sitebounds00001"
	last := time.Now().UTC().AddDate(0, 0, -3).Truncate(24 * time.Hour)
	first := last.AddDate(0, 0, 1-days)
	if err := db.Exec(fmt.Sprintf(`INSERT INTO events (site_id, day, ts, at, visitor, session, type, path, device_type, browser, country, seq)
		SELECT %s, toDate(t), t, toUInt64(t) * 1000, concat('v', toString(intDiv(number, 18))), concat('s', toString(intDiv(number, 6))),
			'pageview', concat('/p', toString(number %% 20)), 'desktop', 'Chrome', 'DE', number
		FROM (SELECT number, toDateTime(%d + intDiv(number * 86400, %d)) AS t FROM numbers(%d))`,
		Quote(site), first.Unix(), perDay, perDay*days)); err != nil {
		t.Fatal(err)
	}
	store := newCHStore(db.withSetting("log_queries", "1"))
	if err := store.warmMemory(); err != nil {
		t.Fatal(err)
	}
	if err := store.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}

	// Every day is settled, and what they say is the events' count.
	from, to := first.Format(time.DateOnly), last.Format(time.DateOnly)
	counts, err := store.dayCounts(site, dayBefore(from), dayAfter(to))
	if err != nil {
		t.Fatal(err)
	}
	settled := map[string]*dayFigs{}
	if err := store.readSettled(db, site, from, to, counts, "", settled); err != nil {
		t.Fatal(err)
	}
	if len(settled) != days {
		t.Errorf("%d of the %d closed days settled", len(settled), days)
	}
	got, err := newCHStore(db).Totals(site, eventstore.DayRange{From: from, To: to})
	if err != nil {
		t.Fatal(err)
	}
	if got.Sessions != days*perDay/6 || got.Pageviews != days*perDay {
		t.Errorf("totals of the settled days: %v sessions, %v page views; want %d and %d", got.Sessions, got.Pageviews, days*perDay/6, days*perDay)
	}

	if err := db.Exec("SYSTEM FLUSH LOGS"); err != nil {
		t.Fatal(err)
	}
	// most is the query log's largest read by queries whose text holds like (and no INSERT).
	most := func(like string) (int, string) {
		q, _ := Bind(`SELECT count() AS n, max(read_rows) AS most, argMax(substring(query, 1, 300), read_rows) AS q
			FROM system.query_log WHERE type = 2 AND query LIKE {:like} AND query NOT LIKE 'INSERT%' AND query NOT LIKE '%system.%'`,
			map[string]any{"like": like})
		r, err := db.QueryOne(q)
		if err != nil {
			t.Fatal(err)
		}
		if r.Int("n") == 0 {
			t.Fatalf("no query like %q in the query log: the test reads nothing", like)
		}
		return r.Int("most"), r.Str("q")
	}
	const granules = 2 * 8192 // a read's range starts and ends within an index granule
	// A run's page visitors: its days, the day before, and the zones' margin either side (18 days).
	if n, q := most("%min(day) AS d FROM events%"); n > (chSettleRun+4)*perDay+granules {
		t.Errorf("a run's page visitors read %d rows, want at most %d days of events: %s", n, chSettleRun+4, q)
	}
	// Any query: at most the check that inserts were whole, which reads the run's events with two
	// days and the zones' margin either side (19 days), and their rollups' sessions (16 days).
	bound := (chSettleRun+5)*perDay + (chSettleRun+2)*perDay/6 + 2*granules
	if n, q := most("%"); n > bound {
		t.Errorf("a query of the passes read %d rows, want at most %d (a run's days): %s", n, bound, q)
	}
}
