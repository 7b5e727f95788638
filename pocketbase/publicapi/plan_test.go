package publicapi

import (
	"encoding/json"
	"os"
	"testing"
)

// The plans with API access and the refusal are pinned by the same fixture as src/lib/plans.ts.
func TestAPIPlansMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		APIAccess struct {
			Plans   map[string]bool `json:"plans"`
			Refusal string          `json:"refusal"`
		} `json:"apiAccess"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.APIAccess.Plans) == 0 {
		t.Fatal("the fixture lists no plans")
	}
	for plan, want := range fixture.APIAccess.Plans {
		if apiPlans[plan] != want {
			t.Errorf("API access on %s: got %v, want %v", plan, apiPlans[plan], want)
		}
	}
	if planRequired != fixture.APIAccess.Refusal {
		t.Errorf("refusal %q, want %q", planRequired, fixture.APIAccess.Refusal)
	}
}
