package sqlite

import (
	"fmt"
	"runtime"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// A metric not settled is computed once, whoever needs it first: a read during the pass's
// computation waits for it and answers what it settled, and a pass during a read's computation
// waits for it and does not compute it again (before, the read computed it from raw events beside
// the pass: 156 s for the guardrails' first read at 5.2M events). Each answer is the raw pass's.
func TestSettledMetricIsComputedOnceByReadsAndThePass(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	store := NewSQLiteStore(app).(*sqliteStore)
	if err := store.WriteAll(storetest.ExperimentTraffic()); err != nil {
		t.Fatal(err)
	}
	g := guardrailMetric(storetest.SiteA, storetest.ExpOne)
	raw := func() string {
		var rows []eventstore.RatioSums
		if err := app.DB().NewQuery(g.rawSumsSQL()).Bind(g.params).All(&rows); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(guardrailFigures(rows))
	}()
	read := func(out chan<- string) {
		got, err := store.ExperimentGuardrails(g.site, g.exp)
		if err != nil {
			out <- err.Error()
			return
		}
		out <- fmt.Sprint(got)
	}
	// waitFor returns once n others wait for the metric's computation under way or are done
	// (without waiting, as they would if they computed it themselves).
	waitFor := func(n int, done func() int) {
		for {
			store.settler.mu.Lock()
			fl := store.settler.flights[[2]string{g.site, g.key}]
			waiting := 0
			if fl != nil {
				waiting = fl.waiting
			}
			store.settler.mu.Unlock()
			if waiting+done() >= n {
				return
			}
			runtime.Gosched()
		}
	}
	computed := 0
	var during func()
	store.settler.onWhole = func(d metricDef) {
		if d.key != g.key {
			return
		}
		computed++
		if f := during; f != nil {
			during = nil // the first computation's only
			f()
		}
	}

	// The pass computes it (the read asked for it before: the store's metrics are those read).
	store.settler.ask(g)
	answers := make(chan string, 2)
	during = func() {
		go read(answers)
		go read(answers)
		waitFor(2, func() int { return len(answers) })
	}
	if err := store.settler.settleAll(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if got := <-answers; got != raw {
			t.Errorf("a read during the pass's computation answered\n%s, want\n%s", got, raw)
		}
	}
	if computed != 1 {
		t.Fatalf("the pass and two reads computed the guardrails %d times, want once", computed)
	}

	// A read computes it (gone, as after 7 days unread) and the pass waits for that.
	if err := store.settler.drop(g.site, g.key); err != nil {
		t.Fatal(err)
	}
	store.settler.ask(g)
	passed := make(chan error, 1)
	during = func() {
		go func() { passed <- store.settler.settleAll() }()
		waitFor(1, func() int { return len(passed) })
	}
	read(answers)
	if got := <-answers; got != raw {
		t.Errorf("a read computing the guardrails answered\n%s, want\n%s", got, raw)
	}
	if err := <-passed; err != nil {
		t.Fatal(err)
	}
	if computed != 2 {
		t.Fatalf("a read and a pass computed the guardrails %d times in all, want twice (once each time)", computed)
	}
	if _, ok, err := store.settledSums(g); err != nil || !ok {
		t.Fatalf("the guardrails are not settled after the read (%v)", err)
	}
}
