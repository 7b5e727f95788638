package zones

import (
	"testing"
	"time"
)

// A local day's bounds and an instant's local day agree, on zones with :30 and :45 offsets and at
// the date line too.
func TestLocalDaysAndBounds(t *testing.T) {
	at := time.Date(2026, 3, 1, 23, 50, 0, 0, time.UTC)
	cases := []struct {
		zone string
		day  string
	}{{"UTC", "2026-03-01"}, {"Asia/Kolkata", "2026-03-02"}, {"Asia/Kathmandu", "2026-03-02"},
		{"Pacific/Tongatapu", "2026-03-02"}, {"Pacific/Honolulu", "2026-03-01"}, {"America/St_Johns", "2026-03-01"}}
	for _, c := range cases {
		zone := Named(c.zone)
		if got := LocalDay(at, zone); got != c.day {
			t.Errorf("%s: LocalDay = %s, want %s", c.zone, got, c.day)
		}
		from, to := DayBounds(c.day, zone)
		if at.Before(from) || !at.Before(to) {
			t.Errorf("%s: %s not in [%s, %s)", c.zone, at, from, to)
		}
	}
	if got := LocalDay(at, nil); got != "2026-03-01" {
		t.Errorf("nil zone: %s, want UTC's day", got)
	}
}

func TestUnknownZonesAreUTC(t *testing.T) {
	for _, name := range []string{"", "Local", "Mars/Olympus"} {
		if Valid(name) || Named(name) != time.UTC {
			t.Errorf("%q: valid %v, zone %v; want invalid and UTC", name, Valid(name), Named(name))
		}
	}
	if OfSite(nil) != time.UTC {
		t.Error("a missing site's zone is not UTC")
	}
	if !Valid("Europe/Stockholm") {
		t.Error("Europe/Stockholm is not valid")
	}
}
