package storetest

import (
	"reflect"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The event store's contract, written once and run against every implementation: events go in
// through the writer, and each query must answer what the product shows. A new engine joins by
// calling Run from its tests with a Factory of its own.

// Factory names a store implementation and opens empty stores of it.
type Factory struct {
	Name string
	// Open returns an empty store in which the given sites exist.
	Open func(t *testing.T, siteIDs ...string) eventstore.Store
}

const (
	siteA   = "contractsite001"
	siteB   = "contractsite002"
	ruleOne = "contractrule001" // an optimization rule
	ruleTwo = "contractrule002" // a CRO worker's rule
)

// contractNow is the queries' "now": 20:00 UTC, so that the day's sessions stay on one day.
var contractNow = time.Date(2026, 3, 10, 20, 0, 0, 0, time.UTC)

const contractDay = "2026-03-10"

func contractSite(id string) *eventstore.Site {
	return &eventstore.Site{
		ID: id, Key: "key" + id,
		Goals: []eventstore.Goal{
			{ID: "goalpurchase", Name: "Purchase", Type: "url", Match: "/thank-you", Value: 50},
			{ID: "goalsignup", Name: "Signup", Type: "event", Match: "signup"},
			{ID: "goalnewsletter", Name: "Newsletter", Type: "event", Match: "newsletter", Value: 1, Micro: true},
		},
		RuleIDs: map[string]bool{ruleOne: true, ruleTwo: true},
	}
}

func ago(d time.Duration) time.Time { return contractNow.Add(-d) }

func at(e eventstore.Event, t time.Time) eventstore.Event { e.At = t; return e }

func scroll(v float64) *float64 { return &v }

// contractTraffic is the sessions every implementation is given. Today (contractDay) on site A:
//
//	A  desktop Chrome SE, from google: /, rule one applied (4 ms), worker applied (8 ms), an error
//	   on /, then /thank-you (Purchase, 50) left after 6 s at 80% scroll
//	B  mobile Safari, no country: /pricing (a bounce), rule one failed to apply twice, micro conversion
//	C  desktop Firefox DE: /, two errors on /, /pricing, then the Signup event (a conversion without value)
//	G  desktop Chrome SE: / (a bounce)
//	H  mobile Safari SE: / (a bounce), an error, then rule one applied (6 ms): the error came before
//
// and, on other days, F (visitor of A, three days earlier: / bounce) and D (100 days earlier:
// /old with rule one applied); site B has one session today. Sources: A from one client, C, G and
// H from another, B without a recorded client (as a superuser's write would be).
func contractTraffic() []eventstore.Ingest {
	a, b := contractSite(siteA), contractSite(siteB)
	pv := func(path, ref string, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "pv", Path: path, Referrer: ref}, t)
	}
	er := func(path string, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "er", Path: path, Message: "boom", Source: "app.js"}, t)
	}
	ex := func(rule string, ms float64, t time.Time) eventstore.Event {
		return at(eventstore.Event{Type: "ex", Path: "/", ID: rule, Value: ms}, t)
	}
	clients := map[string]string{"visitorAAAA": "clientsource1", "visitorCCCC": "clientsource2", "visitorGGGG": "clientsource2",
		"visitorHHHH": "clientsource2", "visitorEEEE": "clientsource3"}
	batch := func(site *eventstore.Site, visitor, session, device, browser, country string, events ...eventstore.Event) eventstore.Ingest {
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: visitor, Session: session, Events: events},
			Device: device, Browser: browser, Country: country, Client: clients[visitor]}
	}
	t0 := ago(3 * time.Hour)
	return []eventstore.Ingest{
		batch(a, "visitorAAAA", "sessionDDDD", "desktop", "Chrome", "SE",
			pv("/old", "", ago(100*24*time.Hour)), ex(ruleOne, 2, ago(100*24*time.Hour).Add(time.Second))),
		batch(a, "visitorAAAA", "sessionFFFF", "desktop", "Chrome", "SE", pv("/", "", ago(72*time.Hour))),
		batch(a, "visitorAAAA", "sessionAAAA", "desktop", "Chrome", "SE",
			pv("/", "https://www.google.com/search", t0), ex(ruleOne, 4, t0.Add(time.Second)), ex(ruleTwo, 8, t0.Add(2*time.Second)),
			er("/", t0.Add(10*time.Second))),
		// The same session's next batch.
		batch(a, "visitorAAAA", "sessionAAAA", "desktop", "Chrome", "SE",
			pv("/thank-you", "", t0.Add(20*time.Second)),
			at(eventstore.Event{Type: "lv", Path: "/thank-you", Duration: 6000, Scroll: scroll(80)}, t0.Add(30*time.Second))),
		batch(a, "visitorBBBB", "sessionBBBB", "mobile", "Safari", "",
			pv("/pricing", "", ago(30*time.Minute)),
			at(eventstore.Event{Type: "ae", Path: "/pricing", ID: ruleOne, Message: "selector missing"}, ago(30*time.Minute).Add(time.Second)),
			at(eventstore.Event{Type: "ae", Path: "/pricing", ID: ruleOne, Message: "selector missing"}, ago(30*time.Minute).Add(2*time.Second)),
			at(eventstore.Event{Type: "ev", Path: "/pricing", Name: "newsletter"}, ago(30*time.Minute).Add(3*time.Second))),
		batch(a, "visitorCCCC", "sessionCCCC", "desktop", "Firefox", "DE",
			pv("/", "", ago(2*time.Hour)), er("/", ago(2*time.Hour).Add(5*time.Second)), er("/", ago(2*time.Hour).Add(9*time.Second)),
			pv("/pricing", "", ago(2*time.Hour).Add(20*time.Second)),
			at(eventstore.Event{Type: "ev", Path: "/pricing", Name: "signup"}, ago(2*time.Hour).Add(30*time.Second))),
		batch(a, "visitorGGGG", "sessionGGGG", "desktop", "Chrome", "SE", pv("/", "", ago(time.Hour))),
		batch(a, "visitorHHHH", "sessionHHHH", "mobile", "Safari", "SE",
			pv("/", "", ago(50*time.Minute)), er("/", ago(50*time.Minute).Add(time.Second)), ex(ruleOne, 6, ago(49*time.Minute))),
		batch(b, "visitorEEEE", "sessionEEEE", "desktop", "Chrome", "SE", pv("/", "", ago(time.Hour))),
	}
}

