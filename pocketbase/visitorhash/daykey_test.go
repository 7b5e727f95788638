package visitorhash

import (
	"bytes"
	"testing"
	"time"

	"cro/pocketbase/schematest"
)

// keysOf is a collector's store: it hands out the main server's day keys, never a salt.
type keysOf struct{ main *Hasher }

func (k keysOf) Salt(day string) ([]byte, error) { return k.main.DayKey(day), nil }
func (k keysOf) Forget(string) error             { return nil }

func TestAHasherOnDayKeysNamesVisitorsAsTheOneOnSalts(t *testing.T) {
	app := schematest.NewApp(t)
	c := &clock{time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)}
	main := New(RecordStore{app}, c.now)
	collector := NewFromDayKeys(keysOf{main}, c.now)
	for _, r := range [][3]string{{"site1", "203.0.113.7", "Firefox"}, {"site2", "2001:db8::1", "Chrome"}} {
		if a, b := main.Visitor(r[0], r[1], r[2]), collector.Visitor(r[0], r[1], r[2]); a == "" || a != b {
			t.Fatalf("%v: main server %q, collector %q", r, a, b)
		}
	}
	// The key handed out is not the stored salt, and the salt cannot be had from it.
	salt, err := RecordStore{app}.Salt("2026-11-25")
	if err != nil {
		t.Fatal(err)
	}
	key := main.DayKey("2026-11-25")
	if bytes.Equal(key, salt) || !bytes.Equal(key, DayKey(salt)) {
		t.Fatal("the day key must be DayKey(salt), not the salt")
	}
	// Another day, another key: a key is worth one day.
	if bytes.Equal(main.DayKey("2026-11-24"), key) {
		t.Fatal("two days share a key")
	}
}
