package collect

import (
	"testing"
	"time"
)

func TestClientKeyIsTheAddressOnly(t *testing.T) {
	if ClientKey("203.0.113.7") != ClientKey("::ffff:203.0.113.7") {
		t.Error("an IPv4 address and its IPv6-mapped form are one client")
	}
	if ClientKey("203.0.113.7") == ClientKey("203.0.113.8") {
		t.Error("two IPv4 addresses are two clients")
	}
	if ClientKey("2001:db8:1:2::1") != ClientKey("2001:db8:1:2:ffff:ffff:ffff:ffff") {
		t.Error("addresses in one IPv6 /64 are one client")
	}
	if ClientKey("2001:db8:1:2::1") == ClientKey("2001:db8:1:3::1") {
		t.Error("two IPv6 /64s are two clients")
	}
	if len(ClientKey("not an address")) != 16 {
		t.Error("an unparsable address still gets a key")
	}
}

// One client may spend at most its share of a site's budget; the rest stays for other clients.
func TestOneClientCannotExhaustTheSite(t *testing.T) {
	site, share := NewLimiter(8), NewLimiter(8*ClientShareOfSite) // site burst 16, a client's 4
	now := time.Now()
	take := func(client string) bool { return share.Allow("s|"+client, now) && site.Allow("s", now) }
	accepted := 0
	for i := 0; i < 100; i++ {
		if take(ClientKey("198.51.100.1")) {
			accepted++
		}
	}
	if accepted != 4 {
		t.Fatalf("one client got %d requests, want its share of 4", accepted)
	}
	for i := 2; i <= 4; i++ {
		for j := 0; j < 4; j++ {
			if !take(ClientKey("198.51.100." + string(rune('0'+i)))) {
				t.Fatalf("client %d was refused while the site had budget left", i)
			}
		}
	}
	if take(ClientKey("198.51.100.9")) {
		t.Fatal("the site's own budget still applies once spent")
	}
}

// Requests reach the limiter in any order of the times they arrived with (those that waited on one
// load of their site come at once): a burst of 2 is 2 whatever the order. The bucket took back what
// a later time had refilled, and refused the second (the limits integration test, once in CI).
func TestABurstIsWholeWhateverOrderTheRequestsTimesCome(t *testing.T) {
	l := NewLimiter(1) // burst 2
	at := time.Now()
	if !l.Allow("k", at.Add(5*time.Millisecond)) || !l.Allow("k", at) {
		t.Fatal("the second of a burst of 2 was refused: it came with an earlier time than the first")
	}
	if l.Allow("k", at.Add(time.Millisecond)) {
		t.Fatal("a third at once was allowed: an earlier time refilled the bucket")
	}
	if !l.Allow("k", at.Add(5*time.Millisecond+time.Second)) {
		t.Fatal("a second later the bucket had not refilled one")
	}
}