func Overview(t *testing.T, storeFactories []Factory) {
	for _, f := range storeFactories {
		t.Run(f.Name, func(t *testing.T) {
			store := f.Open(t, siteA, siteB)
			if err := store.WriteAll(contractTraffic()); err != nil {
				t.Fatal(err)
			}
			t.Run("dirty sites and active visitors", func(t *testing.T) { checkLive(t, store) })
			t.Run("rollups", func(t *testing.T) { checkRollups(t, store) })
			t.Run("rule health", func(t *testing.T) { checkRuleHealth(t, store) })
			t.Run("worker telemetry", func(t *testing.T) { checkWorkers(t, store) })
			t.Run("distinct visitors", func(t *testing.T) { checkDistinctVisitors(t, store) })
			t.Run("session converted", func(t *testing.T) { checkSessionConverted(t, store) })
			t.Run("micro goal completions", func(t *testing.T) { checkGoalCompletions(t, store) })
			t.Run("rule revenue", func(t *testing.T) { checkRuleRevenue(t, store) })
			t.Run("retention", func(t *testing.T) { checkRetention(t, store) })
		})
	}
}

func checkLive(t *testing.T, store eventstore.Store) {
	dirty := store.TakeDirty()
	if len(dirty) != 2 || !slicesHave(dirty, siteA) || !slicesHave(dirty, siteB) {
		t.Errorf("dirty sites = %v, want both", dirty)
	}
	if again := store.TakeDirty(); len(again) != 0 {
		t.Errorf("dirty sites after taking them = %v, want none", again)
	}
	// At 19:31 only B (last seen 19:30:03) was seen in the last five minutes.
	if n := store.ActiveVisitors(siteA, ago(29*time.Minute)); n != 1 {
		t.Errorf("active visitors = %d, want 1", n)
	}
	if n := store.ActiveVisitors(siteA, contractNow.Add(time.Hour)); n != 0 {
		t.Errorf("active visitors an hour later = %d, want 0", n)
	}
}

