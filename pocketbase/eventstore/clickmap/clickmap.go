// Package clickmap is what heatmaps, click maps and scroll maps count, the same for every event
// store: the bins, rage and dead clicks and scroll bands of one page and layout, from the rows the
// store read: raw click and leave events of one page and one layout (device class) over a time
// range. What counts:
//
//   - A click lands on an element (its selector, as the tracker names it) at an offset within the
//     element's box (fractions of its width and height), so that it can be placed on any layout.
//     The heat layer gets clicks per element and offset bin (HeatBins x HeatBins per element).
//   - Rage clicks: a burst of RageClicks or more clicks of one session on one element, each within
//     RageWindow of the click two before it; an element's RageClicks counts its bursts.
//   - Dead clicks: clicks on an element that is not a link, button, form control, label or summary
//     (the tracker resolves a click inside one of those to it, so the selector's last element
//     tells) which the same session does not follow by a page view (a navigation, SPA ones
//     included) within DeadWindow. The page's own reaction (a menu opening) is not seen in
//     analytics events: a recording shows it.
//   - The scroll map: of the page views whose leave measured the scroll depth, the share whose
//     deepest visible point reached each tenth of the page.
package clickmap

import (
	"sort"
	"strings"
	"time"

	"cro/pocketbase/eventstore"
)

const (
	HeatBins         = 20
	RageClicks       = 3
	RageWindow       = time.Second
	DeadWindow       = time.Second
	MaxClickElements = 200
)

// ViewportClass is the device class of a layout: from the viewport's width (CSS px) when the
// tracker sent it, else the user agent's class.
func ViewportClass(width float64, uaDevice string) string {
	switch {
	case width <= 0:
		if uaDevice == "" {
			return "desktop"
		}
		return uaDevice
	case width < 768:
		return "mobile"
	case width < 1024:
		return "tablet"
	}
	return "desktop"
}

// interactiveTags are the elements the tracker resolves a click to (src/tracker/clicks.ts).
var interactiveTags = map[string]bool{"a": true, "button": true, "input": true, "select": true, "textarea": true, "label": true, "summary": true}

// Interactive reports whether a click selector's element is a link, button or form control.
func Interactive(selector string) bool {
	last := selector[strings.LastIndex(selector, ">")+1:]
	if i := strings.IndexAny(last, ".#"); i >= 0 {
		last = last[:i]
	}
	return interactiveTags[last]
}

// Cell is the raw count of one (selector, bin) as an implementation reads it.
type Cell struct {
	Selector string `db:"selector"`
	BX       int    `db:"bin_x"`
	BY       int    `db:"bin_y"`
	Clicks   int    `db:"n"`
	Text     string `db:"text"`
}

// Figures builds the figures from the bin counts and the rage and dead counts per selector:
// elements by clicks (then selector), at most MaxClickElements, with the bins of those only.
func Figures(cells []Cell, rage, dead map[string]int) eventstore.ClickMapFigures {
	out := eventstore.ClickMapFigures{Elements: []eventstore.ElementClicks{}, Bins: []eventstore.ClickBin{}}
	bySel := map[string]*eventstore.ElementClicks{}
	for _, c := range cells {
		e := bySel[c.Selector]
		if e == nil {
			e = &eventstore.ElementClicks{Selector: c.Selector}
			bySel[c.Selector] = e
		}
		e.Clicks += c.Clicks
		if c.Text != "" {
			e.Text = c.Text
		}
		out.Clicks += c.Clicks
	}
	for sel, e := range bySel {
		e.RageClicks = rage[sel]
		if !Interactive(sel) {
			e.DeadClicks = dead[sel]
		}
		if out.Clicks > 0 {
			e.Share = float64(e.Clicks) / float64(out.Clicks)
		}
		out.Elements = append(out.Elements, *e)
	}
	sort.Slice(out.Elements, func(i, j int) bool {
		a, b := out.Elements[i], out.Elements[j]
		if a.Clicks != b.Clicks {
			return a.Clicks > b.Clicks
		}
		return a.Selector < b.Selector
	})
	if len(out.Elements) > MaxClickElements {
		out.Elements = out.Elements[:MaxClickElements]
	}
	kept := map[string]bool{}
	for _, e := range out.Elements {
		kept[e.Selector] = true
	}
	for _, c := range cells {
		if kept[c.Selector] {
			out.Bins = append(out.Bins, eventstore.ClickBin{Selector: c.Selector, X: binCentre(c.BX), Y: binCentre(c.BY), Clicks: c.Clicks})
		}
	}
	sort.Slice(out.Bins, func(i, j int) bool {
		a, b := out.Bins[i], out.Bins[j]
		if a.Selector != b.Selector {
			return a.Selector < b.Selector
		}
		if a.Y != b.Y {
			return a.Y < b.Y
		}
		return a.X < b.X
	})
	return out
}

