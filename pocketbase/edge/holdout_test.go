package edge

import (
	"fmt"
	"testing"

	"cro/pocketbase/experiments"
)

// The global holdout sees no rule and no test at the edge (the same hash as the tracker's
// groups.ts), still with its testing-mode previews; the others see them as before.
func TestTheGlobalHoldoutSeesNoRuleAndNoTest(t *testing.T) {
	cfg := configOf(t, `{"dnt":true,"ho":["site1:holdout",20],
		"r":[{"i":"all","s":"s","p":100,"q":"#buy","c":[{"type":"hide"}]},{"i":"test","s":"s","p":100,"x":true,"q":"p","c":[{"type":"hide"}]}],
		"x":[{"i":"e","s":"xs","p":100,"q":"h1","v":[{"k":"control","w":0.5,"c":[]},{"k":"b","w":0.5,"c":[{"type":"hide"}]}]}]}`)
	held, shown := 0, 0
	for i := 0; i < 2000; i++ {
		v := fmt.Sprintf("visitor%d", i)
		sets, perVisitor := cfg.plan(visitorInfo{id: v, href: "https://shop.test/"})
		if !perVisitor {
			t.Fatal("a page of a site with a holdout must be private to its visitor")
		}
		if experiments.InRollout(v, "site1:holdout", 20) {
			held++
			if len(sets) != 0 {
				t.Fatalf("held-out visitor %s got %d sets", v, len(sets))
			}
			if p, _ := cfg.plan(visitorInfo{id: v, href: "https://shop.test/", preview: []string{"test"}}); len(p) != 1 || p[0].id != "test" {
				t.Fatalf("held-out visitor %s lost the preview: %v", v, p)
			}
			continue
		}
		shown++
		if len(sets) != 2 {
			t.Fatalf("visitor %s outside the holdout got %d sets", v, len(sets))
		}
	}
	if held < 330 || held > 470 {
		t.Errorf("a 20%% holdout held %d of 2,000 visitors", held)
	}
	// A visitor who may not be tracked is in no holdout: the rule rolled out to everyone applies.
	if sets, _ := cfg.plan(visitorInfo{href: "https://shop.test/"}); len(sets) != 1 || sets[0].id != "all" {
		t.Fatalf("untracked visitor: %v", sets)
	}
}

// Two tests of one exclusive group never share a visitor at the edge.
func TestTestsOfOneGroupNeverShareAVisitorAtTheEdge(t *testing.T) {
	cfg := configOf(t, `{"dnt":true,"x":[
		{"i":"a","s":"sa","p":100,"q":"h1","g":{"s":"gseed","a":0,"b":0.5},"v":[{"k":"control","w":0.5,"c":[]},{"k":"b","w":0.5,"c":[{"type":"hide"}]}]},
		{"i":"b","s":"sb","p":100,"q":"p","g":{"s":"gseed","a":0.5,"b":1},"v":[{"k":"control","w":0.5,"c":[]},{"k":"b","w":0.5,"c":[{"type":"hide"}]}]}]}`)
	in := map[string]int{}
	for i := 0; i < 2000; i++ {
		sets, _ := cfg.plan(visitorInfo{id: fmt.Sprintf("v-%d", i), href: "https://shop.test/"})
		if len(sets) != 1 {
			t.Fatalf("visitor v-%d is in %d tests of the group", i, len(sets))
		}
		in[sets[0].id]++
	}
	if in["a"] < 900 || in["b"] < 900 {
		t.Errorf("the group's halves: %v", in)
	}
}
