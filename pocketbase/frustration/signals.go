package frustration

import (
	"math"
	"sort"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
)

// What counts, per session, from the events the tracker already sends (no tracker bytes):
//
//   - rage: a rage burst as click maps count it (clickmap.RageBurstStarts: 3+ clicks of the
//     session on one element of one page, each within 1 s of the click two before it);
//   - dead: a click on an element that is not a link, button, form control, label or summary
//     (clickmap.Interactive) with no page view of the session within clickmap.DeadWindow after
//     it, as click maps count it;
//   - error click: a click followed by a page error within ErrorClickWindow;
//   - quick back: a page view followed, within QuickBackWindow, by a page view of the page before
//     it (the visitor went back at once);
//   - excessive scrolling: a page view scrolled to ScrollDepth % or more (only its first leave carries
//     the depth), without a click, for at least ScrollMinTime (searching the page for something: the events hold the deepest point and
//     the time, not each scroll, so this is the signal they can give).
const (
	ErrorClickWindow = time.Second
	QuickBackWindow  = 5 * time.Second
	ScrollDepth      = 90
	ScrollMinTime    = 20 * time.Second
)

// Kinds of signal, as stored and as src/lib/recordings/signals.ts labels them.
const (
	Rage            = "rage"
	Dead            = "dead"
	ErrorClick      = "error_click"
	QuickBack       = "quick_back"
	ExcessiveScroll = "excessive_scroll"
)

// weights of the 0-100 score: the stronger the sign of a visitor fighting the page, the more.
var weights = map[string]int{Rage: 25, ErrorClick: 20, QuickBack: 15, Dead: 10, ExcessiveScroll: 10}

// Signal is one moment of frustration: its kind, time (Unix ms), page and element (clicks).
type Signal struct {
	Kind     string `json:"k"`
	At       int64  `json:"t"`
	Path     string `json:"p"`
	Selector string `json:"s,omitempty"`
}

// Signals are a session's figures.
type Signals struct {
	Rage, Dead, ErrorClicks, QuickBacks, ExcessiveScrolls int
	Score                                                 int
	List                                                  []Signal
	Pages                                                 []string // paths with a signal, first seen first
}

// maxSignals bounds the marks kept per session (the counts stay exact).
const maxSignals = 200

// Compute reads a session's trail (time order) into its signals.
func Compute(trail []eventstore.TrailEvent) Signals {
	var s Signals
	add := func(kind string, at float64, path, sel string) {
		switch kind {
		case Rage:
			s.Rage++
		case Dead:
			s.Dead++
		case ErrorClick:
			s.ErrorClicks++
		case QuickBack:
			s.QuickBacks++
		case ExcessiveScroll:
			s.ExcessiveScrolls++
		}
		s.Score += weights[kind]
		if len(s.List) < maxSignals {
			s.List = append(s.List, Signal{Kind: kind, At: int64(math.Round(at)), Path: path, Selector: sel})
		}
	}
	var views, errs []eventstore.TrailEvent
	groups := map[[2]string][]float64{}
	for _, e := range trail {
		switch e.Type {
		case "pageview":
			views = append(views, e)
		case "error":
			errs = append(errs, e)
		case "click":
			k := [2]string{e.Path, e.Selector}
			groups[k] = append(groups[k], e.At)
		}
	}
	// Rage bursts per page and element.
	for k, ms := range groups {
		sort.Float64s(ms)
		for i, starts := range clickmap.RageBurstStarts(ms) {
			if starts {
				add(Rage, ms[i], k[0], k[1])
			}
		}
	}
	dead, errWin := float64(clickmap.DeadWindow.Milliseconds()), float64(ErrorClickWindow.Milliseconds())
	clicked := false // a click in the current page view
	for _, e := range trail {
		switch e.Type {
		case "pageview":
			clicked = false
		case "click":
			clicked = true
			if !clickmap.Interactive(e.Selector) && !anyIn(views, e.At, dead) {
				add(Dead, e.At, e.Path, e.Selector)
			}
			if anyIn(errs, e.At-0.5, errWin) {
				add(ErrorClick, e.At, e.Path, e.Selector)
			}
		case "leave":
			if e.X >= ScrollDepth && !clicked && e.Value >= float64(ScrollMinTime.Milliseconds()) {
				add(ExcessiveScroll, e.At, e.Path, "")
			}
		}
	}
	for i := 1; i+1 < len(views); i++ {
		prev, cur, next := views[i-1], views[i], views[i+1]
		if cur.Path != prev.Path && next.Path == prev.Path && next.At-cur.At <= float64(QuickBackWindow.Milliseconds()) {
			add(QuickBack, next.At, cur.Path, "")
		}
	}
	sort.SliceStable(s.List, func(i, j int) bool { return s.List[i].At < s.List[j].At })
	seen := map[string]bool{}
	for _, sig := range s.List {
		if !seen[sig.Path] {
			seen[sig.Path] = true
			s.Pages = append(s.Pages, sig.Path)
		}
	}
	s.Score = min(100, s.Score)
	return s
}

// anyIn reports whether one of events (time order) is in (at, at+window].
func anyIn(events []eventstore.TrailEvent, at, window float64) bool {
	i := sort.Search(len(events), func(i int) bool { return events[i].At > at })
	return i < len(events) && events[i].At <= at+window
}
