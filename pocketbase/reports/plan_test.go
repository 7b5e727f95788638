package reports

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// The frequencies each plan sends and the refusals are pinned by the same fixture as src/lib/report-plans.ts.
func TestReportFrequenciesMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		ReportFrequencies struct {
			Plans    map[string][]string `json:"plans"`
			Refusals map[string]string   `json:"refusals"`
		} `json:"reportFrequencies"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.ReportFrequencies.Plans) != 4 {
		t.Fatalf("the fixture lists %d plans, want 4", len(fixture.ReportFrequencies.Plans))
	}
	for plan, allowed := range fixture.ReportFrequencies.Plans {
		for _, f := range frequencies {
			if got, want := FrequencyAllowed(plan, f), slices.Contains(allowed, f); got != want {
				t.Errorf("%s reports on %s: got %v, want %v", f, plan, got, want)
			}
		}
	}
	for _, f := range frequencies {
		if frequencyRefusals[f] != fixture.ReportFrequencies.Refusals[f] {
			t.Errorf("refusal of %s: %q, want %q", f, frequencyRefusals[f], fixture.ReportFrequencies.Refusals[f])
		}
	}
	if FrequencyAllowed("", Weekly) || FrequencyAllowed("platinum", Monthly) {
		t.Error("a missing or unknown plan must count as free")
	}
}
