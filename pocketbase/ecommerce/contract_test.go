package ecommerce

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// The same fixture runs in TypeScript (tests/unit/ecommerce-contract.test.ts).
func TestEcommerceEventFixtures(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/ecommerce-events.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			Name       string          `json:"name"`
			N          string          `json:"n"`
			Val        float64         `json:"val"`
			Pr         json.RawMessage `json:"pr"`
			Ecommerce  bool            `json:"ecommerce"`
			Valid      bool            `json:"valid"`
			Normalized json.RawMessage `json:"normalized"`
			Error      string          `json:"error"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 10 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	for _, c := range f.Cases {
		ev, ok, err := ParseEvent(c.N, c.Val, c.Pr)
		if ok != c.Ecommerce {
			t.Errorf("%s: ecommerce %v, want %v", c.Name, ok, c.Ecommerce)
			continue
		}
		if !ok {
			continue
		}
		if !c.Valid {
			if err == nil || err.Error() != c.Error {
				t.Errorf("%s: error %v, want %q", c.Name, err, c.Error)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		got, _ := json.Marshal(ev)
		var a, b any
		_ = json.Unmarshal(got, &a)
		_ = json.Unmarshal(c.Normalized, &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s:\n got %s\nwant %s", c.Name, got, c.Normalized)
		}
	}
}

func TestSettingsFixtures(t *testing.T) {
	raw, err := os.ReadFile("../../tests/fixtures/contracts/ecommerce-events.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Settings []struct {
			Currency string             `json:"currency"`
			Rates    map[string]float64 `json:"rates"`
			Problem  string             `json:"problem"`
		} `json:"settings"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Settings) < 5 {
		t.Fatalf("only %d settings cases", len(f.Settings))
	}
	for _, c := range f.Settings {
		if got := SettingsProblem(c.Currency, c.Rates); got != c.Problem {
			t.Errorf("%s %v: %q, want %q", c.Currency, c.Rates, got, c.Problem)
		}
	}
}
