package clickhouse

import (
	"math/rand"
	"reflect"
	"strconv"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
)

// The entry session values of open days' entrants are kept once final (chEntryFinal) while the
// site's late marks are quiet. Over random visitors of the last two days, with late page views
// that give kept sessions an earlier entry from another referrer, a store that keeps them must
// answer every breakdown, twice in a row, as a store that never held anything.
func TestClickHouseOpenDaysEntryDimsMatchAFreshStore(t *testing.T) {
	url := chDatabaseURL(t)
	warm := storeAt(t, url)
	site := &eventstore.Site{ID: "opendims", Key: "opendimskey"}
	rng := rand.New(rand.NewSource(21))
	now := time.Now().UTC().Truncate(time.Second)
	refs := []string{"https://google.com/", "https://bing.com/", "https://duck.com/", ""}
	paths := []string{"/", "/", "/cart", "/paid", "/about"}
	q := eventstore.FunnelQuery{SiteID: site.ID, Steps: []eventstore.FunnelStep{{Page: "/"}, {Page: "/cart"}, {Page: "/paid"}},
		Window: 24 * time.Hour, Order: eventstore.FunnelOrdered, From: now.AddDate(0, 0, -3).Truncate(24 * time.Hour),
		To: now.Add(24 * time.Hour).Truncate(24 * time.Hour), Breakdown: "source"}
	type session struct {
		visitor, id string
		first       time.Time
	}
	var sessions []session
	write := func(s session, ref string, at time.Time, n int) {
		t.Helper()
		evs := make([]eventstore.Event, n)
		for i := range evs {
			evs[i] = eventstore.Event{Type: "pv", Path: paths[rng.Intn(len(paths))], At: at.Add(time.Duration(i) * time.Minute)}
		}
		evs[0].Path, evs[0].Referrer = "/", ref
		if err := warm.WriteAll([]eventstore.Ingest{{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: s.visitor,
			Session: s.id, Events: evs}, Device: "desktop"}}); err != nil {
			t.Fatal(err)
		}
	}
	answer := func(s *chStore) []eventstore.FunnelBreakdownFigures {
		t.Helper()
		f, err := s.FunnelResults(q)
		if err != nil {
			t.Fatal(err)
		}
		return f.Breakdown
	}
	keptOpen := func() int { // entry sessions of open days kept by warm
		n := 0
		for day := chDimsClosedBefore(now); day <= chUTCDay(now); day++ {
			if v, ok := warm.dayCache.Get(funneldays.CacheKey{Site: site.ID, Funnel: chDimsFunnel, Day: chDayLabel(day)}); ok {
				n += len(v.(map[string][]string))
			}
		}
		return n
	}
	defer func(was uint32) { chLateQuiet = was }(chLateQuiet)
	for round := 0; round < 6; round++ {
		// Even rounds write late events (over an hour old: marks); odd ones only events of the
		// last hour, among them earlier page views of sessions begun in it (no mark).
		late := round%2 == 0
		span := 48 * 60
		if !late {
			span = 50
		}
		for i := 0; i < 20; i++ {
			s := session{visitor: "v" + strconv.Itoa(len(sessions)), id: "s" + strconv.Itoa(len(sessions)),
				first: now.Add(-time.Duration(1+rng.Intn(span)) * time.Minute)}
			sessions = append(sessions, s)
			write(s, refs[rng.Intn(len(refs))], s.first, 1+rng.Intn(4))
		}
		for _, k := range rng.Perm(len(sessions))[:6] { // an earlier page view, from another referrer
			recent := now.Sub(sessions[k].first) < 50*time.Minute
			if round > 0 && recent != late {
				sessions[k].first = sessions[k].first.Add(-time.Duration(1+rng.Intn(5)) * time.Minute)
				write(sessions[k], refs[rng.Intn(len(refs))], sessions[k].first, 1)
			}
		}
		// Right after a late mark nothing of the open days is kept; with the marks taken as quiet,
		// the final entries are, and the next answer is from them.
		chLateQuiet = chLateMargin
		answers := [][]eventstore.FunnelBreakdownFigures{answer(warm)}
		if n := keptOpen(); late && round > 0 && n != 0 {
			t.Fatalf("round %d: %d open days' entries kept right after a late mark", round, n)
		}
		chLateQuiet = 0
		answers = append(answers, answer(warm), answer(warm))
		want := answer(storeAt(t, url))
		for i, got := range answers {
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, answer %d: kept %+v\nfresh %+v", round, i, got, want)
			}
		}
		if keptOpen() == 0 {
			t.Fatalf("round %d: no open day's entry session kept", round)
		}
	}
}
