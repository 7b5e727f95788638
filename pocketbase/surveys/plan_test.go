package surveys

import (
	"encoding/json"
	"os"
	"testing"
)

// The plans with surveys and the refusal are pinned by the same fixture as src/lib/plans.ts.
func TestSurveyPlansMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Surveys struct {
			Plans   map[string]bool `json:"plans"`
			Refusal string          `json:"refusal"`
		} `json:"surveys"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Surveys.Plans) == 0 {
		t.Fatal("the fixture lists no plans")
	}
	for plan, want := range fixture.Surveys.Plans {
		if surveyPlans[plan] != want {
			t.Errorf("surveys on %s: got %v, want %v", plan, surveyPlans[plan], want)
		}
	}
	if planRequired != fixture.Surveys.Refusal {
		t.Errorf("refusal %q, want %q", planRequired, fixture.Surveys.Refusal)
	}
}
