package clickhouse

import (
	"reflect"
	"regexp"
	"sort"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// chFirstMissingDay matches a read of settled experiment days (guardrails' and ratio metrics',
// goals' outcomes, CUPED's sums) and captures the first day it asks for: the first day a read
// found missing from memory, from which it computes.
var chFirstMissingDay = regexp.MustCompile(`FROM (visitor_metric_days|exposure_outcomes|cuped_days)\b[^;]*?\b(?:d|o_day) >= toDate\('([0-9-]+)'\)`)

// firstMissingDays are the tables and first days the statements of rec asked for, sorted.
func firstMissingDays(rec *recorder) []string {
	var out []string
	for _, q := range rec.matching(chFirstMissingDay) {
		m := chFirstMissingDay.FindStringSubmatch(q)
		out = append(out, m[1]+" "+m[2])
	}
	sort.Strings(out)
	return out
}

// A server computes each experiment day once: a second read of the guardrails, the ratio metrics
// and the goals' results computes nothing; after an insert into today it computes from today on
// only, after a late event into an earlier day from that day on only (a day's figures depend on
// the events of that day and before), and the figures stay those of the queries over every
// exposed visitor.
func TestClickHouseResultsReadsComputeEachDayOnce(t *testing.T) {
	url := chDatabaseURL(t)
	store := storeAt(t, url)
	if err := store.WriteAll(storetest.ExperimentTraffic()); err != nil {
		t.Fatal(err)
	}
	queries := metricQueries()
	server, rec := recordedServer(store)
	goals := []eventstore.ExperimentQuery{
		{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, GoalID: "goalpurchase"},
		{SiteID: storetest.SiteA, ExperimentID: storetest.ExpOne, Revenue: true},
	}
	read := func(label string) {
		t.Helper()
		got, want := metricsOf(t, server, queries), refMetrics(t, store, queries)
		if len(want) < 2*len(queries) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: day figures\n got %q\nwant %q", label, got, want)
		}
		fresh := storeAt(t, url)
		for _, q := range goals {
			got, err1 := server.ExperimentResults(q)
			want, err2 := fresh.ExperimentResults(q)
			if err1 != nil || err2 != nil || len(want.Variants) == 0 || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: results of %+v\n got %+v (%v)\nwant (a fresh server) %+v (%v)", label, q, got, err1, want, err2)
			}
		}
	}
	read("first read")
	if len(firstMissingDays(rec)) == 0 {
		t.Fatal("the first read read no settled days: the test cannot see what a read computes")
	}
	rec.reset()
	read("second read")
	noneComputed(t, "a second read", rec)
	if days := firstMissingDays(rec); len(days) > 0 {
		t.Errorf("a second read found days missing: %v", days)
	}

	site := storetest.ExperimentSite()
	write := func(visitor, session string, events ...eventstore.Event) {
		t.Helper()
		if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session,
			Events: events}, Device: "desktop"}}); err != nil {
			t.Fatal(err)
		}
	}
	// Every metric read (the guardrails and each ratio metric) finds exactly the day written missing.
	wantFrom := func(label, day string) {
		t.Helper()
		want := make([]string, 0, 1+len(queries))
		for range 1 + len(queries) {
			want = append(want, "visitor_metric_days "+day)
		}
		if got := firstMissingDays(rec); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the reads computed from %v, want from %s for each metric", label, got, day)
		}
	}
	now := time.Now().UTC()
	rec.reset()
	write("visitor0003", "session0003t", storetest.At(eventstore.Event{Type: "pv", Path: "/"}, now.Add(-time.Minute)))
	read("after a page view today")
	wantFrom("after a page view today", now.Format(time.DateOnly))

	// A page error in the experiment's last day: that day on, not the first exposure day before it.
	rec.reset()
	late := storetest.Now.Add(-time.Hour)
	write("visitor0007", "session0007e", storetest.At(eventstore.Event{Type: "er", Path: "/", Message: "boom", Source: "a.js"}, late))
	read("after a late page error")
	wantFrom("after a late page error", late.Format(time.DateOnly))

	rec.reset()
	read("a read after those")
	noneComputed(t, "a read after those", rec)
	if days := firstMissingDays(rec); len(days) > 0 {
		t.Errorf("a read after those found days missing: %v", days)
	}
}
