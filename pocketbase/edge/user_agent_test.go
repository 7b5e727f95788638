package edge

import (
	"testing"

	"cro/pocketbase/collect"
)

// Browser and OS families as the tracker's audience context names them
// (tests/fixtures/contracts/user-agent-families.json, run by tests/unit/audience-contract.test.ts too).
func TestUserAgentFamiliesMatchTheContract(t *testing.T) {
	var f struct {
		Cases []struct{ UA, Browser, OS string } `json:"cases"`
	}
	readFixture(t, "user-agent-families.json", &f)
	if len(f.Cases) < 8 {
		t.Fatalf("only %d cases", len(f.Cases))
	}
	for _, c := range f.Cases {
		if b, o := collect.Browser(c.UA), osOf(c.UA); b != c.Browser || o != c.OS {
			t.Errorf("%s: got %s on %s, want %s on %s", c.UA, b, o, c.Browser, c.OS)
		}
	}
}
