package ai

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// upstream serves scripted answers in the OpenAI streaming format, one handler per test.
func upstream(t *testing.T, h http.HandlerFunc) Config {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return Config{BaseURL: srv.URL, APIKey: "sk-test-secret", Model: "m", FirstTokenTimeout: 500 * time.Millisecond, Timeout: 5 * time.Second, Retries: 2}
}

func piece(s string) string {
	return fmt.Sprintf(`data: {"choices":[{"delta":{"content":%q}}]}`+"\n\n", s)
}

func run(cfg Config) (Result, *httptest.ResponseRecorder) {
	rec := httptest.NewRecorder()
	res := NewClient(cfg).Stream(context.Background(), []Message{{Role: "user", Content: "hi"}}, NewStreamWriter(rec))
	return res, rec
}

func TestStreamRelaysPiecesSplitAcrossWritesAndSkipsComments(t *testing.T) {
	cfg := upstream(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer sk-test-secret" || r.URL.Path != "/chat/completions" {
			w.WriteHeader(401)
			return
		}
		body := ": keep-alive\n\n" + piece("Hel") + "\n" + piece("lo") + `data: {"choices":[],"usage":{"total_tokens":42}}` + "\n\ndata: [DONE]\n\n"
		for i := 0; i < len(body); i += 7 { // lines cut mid-way
			end := min(i+7, len(body))
			_, _ = w.Write([]byte(body[i:end]))
			w.(http.Flusher).Flush()
		}
	})
	res, rec := run(cfg)
	if !res.Completed || res.Status != 200 || res.Tokens != 42 {
		t.Fatalf("result %+v", res)
	}
	want := `data: {"choices":[{"delta":{"content":"Hel"}}]}` + "\n\n" + `data: {"choices":[{"delta":{"content":"lo"}}]}` + "\n\ndata: [DONE]\n\n"
	if rec.Body.String() != want {
		t.Fatalf("body %q", rec.Body.String())
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("content type %q", ct)
	}
	if strings.Contains(rec.Body.String(), "sk-test-secret") {
		t.Fatal("the key reached the browser")
	}
}

func TestStreamMapsRefusalsWithoutRetrying(t *testing.T) {
	for status, msg := range map[int]string{429: MsgRateLimited, 402: MsgPayment, 400: "The AI model refused the request (HTTP 400)."} {
		var calls atomic.Int32
		cfg := upstream(t, func(w http.ResponseWriter, _ *http.Request) {
			calls.Add(1)
			w.WriteHeader(status)
			_, _ = w.Write([]byte(`{"error":{"message":"key sk-test-secret is bad"}}`))
		})
		res, rec := run(cfg)
		if res.Status != map[int]int{429: 429, 402: 402, 400: 502}[status] || res.Error != msg || res.Started || calls.Load() != 1 {
			t.Fatalf("%d: %+v after %d calls", status, res, calls.Load())
		}
		if rec.Body.Len() != 0 {
			t.Fatalf("%d: wrote %q", status, rec.Body.String())
		}
	}
}

func TestStreamRetriesOnlyBeforeTheFirstToken(t *testing.T) {
	var calls atomic.Int32
	cfg := upstream(t, func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(503)
			return
		}
		_, _ = w.Write([]byte(piece("ok") + "data: [DONE]\n\n"))
	})
	res, rec := run(cfg)
	if !res.Completed || calls.Load() != 2 || res.Attempts != 2 || !strings.Contains(rec.Body.String(), `"ok"`) {
		t.Fatalf("%+v after %d calls: %q", res, calls.Load(), rec.Body.String())
	}

	calls.Store(0)
	cut := upstream(t, func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		_, _ = w.Write([]byte(piece("Half an ans")))
	})
	res, rec = run(cut)
	if res.Completed || !res.Started || calls.Load() != 1 {
		t.Fatalf("cut stream: %+v after %d calls", res, calls.Load())
	}
	if !strings.HasSuffix(rec.Body.String(), `data: {"error":"`+MsgInterrupted+`"}`+"\n\n") || strings.Contains(rec.Body.String(), "[DONE]") {
		t.Fatalf("cut stream body %q", rec.Body.String())
	}
}

func TestStreamGivesUpWhenTheFirstTokenIsLate(t *testing.T) {
	cfg := upstream(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(3 * time.Second):
		}
	})
	cfg.Retries = 0
	start := time.Now()
	res, rec := run(cfg)
	if res.Status != 504 || res.Error != MsgTimeout || res.Started || rec.Body.Len() != 0 {
		t.Fatalf("%+v %q", res, rec.Body.String())
	}
	if time.Since(start) > 2*time.Second {
		t.Fatalf("waited %s", time.Since(start))
	}
}

func TestStreamStopsWhenTheBrowserLeaves(t *testing.T) {
	upstreamGone := make(chan struct{})
	cfg := upstream(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(piece("first")))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		close(upstreamGone)
	})
	ctx, cancel := context.WithCancel(context.Background())
	rec := httptest.NewRecorder()
	done := make(chan Result)
	go func() {
		done <- NewClient(cfg).Stream(ctx, []Message{{Role: "user", Content: "hi"}}, NewStreamWriter(rec))
	}()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case <-upstreamGone:
	case <-time.After(2 * time.Second):
		t.Fatal("the upstream request outlived the browser")
	}
	if res := <-done; res.Completed {
		t.Fatalf("%+v", res)
	}
}
