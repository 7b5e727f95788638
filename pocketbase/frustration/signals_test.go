package frustration

import (
	"cro/pocketbase/eventstore"
	"testing"
)

const t0 = 1_763_900_000_000.0

func pv(at float64, path string) eventstore.TrailEvent {
	return eventstore.TrailEvent{Type: "pageview", Path: path, At: t0 + at}
}

func ck(at float64, path, sel string) eventstore.TrailEvent {
	return eventstore.TrailEvent{Type: "click", Path: path, Selector: sel, At: t0 + at}
}

func TestComputeCountsEachSignalByItsRule(t *testing.T) {
	trail := []eventstore.TrailEvent{
		pv(0, "/"),
		// Four clicks on a plain element within a second: one rage burst, four dead clicks.
		ck(1000, "/", "main>div.buy"), ck(1200, "/", "main>div.buy"), ck(1400, "/", "main>div.buy"), ck(1600, "/", "main>div.buy"),
		// A button click (never dead) followed by a page error: an error click.
		ck(3000, "/", "button#pay"), {Type: "error", Path: "/", At: t0 + 3400},
		// A link that navigates at once: not dead.
		ck(5000, "/", "main>span.more"), pv(5300, "/pricing"),
		// Back to the previous page 2 s later: a quick back from /pricing.
		{Type: "leave", Path: "/pricing", At: t0 + 7200, Value: 1900},
		pv(7300, "/"),
		// Scrolled to the bottom for 25 s without a click: excessive scrolling.
		pv(10000, "/faq"), {Type: "leave", Path: "/faq", At: t0 + 36000, Value: 25000, X: 100},
	}
	s := Compute(trail)
	if s.Rage != 1 || s.Dead != 4 || s.ErrorClicks != 1 || s.QuickBacks != 1 || s.ExcessiveScrolls != 1 {
		t.Fatalf("rage %d dead %d error clicks %d quick backs %d scrolls %d", s.Rage, s.Dead, s.ErrorClicks, s.QuickBacks, s.ExcessiveScrolls)
	}
	if s.Score != 100 {
		t.Errorf("score %d, want 100 (capped)", s.Score)
	}
	if got := s.Pages; len(got) != 3 || got[0] != "/" || got[1] != "/pricing" || got[2] != "/faq" {
		t.Errorf("pages %v", got)
	}
	for i := 1; i < len(s.List); i++ {
		if s.List[i].At < s.List[i-1].At {
			t.Fatalf("signals out of time order: %v", s.List)
		}
	}
	if s.List[0].Kind != Dead || s.List[0].At != int64(t0+1000) || s.List[0].Selector != "main>div.buy" {
		t.Errorf("first signal %+v", s.List[0])
	}
}

func TestComputeLeavesACalmSessionAtZero(t *testing.T) {
	trail := []eventstore.TrailEvent{
		pv(0, "/"), ck(1000, "/", "a.pricing"), pv(1400, "/pricing"),
		// Two quick clicks on a button, a slow third: no burst.
		ck(4000, "/pricing", "button#buy"), ck(4300, "/pricing", "button#buy"), ck(5200, "/pricing", "button#buy"),
		// Read to the end, with a click: not excessive scrolling. Back after 30 s: not quick.
		{Type: "leave", Path: "/pricing", At: t0 + 31000, Value: 30000, X: 100},
		pv(31400, "/"),
	}
	if s := Compute(trail); s.Score != 0 || len(s.List) != 0 || len(s.Pages) != 0 {
		t.Errorf("calm session scored %d with %v", s.Score, s.List)
	}
}