func binCentre(b int) float64 {
	return (float64(b) + 0.5) / HeatBins
}

// Scroll builds the scroll map from the count of page views reaching each tenth.
func Scroll(total int, reached [10]int) eventstore.ScrollFigures {
	out := eventstore.ScrollFigures{PageViews: total, Bands: make([]eventstore.ScrollBand, 10)}
	for i := range reached {
		b := eventstore.ScrollBand{Depth: (i + 1) * 10, PageViews: reached[i]}
		if total > 0 {
			b.Share = float64(reached[i]) / float64(total)
		}
		out.Bands[i] = b
	}
	return out
}

// SortCells orders cells by selector, bin x, bin y.
func SortCells(cells []Cell) {
	sort.Slice(cells, func(i, j int) bool {
		a, b := cells[i], cells[j]
		if a.Selector != b.Selector {
			return a.Selector < b.Selector
		}
		if a.BX != b.BX {
			return a.BX < b.BX
		}
		return a.BY < b.BY
	})
}

// RageBursts counts the bursts per selector (see the package comment) among clicks, only those of bursts
// starting at countFrom or later (ms since the epoch; 0 counts all). Clicks of one millisecond keep the
// flags of their sorted position, so their order among themselves does not matter.
func RageBursts(clicks []Click, countFrom float64) map[string]int {
	return RageBurstsWhere(clicks, func(ms float64) bool { return ms >= countFrom })
}

// RageBurstsWhere is RageBursts counting only the bursts whose counted click's time (ms) passes
// counted: the other clicks still decide where bursts are.
func RageBurstsWhere(clicks []Click, counted func(ms float64) bool) map[string]int {
	groups := map[[2]string][]Click{}
	for _, c := range clicks {
		k := [2]string{c.Session, c.Selector}
		groups[k] = append(groups[k], c)
	}
	out := map[string]int{}
	for k, g := range groups {
		sort.Slice(g, func(i, j int) bool { return g[i].MS < g[j].MS })
		ms := make([]float64, len(g))
		for i, c := range g {
			ms[i] = c.MS
		}
		for i, starts := range RageBurstStarts(ms) {
			if starts && counted(g[i].MS) {
				out[k[1]]++
			}
		}
	}
	return out
}

// RageBurstStarts marks, among one session's clicks on one element (times in ms, sorted), the
// click at which each rage burst is counted (see the package comment): the RageClicks-th click within
// RageWindow of the click RageClicks-1 before it, when the click before it was not already in one.
// Click maps count these per element; a session's frustration signals (pocketbase/frustration) too.
func RageBurstStarts(ms []float64) []bool {
	out := make([]bool, len(ms))
	window := float64(RageWindow.Milliseconds())
	prev := false
	for i := range ms {
		rage := i >= RageClicks-1 && ms[i]-ms[i-(RageClicks-1)] <= window
		out[i] = rage && !prev
		prev = rage
	}
	return out
}

// Click is one click as the rage rule reads it: MS is its time in ms since the epoch.
type Click struct {
	Session, Selector string
	MS                float64
}
