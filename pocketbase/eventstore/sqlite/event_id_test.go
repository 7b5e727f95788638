package sqlite

import "testing"

func TestNextEventID(t *testing.T) {
	a, b := nextEventID(), nextEventID()
	if len(a) != 15 || len(b) != 15 || !(a < b) {
		t.Fatalf("ids %q %q: want 15 characters, increasing", a, b)
	}
	for _, r := range a {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			t.Fatalf("id %q has %q", a, r)
		}
	}
}
