package analytics

import (
	"cro/pocketbase/collect"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The contracts shared with the TypeScript side (src/lib/contracts) are pinned by fixture files
// that tests/unit/contracts.test.ts runs too: Go and the tracker must agree on every case.
const contractFixtures = "../../tests/fixtures/contracts/"

func readFixture(t *testing.T, name string, into any) {
	t.Helper()
	raw, err := os.ReadFile(contractFixtures + name)
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	if err := json.Unmarshal(raw, into); err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
}

func TestSplitURLFixtures(t *testing.T) {
	var f struct {
		Cases []struct {
			Original string `json:"original"`
			Variant  string `json:"variant"`
			Href     string `json:"href"`
			Target   string `json:"target"`
			Landing  bool   `json:"landing"`
		} `json:"cases"`
	}
	readFixture(t, "split-urls.json", &f)
	for _, c := range f.Cases {
		if got := SplitTarget(c.Original, c.Variant, c.Href); got != c.Target {
			t.Errorf("SplitTarget(%q, %q, %q) = %q, want %q", c.Original, c.Variant, c.Href, got, c.Target)
		}
		if got := OnSplitLanding(c.Variant, c.Href); got != c.Landing {
			t.Errorf("OnSplitLanding(%q, %q) = %v, want %v", c.Variant, c.Href, got, c.Landing)
		}
	}
}

func TestEventPayloadFixtures(t *testing.T) {
	var f struct {
		Now        int64 `json:"now"`
		MaxAgeDays int   `json:"maxAgeDays"`
		Cases      []struct {
			Name       string          `json:"name"`
			Input      json.RawMessage `json:"input"`
			Body       *string         `json:"body"`
			Valid      bool            `json:"valid"`
			Normalized json.RawMessage `json:"normalized"`
			Error      string          `json:"error"`
		} `json:"cases"`
	}
	readFixture(t, "event-payloads.json", &f)
	now, maxAge := time.UnixMilli(f.Now), time.Duration(f.MaxAgeDays)*24*time.Hour
	for _, c := range f.Cases {
		body := []byte(c.Input)
		if c.Body != nil {
			body = []byte(*c.Body)
		}
		b, err := collect.ParseBatch(body, now, maxAge)
		if !c.Valid {
			if err == nil || !strings.HasPrefix(err.Error(), c.Error) {
				t.Errorf("%s: error %v, want %q", c.Name, err, c.Error)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: refused: %v", c.Name, err)
			continue
		}
		got, _ := json.Marshal(b)
		if !sameJSON(got, c.Normalized) {
			t.Errorf("%s: normalized\n got %s\nwant %s", c.Name, got, c.Normalized)
		}
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

func TestDeviceClassFixtures(t *testing.T) {
	var f struct {
		Cases []struct {
			UA     string `json:"ua"`
			Device string `json:"device"`
		} `json:"cases"`
	}
	readFixture(t, "device-classes.json", &f)
	for _, c := range f.Cases {
		if got := collect.Device(c.UA); got != c.Device {
			t.Errorf("collect.Device(%q) = %q, want %q", c.UA, got, c.Device)
		}
	}
}
