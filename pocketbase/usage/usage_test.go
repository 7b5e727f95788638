package usage

import (
	"encoding/json"
	"os"
	"testing"
)

// The same fixture pins src/lib/plans.ts (tests/unit/contracts.test.ts).
func TestPlanLimitsFixture(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/plan-limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Limits map[string]*int `json:"limits"`
		Levels []struct {
			Visitors int  `json:"visitors"`
			Limit    *int `json:"limit"`
			Level    int  `json:"level"`
		} `json:"levels"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Limits) != len(monthlyVisitorLimits) {
		t.Fatalf("%d plans in the fixture, %d here", len(f.Limits), len(monthlyVisitorLimits))
	}
	for plan, limit := range f.Limits {
		want := 0
		if limit != nil {
			want = *limit
		}
		if got := limitOf(plan); got != want {
			t.Errorf("limit of %s = %d, want %d", plan, got, want)
		}
	}
	for _, c := range f.Levels {
		limit := 0
		if c.Limit != nil {
			limit = *c.Limit
		}
		if got := alertLevel(c.Visitors, limit); got != c.Level {
			t.Errorf("level of %d/%d = %d, want %d", c.Visitors, limit, got, c.Level)
		}
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 25000: "25,000", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