func checkRollups(t *testing.T, store eventstore.Store) {
	today := eventstore.DayRange{From: contractDay, To: contractDay}
	got, err := store.Totals(siteA, today)
	if err != nil {
		t.Fatal(err)
	}
	want := eventstore.Totals{Visitors: 5, Sessions: 5, Pageviews: 7, Bounces: 3, DurationMs: 6000, Conversions: 2, ConvertedSessions: 2,
		Revenue: 50, ScrollSum: 80, ScrollCount: 1, Errors: 4, Micro: 1}
	if got != want {
		t.Errorf("today's totals:\n got %+v\nwant %+v", got, want)
	}
	week := eventstore.DayRange{From: "2026-03-04", To: contractDay}
	if got, _ := store.Totals(siteA, week); got.Sessions != 6 || got.Visitors != 6 || got.Pageviews != 8 || got.Bounces != 4 {
		t.Errorf("the week's totals = %+v, want 6 sessions, 6 visitors, 8 page views, 4 bounces", got)
	}
	if got, _ := store.Totals(siteA, eventstore.DayRange{From: "2025-01-01", To: eventstore.OpenEnd}); got.Sessions != 7 {
		t.Errorf("open-ended totals count %v sessions, want 7", got.Sessions)
	}
	if got, _ := store.Totals(siteB, today); got.Sessions != 1 || got.Pageviews != 1 {
		t.Errorf("site B's totals = %+v, want its one session", got)
	}
	if got, _ := store.Totals("nosuchsite00000", today); got != (eventstore.Totals{}) {
		t.Errorf("unknown site's totals = %+v, want zeros", got)
	}
	checkTotalsMany(t, store, siteA, today, week, eventstore.DayRange{From: "2025-01-01", To: eventstore.OpenEnd},
		eventstore.DayRange{From: "2026-03-07", To: "2026-03-07"}, eventstore.DayRange{From: "2026-03-11", To: "2026-03-20"})

	days, err := store.Daily(siteA, week)
	if err != nil {
		t.Fatal(err)
	}
	wantDays := []eventstore.DayFigures{
		{Day: "2026-03-07", Visitors: 1, Sessions: 1, Pageviews: 1},
		{Day: contractDay, Visitors: 5, Sessions: 5, Pageviews: 7, Conversions: 2, ConvertedSessions: 2, Revenue: 50},
	}
	if !reflect.DeepEqual(days, wantDays) {
		t.Errorf("daily rollups:\n got %+v\nwant %+v", days, wantDays)
	}

	pages, err := store.TopPages(siteA, today, 10)
	if err != nil {
		t.Fatal(err)
	}
	wantPages := []eventstore.PageFigures{
		{Path: "/thank-you", Visitors: 1, Pageviews: 1, Conversions: 1, Revenue: 50, DurationMs: 6000, ScrollSum: 80, ScrollCount: 1},
		{Path: "/pricing", Visitors: 2, Pageviews: 2, Entries: 1, Bounces: 1, Conversions: 1},
		{Path: "/", Visitors: 4, Pageviews: 4, Entries: 4, Bounces: 2, Errors: 4},
	}
	if !reflect.DeepEqual(pages, wantPages) {
		t.Errorf("top pages:\n got %+v\nwant %+v", pages, wantPages)
	}
	if top, _ := store.TopPages(siteA, today, 1); len(top) != 1 || top[0].Path != "/thank-you" {
		t.Errorf("top page with limit 1 = %+v, want /thank-you only", top)
	}

	dims, err := store.Dimensions(siteA, today)
	if err != nil {
		t.Fatal(err)
	}
	byKey := map[string]eventstore.DimFigures{}
	for i, d := range dims {
		if i > 0 && d.Sessions > dims[i-1].Sessions {
			t.Errorf("dimensions not ordered by sessions: %+v", dims)
		}
		byKey[d.Dim+"="+d.Value] = d
	}
	wantDims := map[string]eventstore.DimFigures{
		"source=Direct":     {Sessions: 4, Visitors: 4, Conversions: 1},
		"source=google.com": {Sessions: 1, Visitors: 1, Conversions: 1, Revenue: 50},
		"device=desktop":    {Sessions: 3, Visitors: 3, Conversions: 2, Revenue: 50},
		"device=mobile":     {Sessions: 2, Visitors: 2},
		"browser=Safari":    {Sessions: 2, Visitors: 2},
		"country=SE":        {Sessions: 3, Visitors: 3, Conversions: 1, Revenue: 50},
		"country=Unknown":   {Sessions: 1, Visitors: 1},
		"country=DE":        {Sessions: 1, Visitors: 1, Conversions: 1},
	}
	for key, w := range wantDims {
		g := byKey[key]
		if g.Sessions != w.Sessions || g.Visitors != w.Visitors || g.Conversions != w.Conversions || g.Revenue != w.Revenue {
			t.Errorf("dimension %s = %+v, want %+v", key, g, w)
		}
	}
	if len(dims) != 10 { // 2 sources, 2 devices, 3 browsers, 3 countries
		t.Errorf("%d dimension values, want 10: %+v", len(dims), dims)
	}
}

