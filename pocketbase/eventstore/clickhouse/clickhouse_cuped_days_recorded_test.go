package clickhouse

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"sync"
	"testing"
)

// recorder keeps the statements a store sends to ClickHouse: what a server reads and writes.
type recorder struct {
	mu   sync.Mutex
	sent []string
	next http.RoundTripper
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	q := req.URL.Query().Get("query") // an insert's statement; a read's is the body
	if q == "" && req.Body != nil {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		_ = req.Body.Close()
		q, req.Body = string(body), io.NopCloser(bytes.NewReader(body))
	}
	r.mu.Lock()
	r.sent = append(r.sent, q)
	r.mu.Unlock()
	return r.next.RoundTrip(req)
}

// reset forgets what was sent so far.
func (r *recorder) reset() {
	r.mu.Lock()
	r.sent = nil
	r.mu.Unlock()
}

// matching are the statements sent that match re.
func (r *recorder) matching(re *regexp.Regexp) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, q := range r.sent {
		if re.MatchString(q) {
			out = append(out, q)
		}
	}
	return out
}

// recordedServer is another server's store on store's database (its memory empty), its statements recorded.
func recordedServer(store *chStore) (*chStore, *recorder) {
	db := *store.raw
	rec := &recorder{next: http.DefaultTransport}
	db.http = &http.Client{Timeout: store.raw.http.Timeout, Transport: rec}
	return newCHStore(&db), rec
}

// chComputing matches the statements that read exposed visitors or outcome rows, or write (a
// server that reads settled days sends none of them).
var chComputing = regexp.MustCompile(`\bFROM (experiment_events|exposure_strata|exposures)\b|INSERT INTO`)

// noneComputed fails the test with the statements of rec that computed what was settled.
func noneComputed(t *testing.T, label string, rec *recorder) {
	t.Helper()
	if sent := rec.matching(chComputing); len(sent) > 0 {
		t.Errorf("%s: a server computed what was settled (%d statements), the first:\n%s", label, len(sent), sent[0])
	}
}
