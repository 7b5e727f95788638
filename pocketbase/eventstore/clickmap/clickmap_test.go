package clickmap

import (
	"reflect"
	"testing"
)

func TestRageBurstStarts(t *testing.T) {
	// Three clicks within a second start a burst; a fourth continues it; a pause ends it.
	got := RageBurstStarts([]float64{0, 300, 600, 900, 5000, 5100, 5200, 9000, 9600, 9900})
	want := []bool{false, false, true, false, false, false, true, false, false, true}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestRageBurstsPerSelectorFrom(t *testing.T) {
	clicks := []Click{{Session: "a", Selector: "b", MS: 0}, {Session: "a", Selector: "b", MS: 100},
		{Session: "a", Selector: "b", MS: 200}, {Session: "z", Selector: "b", MS: 150}}
	if got := RageBursts(clicks, 0); got["b"] != 1 {
		t.Fatalf("got %v, want one burst on b (another session's click is not part of it)", got)
	}
	if got := RageBursts(clicks, 250); got["b"] != 0 {
		t.Fatalf("got %v, want none counted from a later start", got)
	}
}

func TestInteractiveAndViewport(t *testing.T) {
	for sel, want := range map[string]bool{"main>a.cta": true, "form>button#go": true, "div.card": false, "label": true, "p>span": false} {
		if Interactive(sel) != want {
			t.Errorf("Interactive(%q) = %v", sel, !want)
		}
	}
	for _, c := range []struct {
		w    float64
		ua   string
		want string
	}{{0, "", "desktop"}, {0, "tablet", "tablet"}, {375, "desktop", "mobile"}, {800, "", "tablet"}, {1280, "mobile", "desktop"}} {
		if got := ViewportClass(c.w, c.ua); got != c.want {
			t.Errorf("ViewportClass(%v, %q) = %s, want %s", c.w, c.ua, got, c.want)
		}
	}
}

func TestFiguresAndScroll(t *testing.T) {
	cells := []Cell{{Selector: "a.x", BX: 0, BY: 19, Clicks: 3, Text: "Buy"}, {Selector: "div.y", BX: 10, BY: 10, Clicks: 1}}
	f := Figures(cells, map[string]int{"a.x": 1}, map[string]int{"a.x": 2, "div.y": 1})
	if f.Clicks != 4 || len(f.Elements) != 2 || f.Elements[0].Selector != "a.x" || f.Elements[0].Share != 0.75 {
		t.Fatalf("elements %+v", f.Elements)
	}
	if f.Elements[0].DeadClicks != 0 || f.Elements[1].DeadClicks != 1 || f.Elements[0].RageClicks != 1 {
		t.Fatalf("a link's clicks are never dead: %+v", f.Elements)
	}
	if b := f.Bins[0]; b.X != 0.025 || b.Y != 0.975 {
		t.Fatalf("bin centre %+v", b)
	}
	s := Scroll(4, [10]int{4, 4, 3, 2, 1})
	if s.Bands[2].Share != 0.75 || s.Bands[9].Depth != 100 || s.Bands[9].PageViews != 0 {
		t.Fatalf("scroll %+v", s.Bands)
	}
}
