package reports

import "time"

// Frequencies a scheduled report runs at.
const (
	Daily   = "daily"
	Weekly  = "weekly"
	Monthly = "monthly"
)

// sendHour is the local hour reports go out, on the site's own clock: early in the working day,
// and clear of the night hours in which daylight saving time skips or repeats an hour.
const sendHour = 8

// NextRun is the first send time strictly after `after`, on the site's clock (zone):
// daily at 08:00; weekly at 08:00 on the weekday of anchor; monthly at 08:00 on anchor's day of
// the month, or the month's last day when it is shorter (a report made on the 31st goes out on
// 30 April and 28 or 29 February). anchor is when the report was created.
func NextRun(frequency string, anchor, after time.Time, zone *time.Location) time.Time {
	if zone == nil {
		zone = time.UTC
	}
	local := after.In(zone)
	anchor = anchor.In(zone)
	at := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, sendHour, 0, 0, 0, zone) }
	switch frequency {
	case Weekly:
		t := at(local.Year(), local.Month(), local.Day())
		shift := (int(anchor.Weekday()) - int(t.Weekday()) + 7) % 7
		t = at(local.Year(), local.Month(), local.Day()+shift)
		if !t.After(after) {
			t = at(t.Year(), t.Month(), t.Day()+7)
		}
		return t
	case Monthly:
		for i := 0; ; i++ {
			first := time.Date(local.Year(), local.Month()+time.Month(i), 1, 0, 0, 0, 0, zone)
			t := at(first.Year(), first.Month(), min(anchor.Day(), daysIn(first)))
			if t.After(after) {
				return t
			}
		}
	default:
		t := at(local.Year(), local.Month(), local.Day())
		if !t.After(after) {
			t = at(local.Year(), local.Month(), local.Day()+1)
		}
		return t
	}
}

// daysIn is the number of days of the month t is in.
func daysIn(t time.Time) int {
	return time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, t.Location()).Day()
}

// PeriodDays is how many days a report of a frequency covers.
func PeriodDays(frequency string) int {
	switch frequency {
	case Daily:
		return 1
	case Monthly:
		return 30
	default:
		return 7
	}
}
