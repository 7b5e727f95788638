package revenuecap

import "testing"

func TestConfigured(t *testing.T) {
	for env, want := range map[string]float64{"": DefaultBrowserCap, "250": 250, " 0 ": 0, "-5": DefaultBrowserCap, "lots": DefaultBrowserCap} {
		t.Setenv("CRO_BROWSER_REVENUE_CAP", env)
		if got := Configured(); got != want {
			t.Errorf("CRO_BROWSER_REVENUE_CAP=%q: %v, want %v", env, got, want)
		}
	}
}

func TestKeysOfAVisitorAndASourceDiffer(t *testing.T) {
	if VisitorDay("s", "2026-03-01", "x") == SourceDay("s", "2026-03-01", "x") {
		t.Fatal("a visitor's and a source's day of the same name share a key")
	}
}
