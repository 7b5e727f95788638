package analytics

import (
	"bytes"
	"regexp"
	"testing"
)

func TestClientSourceIsAKeyedHashOfTheClientsAddress(t *testing.T) {
	dir := t.TempDir()
	key := loadSourceKey(dir)
	if again := loadSourceKey(dir); !bytes.Equal(key, again) {
		t.Fatal("the key changed between two starts")
	}
	a := clientSource(key, "2001:db8:7:1::1")
	if a != clientSource(key, "2001:db8:7:1:ffff::2") {
		t.Error("two addresses of one IPv6 /64 are different sources")
	}
	if a == clientSource(key, "2001:db8:7:2::1") {
		t.Error("two IPv6 /64s are the same source")
	}
	if clientSource(key, "203.0.113.9") != clientSource(key, "::ffff:203.0.113.9") {
		t.Error("an IPv4-mapped address is not its IPv4 address")
	}
	if clientSource(key, "203.0.113.9") == clientSource(key, "203.0.113.10") {
		t.Error("two IPv4 addresses are the same source")
	}
	other := loadSourceKey(t.TempDir())
	if clientSource(other, "203.0.113.9") == clientSource(key, "203.0.113.9") {
		t.Error("another server's secret gives the same source: the hash is not keyed")
	}
	if s := clientSource(key, "203.0.113.9"); !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(s) {
		t.Errorf("source %q: want 32 hex characters", s)
	}
}