func checkRuleHealth(t *testing.T, store eventstore.Store) {
	got, err := store.RuleHealth(siteA, ruleOne, ago(24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	// Exposed: A and H (H's error came before its exposure), two visitors from two sources; A's
	// error counts. Unexposed: C and G (B only failed), B's failures from its own visitor.
	want := eventstore.RuleTelemetry{ExposedSessions: 2, ExposedErrorSessions: 1, ExposedConversions: 1, UnexposedSessions: 2,
		UnexposedErrorSessions: 1, UnexposedConversions: 1, ApplyFailures: 2, ExposedVisitors: 2, ExposedSources: 2,
		TopExposedSourceVisitors: 1, ExposedErrorVisitors: 1, ErrorVisitorsBySource: []int{1}, ApplyFailureVisitorsBySource: []int{1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rule one's telemetry:\n got %+v\nwant %+v", got, want)
	}
	got, _ = store.RuleHealth(siteA, ruleTwo, ago(24*time.Hour))
	want = eventstore.RuleTelemetry{ExposedSessions: 1, ExposedErrorSessions: 1, ExposedConversions: 1, UnexposedSessions: 4,
		UnexposedErrorSessions: 2, UnexposedConversions: 1, ExposedVisitors: 1, ExposedSources: 1, TopExposedSourceVisitors: 1,
		ExposedErrorVisitors: 1, ErrorVisitorsBySource: []int{1}, ApplyFailureVisitorsBySource: []int{}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rule two's telemetry:\n got %+v\nwant %+v", got, want)
	}
	if got, _ := store.RuleHealth(siteA, ruleOne, ago(45*time.Minute)); got.ExposedSessions != 0 || got.ApplyFailures != 2 {
		t.Errorf("rule one's telemetry of the last 45 minutes = %+v, want no exposure and 2 failures", got)
	}
	want = eventstore.RuleTelemetry{UnexposedSessions: 1, ErrorVisitorsBySource: []int{}, ApplyFailureVisitorsBySource: []int{}}
	if got, _ := store.RuleHealth(siteB, ruleOne, ago(24*time.Hour)); !reflect.DeepEqual(got, want) {
		t.Errorf("site B's telemetry for rule one = %+v, want its one unexposed session", got)
	}
}

func checkWorkers(t *testing.T, store eventstore.Store) {
	got, err := store.WorkerTelemetry(siteA, []string{ruleOne, ruleTwo}, contractNow)
	if err != nil {
		t.Fatal(err)
	}
	// Page loads: A 2, B 1, C 2, G 1, H 1; failed: (A, /), (C, /) twice, (H, /).
	want := eventstore.WorkerTelemetry{AppliedLastHour: 1, ExposuresLastDay: 3, MeanApplyMs: 6, PageLoadsLastDay: 7, FailedLoadsLastDay: 3}
	if got != want {
		t.Errorf("workers' telemetry:\n got %+v\nwant %+v", got, want)
	}
	got, _ = store.WorkerTelemetry(siteA, []string{ruleTwo}, contractNow)
	if want := (eventstore.WorkerTelemetry{ExposuresLastDay: 1, MeanApplyMs: 8, PageLoadsLastDay: 7, FailedLoadsLastDay: 3}); got != want {
		t.Errorf("worker two's telemetry = %+v, want %+v", got, want)
	}
	got, _ = store.WorkerTelemetry(siteA, nil, contractNow)
	if want := (eventstore.WorkerTelemetry{PageLoadsLastDay: 7, FailedLoadsLastDay: 3}); got != want {
		t.Errorf("telemetry without workers = %+v, want %+v", got, want)
	}
}

// Visitors are counted once however many sessions they had, from their sessions' start times.
func checkDistinctVisitors(t *testing.T, store eventstore.Store) {
	for _, c := range []struct {
		site  string
		since time.Duration
		want  int
	}{
		{siteA, 4 * 24 * time.Hour, 5}, // A (two sessions in the window), B, C, G, H
		{siteA, 90 * time.Minute, 3},   // B, G, H
		{siteA, time.Minute, 0},
		{siteB, 24 * time.Hour, 1},
	} {
		if got, err := store.DistinctVisitors(c.site, ago(c.since)); err != nil || got != c.want {
			t.Errorf("distinct visitors of %s since %v = %d (%v), want %d", c.site, c.since, got, err, c.want)
		}
	}
}

// A bought (URL goal) and C signed up (event goal); B completed only a micro goal, which is no
// conversion; an unknown session and another site's session key are not converted.
func checkSessionConverted(t *testing.T, store eventstore.Store) {
	for _, c := range []struct {
		site, session string
		want          bool
	}{
		{siteA, "sessionAAAA", true}, {siteA, "sessionCCCC", true}, {siteA, "sessionBBBB", false},
		{siteA, "sessionGGGG", false}, {siteA, "nosuchsession", false}, {siteB, "sessionAAAA", false},
	} {
		if got, err := store.SessionConverted(c.site, c.session); err != nil || got != c.want {
			t.Errorf("session %s of %s converted = %v (%v), want %v", c.session, c.site, got, err, c.want)
		}
	}
}

func checkRetention(t *testing.T, store eventstore.Store) {
	longAgo := ago(200 * 24 * time.Hour)
	everything := eventstore.DayRange{From: "2025-01-01", To: eventstore.OpenEnd}
	before, _ := store.Totals(siteA, everything)
	if got, _ := store.RuleHealth(siteA, ruleOne, longAgo); got.ExposedSessions != 3 {
		t.Fatalf("before pruning rule one has %d exposed sessions, want 3 (with the old one)", got.ExposedSessions)
	}
	if got, _ := store.WorkerTelemetry(siteA, nil, ago(100*24*time.Hour).Add(time.Hour)); got.PageLoadsLastDay != 9 {
		t.Fatalf("before pruning %d page views since the old session, want 9", got.PageLoadsLastDay)
	}
	if err := store.Prune(ago(90 * 24 * time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.RuleHealth(siteA, ruleOne, longAgo); got.ExposedSessions != 2 || got.UnexposedSessions != 3 {
		t.Errorf("after pruning = %+v, want the 2 recent exposed sessions and the 3 unexposed ones (C, G, F)", got)
	}
	// From a day before the old session on, only the 8 recent page views are left (9 before).
	if got, _ := store.WorkerTelemetry(siteA, nil, ago(100*24*time.Hour).Add(time.Hour)); got.PageLoadsLastDay != 8 {
		t.Errorf("page views since the old session = %d, want the 8 recent ones", got.PageLoadsLastDay)
	}
	if after, _ := store.Totals(siteA, everything); after != before {
		t.Errorf("pruning changed the rollups:\n got %+v\nwant %+v", after, before)
	}
	// The pruned day is read from the archive.
	old := ago(100 * 24 * time.Hour).Format("2006-01-02")
	checkTotalsMany(t, store, siteA, everything, eventstore.DayRange{From: old, To: old},
		eventstore.DayRange{From: contractDay, To: contractDay})
	if got, _ := store.WorkerTelemetry(siteB, nil, contractNow); got.PageLoadsLastDay != 1 {
		t.Errorf("site B lost recent events: %+v", got)
	}
}

// checkTotalsMany: a store that reads several ranges' totals at once (TotalsMany, ClickHouse)
// answers each as Totals does.
func checkTotalsMany(t *testing.T, store eventstore.Store, site string, ranges ...eventstore.DayRange) {
	t.Helper()
	many, ok := store.(interface {
		TotalsMany(siteID string, ranges []eventstore.DayRange) ([]eventstore.Totals, error)
	})
	if !ok {
		return
	}
	got, err := many.TotalsMany(site, ranges)
	if err != nil || len(got) != len(ranges) {
		t.Fatalf("TotalsMany: %d totals, %v", len(got), err)
	}
	for i, r := range ranges {
		if want, _ := store.Totals(site, r); got[i] != want {
			t.Errorf("TotalsMany's %s to %s:\n got %+v\nwant %+v", r.From, r.To, got[i], want)
		}
	}
}

func slicesHave(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// B completed the micro goal "newsletter" once, half an hour ago; it is no conversion of the site.
func checkGoalCompletions(t *testing.T, store eventstore.Store) {
	got, err := store.GoalCompletions(siteA, []string{"goalnewsletter", "goalsignup"}, ago(24*time.Hour), contractNow.Add(time.Hour))
	if err != nil || len(got) != 1 || got["goalnewsletter"] != 1 {
		t.Errorf("completions = %v, %v; want goalnewsletter: 1 only", got, err)
	}
	if got, _ := store.GoalCompletions(siteA, []string{"goalnewsletter"}, ago(10*time.Minute), contractNow.Add(time.Hour)); len(got) != 0 {
		t.Errorf("completions of the last 10 minutes = %v, want none", got)
	}
	if got, _ := store.GoalCompletions(siteB, []string{"goalnewsletter"}, ago(24*time.Hour), contractNow.Add(time.Hour)); len(got) != 0 {
		t.Errorf("site B completions = %v, want none", got)
	}
}

// Rule one reached A (whose session bought for 50) and H today; B, C and G never met it, and of
// those only B and C saw /pricing. D's exposure is 100 days old.
func checkRuleRevenue(t *testing.T, store eventstore.Store) {
	from, to := ago(24*time.Hour), contractNow.Add(time.Hour)
	got, err := store.RuleRevenue(siteA, ruleOne, "", from, to)
	want := eventstore.RuleRevenue{ExposedVisitors: 2, Exposed: eventstore.MeanFigures{Count: 2, Sum: 50, SumSquares: 2500}, Holdout: eventstore.MeanFigures{Count: 3}}
	if err != nil || got != want {
		t.Errorf("rule one, every page:\n got %+v, %v\nwant %+v", got, err, want)
	}
	got, _ = store.RuleRevenue(siteA, ruleOne, "/pricing", from, to)
	if got.Holdout.Count != 2 || got.ExposedVisitors != 2 {
		t.Errorf("rule one on /pricing: holdout sessions %v, exposed visitors %d; want 2 and 2", got.Holdout.Count, got.ExposedVisitors)
	}
	if got, _ := store.RuleRevenue(siteB, ruleOne, "", from, to); got.ExposedVisitors != 0 || got.Exposed.Count != 0 {
		t.Errorf("site B has no exposures of rule one: %+v", got)
	}
}
