package clickhouse

import (
	"reflect"
	"strconv"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
	"cro/pocketbase/eventstore/storetest"
)

// A server that has just started warms, in the background, what its routes read (warmMemory):
// each kind of session-level figures of the days Overview and Analytics read (settled days read
// from settled, open days computed) and its busiest pages' click map closed days for each device
// class with clicks. It must keep them under the keys the routes look up, answer as a fresh store
// does, and still follow a late event (a new basis, a late mark dropping the click days).
func TestClickHouseWarmUpKeepsWhatRoutesRead(t *testing.T) {
	url := chDatabaseURL(t)
	open := func() *chStore { return storeAt(t, url) }
	site := storetest.Site(storetest.SiteA)
	now := time.Now().UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	click := func(sel string, when time.Time) eventstore.Event {
		return storetest.At(eventstore.Event{Type: "ck", Path: "/pricing", Selector: sel, Text: sel, OffsetX: 0.5, OffsetY: 0.5, X: 10, Y: 10}, when)
	}
	clicks := func(session, device string, events ...eventstore.Event) eventstore.Ingest {
		for i := range events {
			events[i].Viewport = map[string]float64{"desktop": 1280, "mobile": 390}[device]
		}
		return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session, Session: session, Events: events},
			Device: device, Browser: "Chrome"}
	}
	day := func(ago int, h time.Duration) time.Time { return midnight.AddDate(0, 0, -ago).Add(h) }
	writer := open()
	if err := writer.WriteAll([]eventstore.Ingest{
		sitePageView("w1a", "/", "https://google.com/", "desktop", day(80, 10*time.Hour)),
		sitePageView("w2a", "/pricing", "", "mobile", day(10, 9*time.Hour)),
		sitePageView("w2a", "/blog", "", "mobile", day(10, 9*time.Hour+time.Minute)),
		sitePageView("w3a", "/", "https://bing.com/", "tablet", day(5, 12*time.Hour)),
		sitePageView("w4a", "/pricing", "", "desktop", now.Add(-time.Minute)),
		clicks("wc1", "desktop", click("a.buy", day(4, 10*time.Hour)), click("a.buy", day(4, 10*time.Hour+300*time.Millisecond)),
			click("a.buy", day(4, 10*time.Hour+600*time.Millisecond)), click("div.card", day(3, 8*time.Hour))),
		clicks("wc2", "mobile", click("div.card", day(6, 11*time.Hour)), click("p>span", day(2, 7*time.Hour))),
	}); err != nil {
		t.Fatal(err)
	}
	if err := writer.SettleClosedDays(); err != nil {
		t.Fatal(err)
	}

	warm := open() // a server that has just started
	if err := warm.warmMemory(); err != nil {
		t.Fatal(err)
	}
	// A funnel's default view, warmed at background priority (funnels/warm.go asks WarmFunnel).
	funnel := eventstore.FunnelQuery{SiteID: storetest.SiteA, Steps: []eventstore.FunnelStep{{Page: "/pricing"}, {Page: "/blog"}},
		Window: 7 * 24 * time.Hour, Order: eventstore.FunnelOrdered, Zone: time.UTC, From: day(29, 0), To: day(-1, 0)}
	if err := warm.WarmFunnel(funnel); err != nil {
		t.Fatal(err)
	}
	// The keys the routes look up: every day with events, each kind, with the basis read now.
	counts, err := warm.dayCounts(storetest.SiteA, day(2*chWarmDays+1, 0).Format(time.DateOnly), day(-2, 0).Format(time.DateOnly))
	if err != nil {
		t.Fatal(err)
	}
	warm.memoMu.Lock()
	for d, n := range counts {
		for _, kind := range chKinds {
			if _, ok := warm.memo[memoKey(storetest.SiteA, d, counts, kind)]; n > 0 && !ok {
				t.Errorf("day %s (%d events), kind %s: not warmed", d, n, kind)
			}
		}
	}
	warm.memoMu.Unlock()
	q := eventstore.HeatmapQuery{SiteID: storetest.SiteA, Path: "/pricing", From: now.Add(-chWarmClickDays * 24 * time.Hour), To: now.Add(time.Minute)}
	closedFrom, closedTo := chClickSpans(q.From.UnixMilli(), q.To.UnixMilli(), now.UnixMilli())
	for _, device := range []string{"desktop", "mobile"} {
		for d := closedFrom; d < closedTo; d += chDayMS {
			key := chClickDayKey(storetest.SiteA, "/pricing", device, d)
			if _, ok := warm.clicks.Get(key); !ok {
				t.Errorf("click map %s, UTC day %d: not warmed", device, d/chDayMS)
			}
		}
		// The closed hours of the partial first day and after the closed days (clickhouse_click_hours.go).
		headFrom, tailTo := chClickHours(q.From.UnixMilli(), q.To.UnixMilli(), now.UnixMilli(), closedFrom, closedTo)
		for _, sp := range []chSpan{{from: headFrom, to: closedFrom}, {from: closedTo, to: tailTo}} {
			for h := sp.from; h < sp.to; h += chHourMS {
				if _, ok := warm.clicks.Get(chClickHourKey(storetest.SiteA, "/pricing", device, h)); !ok {
					t.Errorf("click map %s, UTC hour %d: not warmed", device, h/chHourMS)
				}
			}
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	// Routes on the warmed store answer as on a fresh one, before and after late events: a page
	// view making a settled day's bounce a visit, a rage burst on a warmed click day.
	ranges := []eventstore.DayRange{
		{From: day(89, 0).Format(time.DateOnly), To: now.Format(time.DateOnly)},
		{From: day(179, 0).Format(time.DateOnly), To: day(90, 0).Format(time.DateOnly)},
		{From: day(29, 0).Format(time.DateOnly), To: now.Format(time.DateOnly)},
	}
	checkClicks := func(step, device string) eventstore.ClickMapFigures {
		t.Helper()
		q.Device = device
		return clickMapMatchingRaw(t, warm, q, step+", "+device+", warmed")
	}
	before := map[string]kindsAnswer{}
	for step, late := range [][]eventstore.Ingest{nil, {
		sitePageView("w3a", "/pricing", "", "tablet", day(5, 12*time.Hour+time.Minute)),
		clicks("wc3", "mobile", click("div.card", day(3, 9*time.Hour)), click("div.card", day(3, 9*time.Hour+200*time.Millisecond)),
			click("div.card", day(3, 9*time.Hour+400*time.Millisecond))),
	}} {
		if err := writer.WriteAll(late); err != nil {
			t.Fatal(err)
		}
		name := "late events " + strconv.Itoa(step)
		for _, r := range ranges {
			got, want := readKinds(t, warm, r, "tpd"), readKinds(t, open(), r, "tpd")
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, %s..%s: warmed %+v\nfresh %+v", name, r.From, r.To, got, want)
			}
			if step == 1 && r == ranges[0] && reflect.DeepEqual(got, before[r.From]) {
				t.Fatalf("the late page view changed nothing: %+v", got)
			}
			before[r.From] = got
		}
		for _, breakdown := range []string{"", funnelpath.BreakdownDevice} {
			funnel.Breakdown = breakdown
			got, err := warm.FunnelResults(funnel)
			if err != nil {
				t.Fatal(err)
			}
			want, err := open().FunnelResults(funnel)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) || want.Steps[0].Users != float64(2+step) {
				t.Fatalf("%s, funnel by %q: warmed %+v\nfresh %+v", name, breakdown, got, want)
			}
		}
		checkClicks(name, "desktop")
		mobile := checkClicks(name, "mobile")
		if rage := map[int]int{0: 0, 1: 1}[step]; len(mobile.Elements) == 0 || rageOf(mobile, "div.card") != rage {
			t.Fatalf("%s: mobile rage clicks on div.card %d, want %d: %+v", name, rageOf(mobile, "div.card"), rage, mobile)
		}
	}
}

func rageOf(f eventstore.ClickMapFigures, sel string) int {
	for _, e := range f.Elements {
		if e.Selector == sel {
			return e.RageClicks
		}
	}
	return 0
}
