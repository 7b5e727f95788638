package reports

import (
	"strings"
	"testing"
	"time"
)

func TestSendNowOncePerReportPerMinuteAndTenPerSitePerHour(t *testing.T) {
	l := newSendLimits()
	t0 := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	if _, why := l.take("site", "r1", t0); why != "" {
		t.Fatal(why)
	}
	wait, why := l.take("site", "r1", t0.Add(15*time.Second))
	if wait != 45*time.Second || !strings.Contains(why, "again in 45 seconds") {
		t.Fatalf("%v %q", wait, why)
	}
	if _, why := l.take("site", "r1", t0.Add(time.Minute)); why != "" {
		t.Fatal("a minute later the report may be sent again: ", why)
	}
	// Two sends so far; eight more reports fill the site's hour.
	for i := 0; i < 8; i++ {
		if _, why := l.take("site", "other"+string(rune('a'+i)), t0.Add(2*time.Minute)); why != "" {
			t.Fatal(why)
		}
	}
	wait, why = l.take("site", "r9", t0.Add(3*time.Minute))
	if wait != 57*time.Minute || !strings.Contains(why, "again in 57 minutes") || retryAfter(wait) != "3420" {
		t.Fatalf("%v %q", wait, why)
	}
	if _, why := l.take("another-site", "r9", t0.Add(3*time.Minute)); why != "" {
		t.Fatal("other sites have their own hour: ", why)
	}
	if _, why := l.take("site", "r9", t0.Add(time.Hour)); why != "" {
		t.Fatal("the first send has left the hour: ", why)
	}
}
