package integrations

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"

	"cro/pocketbase/safefetch"
)

// received is one request a stand-in got.
type received struct {
	Path   string
	Query  string
	Header http.Header
	Body   []byte
}

// standIn is a local HTTP server playing a vendor: check validates each request against the
// vendor's documented shape and returns the status and body the vendor would answer.
type standIn struct {
	*httptest.Server
	mu   sync.Mutex
	got  []received
	fail int // answer 503 to this many requests first
}

func newStandIn(t *testing.T, check func(r received) (int, string)) *standIn {
	t.Helper()
	s := &standIn{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r := received{Path: req.URL.Path, Query: req.URL.RawQuery, Header: req.Header.Clone(), Body: body}
		s.mu.Lock()
		s.got = append(s.got, r)
		failing := s.fail > 0
		if failing {
			s.fail--
		}
		s.mu.Unlock()
		if failing {
			http.Error(w, "try later", http.StatusServiceUnavailable)
			return
		}
		status, answer := check(r)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *standIn) requests() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

// hostPort is the stand-in's "ip:port", which the delivery guard must be told to allow.
func (s *standIn) hostPort() string { return strings.TrimPrefix(s.URL, "http://") }

// allowing is the delivery guard with the given stand-ins allowed (production allows none).
func allowing(servers ...*standIn) safefetch.Config {
	c := safefetch.DefaultConfig()
	for _, s := range servers {
		c.AllowHosts[netip.MustParseAddrPort(s.hostPort())] = true
	}
	return c
}

func jsonObject(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("body is not a JSON object: %s", b)
	}
	return m
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
