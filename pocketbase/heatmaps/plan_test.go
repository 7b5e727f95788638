package heatmaps

import (
	"encoding/json"
	"os"
	"testing"
)

// The plans with click maps, their longest range and the refusals are pinned by the same fixture as
// src/lib/plans.ts, so the server and the screens cannot disagree about Starter's basic heatmaps.
func TestClickMapPlansMatchTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Recordings struct {
			Plans   map[string]bool `json:"plans"`
			Refusal string          `json:"refusal"`
		} `json:"recordings"`
		ClickMaps struct {
			Plans        map[string]bool `json:"plans"`
			MaxDays      map[string]int  `json:"maxDays"`
			Refusal      string          `json:"refusal"`
			RangeRefusal string          `json:"rangeRefusal"`
		} `json:"clickMaps"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.ClickMaps.Plans) != 4 || len(fixture.Recordings.Plans) != 4 {
		t.Fatalf("the fixture must list the four plans: %+v", fixture)
	}
	for plan, want := range fixture.ClickMaps.Plans {
		if got := clickMapDays[plan] > 0; got != want {
			t.Errorf("click maps on %s: got %v, want %v", plan, got, want)
		}
		if clickMapDays[plan] != fixture.ClickMaps.MaxDays[plan] {
			t.Errorf("longest click map range on %s: got %d, want %d", plan, clickMapDays[plan], fixture.ClickMaps.MaxDays[plan])
		}
	}
	for plan, want := range fixture.Recordings.Plans {
		if scrollMapPlans[plan] != want {
			t.Errorf("scroll maps on %s: got %v, want %v (they come with recordings)", plan, scrollMapPlans[plan], want)
		}
	}
	if clickMapsRequired != fixture.ClickMaps.Refusal || rangeRequired != fixture.ClickMaps.RangeRefusal || planRequired != fixture.Recordings.Refusal {
		t.Errorf("refusals differ from the fixture: %q, %q, %q", clickMapsRequired, rangeRequired, planRequired)
	}
}
