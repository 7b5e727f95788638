package analytics

import (
	"reflect"
	"testing"

	"cro/pocketbase/eventstore"
)

// A running experiment wins over an enabled rule that changes the same element.
func TestResolveConflicts(t *testing.T) {
	rules := []eventstore.RuleConfig{
		{ID: "samepattern", URL: "/pricing", Selector: "h1.hero"},
		{ID: "everypage", Selector: "h1.hero"},
		{ID: "otherelement", URL: "/pricing", Selector: "footer a"},
		{ID: "noselector", URL: "/pricing"},
	}
	exps := []eventstore.ExperimentConfig{{ID: "exp", URL: "/pricing", Selector: " h1.hero "}}
	kept := resolveConflicts(rules, exps)
	var ids []string
	for _, r := range kept {
		ids = append(ids, r.ID)
	}
	// The rule on the same pages is left out; the rule on every page keeps its other pages.
	if want := []string{"everypage", "otherelement", "noselector"}; !reflect.DeepEqual(ids, want) {
		t.Fatalf("kept %v, want %v", ids, want)
	}
	if !reflect.DeepEqual(kept[0].Except, []string{"/pricing"}) {
		t.Errorf("everypage excludes %v, want [/pricing]", kept[0].Except)
	}
	if kept[1].Except != nil || kept[2].Except != nil {
		t.Errorf("unrelated rules got exclusions: %v %v", kept[1].Except, kept[2].Except)
	}
	if want := []string{"samepattern", "everypage"}; !reflect.DeepEqual(exps[0].Overrides, want) {
		t.Errorf("experiment overrides %v, want %v", exps[0].Overrides, want)
	}

	// An experiment on every page takes the element everywhere.
	all := []eventstore.ExperimentConfig{{ID: "all", Selector: "h1.hero"}}
	if kept := resolveConflicts([]eventstore.RuleConfig{{ID: "r", URL: "/blog/*", Selector: "h1.hero"}}, all); len(kept) != 0 {
		t.Errorf("kept %v under an every-page experiment", kept)
	}
}
