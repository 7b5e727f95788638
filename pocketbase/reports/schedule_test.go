package reports

import (
	"testing"
	"time"
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func at(loc *time.Location, s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
	if err != nil {
		panic(err)
	}
	return t
}

func TestNextRunDailyIsEightOnTheSitesClock(t *testing.T) {
	sthlm := zone(t, "Europe/Stockholm")
	anchor := at(sthlm, "2026-03-01 12:00")
	cases := []struct{ after, want string }{
		{"2026-03-10 07:59", "2026-03-10 08:00"},
		{"2026-03-10 08:00", "2026-03-11 08:00"}, // strictly after
		{"2026-03-10 23:30", "2026-03-11 08:00"},
	}
	for _, c := range cases {
		got := NextRun(Daily, anchor, at(sthlm, c.after), sthlm)
		if !got.Equal(at(sthlm, c.want)) {
			t.Errorf("after %s: got %s, want %s", c.after, got.In(sthlm), c.want)
		}
	}
}

func TestNextRunIsComputedInTheSitesZoneNotTheServers(t *testing.T) {
	apia, honolulu := zone(t, "Pacific/Apia"), zone(t, "Pacific/Honolulu")
	now := time.Date(2026, 6, 10, 20, 0, 0, 0, time.UTC) // 09:00 on 11 June in Apia, 10:00 on 10 June in Honolulu
	if got, want := NextRun(Daily, now, now, apia), at(apia, "2026-06-12 08:00"); !got.Equal(want) {
		t.Errorf("Apia: got %s, want %s", got.In(apia), want)
	}
	if got, want := NextRun(Daily, now, now, honolulu), at(honolulu, "2026-06-11 08:00"); !got.Equal(want) {
		t.Errorf("Honolulu: got %s, want %s", got.In(honolulu), want)
	}
}

func TestNextRunKeepsEightAcrossDaylightSavingChanges(t *testing.T) {
	ny := zone(t, "America/New_York")
	// Clocks go forward on Sunday 8 March 2026 and back on Sunday 1 November 2026.
	anchor := at(ny, "2026-03-02 10:00") // a Monday
	spring := NextRun(Weekly, anchor, at(ny, "2026-03-02 09:00"), ny)
	if want := at(ny, "2026-03-09 08:00"); !spring.Equal(want) {
		t.Fatalf("weekly over the spring change: got %s, want %s", spring.In(ny), want)
	}
	if gap := spring.Sub(at(ny, "2026-03-02 08:00")); gap != 167*time.Hour {
		t.Errorf("a week with the spring change is 167 hours, got %s", gap)
	}
	autumn := NextRun(Daily, anchor, at(ny, "2026-11-01 08:00"), ny)
	if want := at(ny, "2026-11-02 08:00"); !autumn.Equal(want) || autumn.Sub(at(ny, "2026-11-01 08:00")) != 24*time.Hour {
		t.Errorf("daily after the autumn change: got %s", autumn.In(ny))
	}
	fallDay := NextRun(Daily, anchor, at(ny, "2026-10-31 09:00"), ny)
	if fallDay.Sub(at(ny, "2026-10-31 08:00")) != 25*time.Hour {
		t.Errorf("the day clocks go back is 25 hours long: got %s", fallDay.In(ny))
	}
}

func TestNextRunWeeklyKeepsTheAnchorsWeekday(t *testing.T) {
	utc := time.UTC
	anchor := at(utc, "2026-11-18 15:00") // a Wednesday
	cases := []struct{ after, want string }{
		{"2026-11-18 15:00", "2026-11-25 08:00"}, // made after 08:00 on its own weekday: next week
		{"2026-11-23 12:00", "2026-11-25 08:00"},
		{"2026-11-25 07:00", "2026-11-25 08:00"},
		{"2026-11-25 08:00", "2026-12-02 08:00"},
	}
	for _, c := range cases {
		if got := NextRun(Weekly, anchor, at(utc, c.after), utc); !got.Equal(at(utc, c.want)) {
			t.Errorf("after %s: got %s, want %s", c.after, got, c.want)
		}
	}
}

func TestNextRunMonthlyFallsOnTheLastDayOfShortMonths(t *testing.T) {
	utc := time.UTC
	anchor := at(utc, "2026-01-31 10:00")
	want := []string{"2026-02-28 08:00", "2026-03-31 08:00", "2026-04-30 08:00", "2026-05-31 08:00"}
	after := at(utc, "2026-01-31 10:00")
	for _, w := range want {
		got := NextRun(Monthly, anchor, after, utc)
		if !got.Equal(at(utc, w)) {
			t.Fatalf("after %s: got %s, want %s", after, got, w)
		}
		after = got
	}
	// A leap year's February has 29 days.
	if got := NextRun(Monthly, anchor, at(utc, "2028-02-01 00:00"), utc); !got.Equal(at(utc, "2028-02-29 08:00")) {
		t.Errorf("leap February: got %s", got)
	}
	// The 30th goes out on the 30th where the month has one, and in December across the year.
	if got := NextRun(Monthly, at(utc, "2026-04-30 09:00"), at(utc, "2026-12-30 09:00"), utc); !got.Equal(at(utc, "2027-01-30 08:00")) {
		t.Errorf("across the year: got %s", got)
	}
}

func TestPeriodDays(t *testing.T) {
	if PeriodDays(Daily) != 1 || PeriodDays(Weekly) != 7 || PeriodDays(Monthly) != 30 {
		t.Fatal("a daily report covers 1 day, weekly 7, monthly 30")
	}
}
