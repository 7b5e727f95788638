package whitelabel

import (
	"encoding/json"
	"os"
	"testing"
)

// White label's plans, the brand limits and both refusals are pinned by the fixture src/lib/plans.ts runs.
func TestPlansMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		WhiteLabel struct {
			Plans   map[string]bool `json:"plans"`
			Refusal string          `json:"refusal"`
		} `json:"whiteLabel"`
		MultiBrand struct {
			Brands  map[string]*int `json:"brands"`
			Refusal string          `json:"refusal"`
		} `json:"multiBrand"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.WhiteLabel.Plans) == 0 || len(fixture.MultiBrand.Brands) == 0 {
		t.Fatal("the fixture lists no plans")
	}
	for plan, want := range fixture.WhiteLabel.Plans {
		if whiteLabelPlans[plan] != want {
			t.Errorf("white label on %s: got %v, want %v", plan, whiteLabelPlans[plan], want)
		}
	}
	for plan, want := range fixture.MultiBrand.Brands {
		w := -1
		if want != nil {
			w = *want
		}
		got, ok := brandLimits[plan]
		if !ok || got != w {
			t.Errorf("brands on %s: got %v, want %v", plan, got, w)
		}
	}
	if brandLimit("enterprise", true) != -1 || brandLimit("growth", true) != 0 {
		t.Error("the contract lifts the limit of Enterprise & Ecom only")
	}
	if whiteLabelRefusal != fixture.WhiteLabel.Refusal || multiBrandRefusal != fixture.MultiBrand.Refusal {
		t.Error("the refusals differ from the fixture")
	}
}
