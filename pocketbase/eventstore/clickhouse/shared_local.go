package clickhouse

import (
	"os"
	"strconv"
	"sync"
	"sync/atomic"
)

// SharedLocal is one local server for a test binary, started on first use, with a new database
// on it for each store a test opens: the store tests of this package, eventstore/sqlite (which
// compares its sums with ClickHouse's) and analytics (the contract on ClickHouse) each keep one
// and Stop it in TestMain.
type SharedLocal struct {
	// Prefix names the databases (prefix1, prefix2, ...).
	Prefix string

	once  sync.Once
	local *Local
	err   error
	seq   atomic.Int64
	dir   string
}

// TB is what SharedLocal needs of a *testing.T (so the server's binary does not link testing).
type TB interface {
	Helper()
	Skip(args ...any)
	Fatal(args ...any)
}

// DatabaseURL is a new, empty database's URL on the server, starting it on first use; the test
// is skipped when no server binary is installed (CI installs Debian's clickhouse-server).
func (s *SharedLocal) DatabaseURL(t TB) string {
	t.Helper()
	if !HaveServer() {
		t.Skip("ClickHouse skipped: " + ErrNoBinary.Error())
	}
	s.once.Do(func() {
		s.dir, s.err = os.MkdirTemp("", "cro-clickhouse-")
		if s.err == nil {
			s.local, s.err = StartLocal(s.dir)
		}
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.local.URL + "?database=" + s.Prefix + strconv.FormatInt(s.seq.Add(1), 10)
}

// URL is the server's address ("" before DatabaseURL started it).
func (s *SharedLocal) URL() string {
	if s.local == nil {
		return ""
	}
	return s.local.URL
}

// Stop ends the server, if it was started, and removes its files.
func (s *SharedLocal) Stop() {
	if s.local != nil {
		s.local.Stop()
	}
	if s.dir != "" {
		_ = os.RemoveAll(s.dir)
	}
}
