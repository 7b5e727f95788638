package forms

import (
	"encoding/json"
	"os"
	"testing"
)

// The plans with form analytics and the refusal are pinned by the same fixture as src/lib/plans.ts.
func TestFormPlansMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Limits map[string]*int `json:"limits"`
		Forms  struct {
			Plans   map[string]bool `json:"plans"`
			Refusal string          `json:"refusal"`
		} `json:"formAnalytics"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Forms.Plans) != 4 {
		t.Fatalf("the fixture lists %d plans, want 4", len(fixture.Forms.Plans))
	}
	for plan, want := range fixture.Forms.Plans {
		if formPlans[plan] != want {
			t.Errorf("form analytics on %s: got %v, want %v", plan, formPlans[plan], want)
		}
		if want {
			limit := 0
			if fixture.Limits[plan] != nil {
				limit = *fixture.Limits[plan]
			}
			if monthlyVisitorLimits[plan] != limit {
				t.Errorf("visitor limit of %s: got %d, want %d", plan, monthlyVisitorLimits[plan], limit)
			}
		}
	}
	if planRequired != fixture.Forms.Refusal {
		t.Errorf("refusal %q, want %q", planRequired, fixture.Forms.Refusal)
	}
}
