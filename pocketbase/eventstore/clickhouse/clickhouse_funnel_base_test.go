package clickhouse

import (
	"math/rand"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
)

// A funnel's open days are mostly their kept prefix's attempts: their changes over the closed part,
// the closed figures and breakdown tallies adjusted for them (the base) are kept, and a request
// adjusts the base for the visitors with events in the last hour only. Over random visitors of the
// last four days, rounds of late events (marks: the site's days dropped) and of last-hour events
// (new entrants, kept-prefix and closed-day visitors going further), a store that keeps its bases
// must answer the figures, breakdowns and each step's drop-off, twice in a row, as a fresh store's
// attempts tallied as a whole; and its requests must look at the last hour's visitors only.
func TestClickHouseOpenDaysBaseMatchesAFreshStore(t *testing.T) {
	url := chDatabaseURL(t)
	warm := storeAt(t, url)
	site := &eventstore.Site{ID: "openbase", Key: "openbasekey"}
	rng := rand.New(rand.NewSource(32))
	now := time.Now().UTC().Truncate(time.Second)
	refs := []string{"https://google.com/", "https://bing.com/", "https://duck.com/", ""}
	steps := []string{"/", "/cart", "/paid"}
	q := eventstore.FunnelQuery{SiteID: site.ID, Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/cart"}, {Page: "/paid"}},
		Window: 24 * time.Hour, Order: eventstore.FunnelOrdered, From: now.AddDate(0, 0, -4).Truncate(24 * time.Hour),
		To: now.Add(24 * time.Hour).Truncate(24 * time.Hour)}
	visitors := 0
	write := func(visitor string, at time.Time, from, n int) {
		t.Helper()
		evs := make([]eventstore.Event, n)
		for i := range evs {
			evs[i] = eventstore.Event{Type: "pv", Path: steps[min(from+i, len(steps)-1)], At: at.Add(time.Duration(i) * time.Minute)}
		}
		evs[0].Referrer = refs[rng.Intn(len(refs))]
		if err := warm.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor,
			Session: visitor + "-" + strconv.Itoa(rng.Int()), Events: evs}, Device: "desktop"}}); err != nil {
			t.Fatal(err)
		}
	}
	type answer struct {
		Figures  eventstore.FunnelFigures
		DropOffs []eventstore.FunnelDropOffFigures
	}
	breakdowns := []string{"", "source", "device"}
	answerOf := func(s *chStore) map[string]answer {
		t.Helper()
		out := map[string]answer{}
		for _, b := range breakdowns {
			bq := q
			bq.Breakdown = b
			f, err := s.FunnelResults(bq)
			if err != nil {
				t.Fatal(err)
			}
			a := answer{Figures: f}
			for step := 0; step < len(q.Steps)-1; step++ {
				d, err := s.FunnelDropOff(bq, step)
				if err != nil {
					t.Fatal(err)
				}
				a.DropOffs = append(a.DropOffs, d)
			}
			out[b] = a
		}
		return out
	}
	// The reference: a fresh store's attempts of every entrant, tallied as a whole.
	wantOf := func(s *chStore) map[string]answer {
		t.Helper()
		parts, err := s.funnelParts(s.db, q)
		if err != nil {
			t.Fatal(err)
		}
		all := parts.All()
		tally := funnelpath.NewTally(len(q.Steps))
		list := make([]funnelpath.Path, 0, len(all))
		for _, p := range all {
			tally.Add(p)
			list = append(list, p)
		}
		dims, err := s.entryDims(s.db, site.ID, list)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]answer{}
		for _, b := range breakdowns {
			a := answer{Figures: tally.Figures()}
			if b != "" {
				dim := slices.Index(funnelpath.Breakdowns, b)
				a.Figures.Breakdown = funnelpath.BreakdownRows(all, func(p funnelpath.Path) string { return funnelpath.DimOrUnknown(dims(p), dim) }, len(q.Steps))
			}
			for step := 0; step < len(q.Steps)-1; step++ {
				d, err := funnelpath.DropOff(q, step, func(eventstore.FunnelQuery) (map[string]funnelpath.Path, error) { return all, nil }, s.sessionPageViews)
				if err != nil {
					t.Fatal(err)
				}
				a.DropOffs = append(a.DropOffs, d)
			}
			out[b] = a
		}
		return out
	}
	for round := 0; round < 6; round++ {
		// Even rounds write late events (over an hour old: marks); odd ones only events of the last
		// 50 minutes: new entrants and further steps of earlier visitors.
		late := round%2 == 0
		for i := 0; i < 25; i++ {
			at := now.Add(-time.Duration(1+rng.Intn(50)) * time.Minute)
			if late {
				at = now.Add(-time.Duration(70+rng.Intn(4*24*60-80)) * time.Minute)
			}
			write("v"+strconv.Itoa(visitors), at, 0, 1+rng.Intn(3))
			visitors++
		}
		if !late {
			for _, v := range rng.Perm(visitors)[:10] { // further steps (or a new entry) in the last hour
				write("v"+strconv.Itoa(v), now.Add(-time.Duration(1+rng.Intn(50))*time.Minute), rng.Intn(3), 1+rng.Intn(2))
			}
		}
		answers := []map[string]answer{answerOf(warm), answerOf(warm)}
		want := wantOf(storeAt(t, url))
		for i, got := range answers {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, answer %d: kept %+v\nfresh %+v", round, i, got, want)
			}
		}
		// A request adjusts a kept base, for the visitors with events after the prefix only.
		gen := warm.dayCache.Generation(site.ID)
		cut := time.Now().Add(-funneldays.LateAfter).Truncate(time.Hour) // the prefix's end, or before it
		parts, err := warm.funnelParts(warm.db, q)
		if err != nil {
			t.Fatal(err)
		}
		kept := funneldays.KeptFigures(warm.dayCache, q, parts, gen)
		if kept.Base == "" {
			t.Fatalf("round %d: no base kept", round)
		}
		for _, c := range kept.Changes {
			if last := c.Now.Times[c.Now.Reached-1]; last.Before(cut) {
				t.Fatalf("round %d: a request looked at %s, whose attempt %+v is the kept prefix's", round, c.Visitor, c.Now)
			}
		}
		if len(kept.Prefix) == 0 || len(kept.Changes) >= len(parts.Open) {
			t.Fatalf("round %d: %d prefix changes, %d changes a request adjusts of %d open entrants", round, len(kept.Prefix), len(kept.Changes), len(parts.Open))
		}
	}
}
