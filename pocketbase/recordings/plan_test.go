package recordings

import (
	"encoding/json"
	"os"
	"testing"
)

// The plans that record and the refusal are pinned by the same fixture as src/lib/plans.ts.
func TestRecordingPlansMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Limits     map[string]*int `json:"limits"`
		Recordings struct {
			Plans   map[string]bool `json:"plans"`
			Refusal string          `json:"refusal"`
		} `json:"recordings"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Recordings.Plans) != 4 {
		t.Fatalf("the fixture lists %d plans, want 4", len(fixture.Recordings.Plans))
	}
	for plan, want := range fixture.Recordings.Plans {
		if recordingPlans[plan] != want {
			t.Errorf("recordings on %s: got %v, want %v", plan, recordingPlans[plan], want)
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
	if planRequired != fixture.Recordings.Refusal {
		t.Errorf("refusal %q, want %q", planRequired, fixture.Recordings.Refusal)
	}
}
