package docs

import (
	"os"
	"testing"
)

// TestMain lets the test binary serve as the extraction child, as the server binary does.
func TestMain(m *testing.M) {
	if RunChild() {
		os.Exit(0)
	}
	os.Exit(m.Run())
}
