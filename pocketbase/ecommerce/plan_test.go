package ecommerce

import (
	"encoding/json"
	"os"
	"testing"
)

// The plans with ecommerce analytics and the refusal are pinned by the same fixture as src/lib/plans.ts.
func TestEcommercePlansMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Ecommerce struct {
			Plans   map[string]bool `json:"plans"`
			Refusal string          `json:"refusal"`
		} `json:"ecommerce"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Ecommerce.Plans) == 0 {
		t.Fatal("the fixture lists no plans")
	}
	for plan, want := range fixture.Ecommerce.Plans {
		if ecommercePlans[plan] != want {
			t.Errorf("ecommerce on %s: got %v, want %v", plan, ecommercePlans[plan], want)
		}
	}
	if planRequired != fixture.Ecommerce.Refusal {
		t.Errorf("refusal %q, want %q", planRequired, fixture.Ecommerce.Refusal)
	}
}
