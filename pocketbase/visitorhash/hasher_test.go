package visitorhash

import (
	"regexp"
	"testing"
	"time"

	_ "github.com/pocketbase/pocketbase/migrations" // the system tables the schema builds on

	"cro/pocketbase/schematest"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

var idShape = regexp.MustCompile(`^[a-z0-9]{20}$`)

func TestVisitorIsStableWithinADayAndDiffersAcrossSitesAndBrowsers(t *testing.T) {
	app := schematest.NewApp(t)
	c := &clock{time.Date(2026, 11, 25, 0, 0, 1, 0, time.UTC)}
	h := New(RecordStore{app}, c.now)
	a := h.Visitor("site1", "203.0.113.7", "Firefox")
	if !idShape.MatchString(a) {
		t.Fatalf("id %q is not 20 characters of [a-z0-9]", a)
	}
	c.t = c.t.Add(23*time.Hour + 59*time.Minute)
	if b := h.Visitor("site1", "203.0.113.7", "Firefox"); b != a {
		t.Fatalf("same day, same request: %q then %q", a, b)
	}
	for _, other := range [][3]string{{"site2", "203.0.113.7", "Firefox"}, {"site1", "203.0.113.8", "Firefox"}, {"site1", "203.0.113.7", "Chrome"}} {
		if b := h.Visitor(other[0], other[1], other[2]); b == a {
			t.Fatalf("%v gave the same id as site1's visitor", other)
		}
	}
}

func TestSaltRotatesDailyAndOldSaltsAreDeleted(t *testing.T) {
	app := schematest.NewApp(t)
	c := &clock{time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
	h := New(RecordStore{app}, c.now)
	ids := map[string]bool{}
	for i := 0; i < 3; i++ {
		id := h.Visitor("site1", "203.0.113.7", "Firefox")
		if ids[id] {
			t.Fatalf("day %d reused an earlier day's id", i)
		}
		ids[id] = true
		c.t = c.t.AddDate(0, 0, 1)
	}
	recs, err := app.FindAllRecords("visitor_salts")
	if err != nil {
		t.Fatal(err)
	}
	var days []string
	for _, r := range recs {
		days = append(days, r.GetString("day"))
	}
	if len(days) != 2 || !contains(days, "2026-11-24") || !contains(days, "2026-11-25") {
		t.Fatalf("kept salts of %v, want today's and yesterday's only", days)
	}
}

func TestSaltSurvivesARestart(t *testing.T) {
	app := schematest.NewApp(t)
	c := &clock{time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)}
	before := New(RecordStore{app}, c.now).Visitor("site1", "2001:db8::1", "Safari")
	// A new Hasher on the same database: what a server restart does.
	after := New(RecordStore{app}, c.now).Visitor("site1", "2001:db8::1", "Safari")
	if before != after {
		t.Fatalf("restart changed the visitor: %q then %q", before, after)
	}
}

func TestSessionsEndAfterThirtyIdleMinutes(t *testing.T) {
	c := &clock{time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)}
	h := New(nil, c.now)
	v := "abcdefghijklmnopqrst"
	s1 := h.Session("site1", v)
	c.t = c.t.Add(29 * time.Minute)
	if s := h.Session("site1", v); s != s1 {
		t.Fatalf("29 minutes later: new session %q (was %q)", s, s1)
	}
	if s := h.Session("site2", v); s == s1 {
		t.Fatal("another site shared the session")
	}
	c.t = c.t.Add(30 * time.Minute)
	s2 := h.Session("site1", v)
	if s2 == s1 || !idShape.MatchString(s2) {
		t.Fatalf("30 idle minutes later: session %q (was %q)", s2, s1)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
