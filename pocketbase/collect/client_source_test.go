package collect

import (
	"bytes"
	"regexp"
	"testing"
)

func TestClientSourceIsAKeyedHashOfTheClientsAddress(t *testing.T) {
	dir := t.TempDir()
	key := LoadSourceKey(dir)
	if again := LoadSourceKey(dir); !bytes.Equal(key, again) {
		t.Fatal("the key changed between two starts")
	}
	a := ClientSource(key, "2001:db8:7:1::1")
	if a != ClientSource(key, "2001:db8:7:1:ffff::2") {
		t.Error("two addresses of one IPv6 /64 are different sources")
	}
	if a == ClientSource(key, "2001:db8:7:2::1") {
		t.Error("two IPv6 /64s are the same source")
	}
	if ClientSource(key, "203.0.113.9") != ClientSource(key, "::ffff:203.0.113.9") {
		t.Error("an IPv4-mapped address is not its IPv4 address")
	}
	if ClientSource(key, "203.0.113.9") == ClientSource(key, "203.0.113.10") {
		t.Error("two IPv4 addresses are the same source")
	}
	other := LoadSourceKey(t.TempDir())
	if ClientSource(other, "203.0.113.9") == ClientSource(key, "203.0.113.9") {
		t.Error("another server's secret gives the same source: the hash is not keyed")
	}
	if s := ClientSource(key, "203.0.113.9"); !regexp.MustCompile(`^[0-9a-f]{16}$`).MatchString(s) {
		t.Errorf("source %q: want 16 hex characters", s)
	}
}
