package ai

import (
	"context"
	"encoding/json"
	"net/http"
	"sync/atomic"
	"testing"
)

func complete(cfg Config) Structured {
	return NewClient(cfg).CompleteJSON(context.Background(), []Message{{Role: "user", Content: "cards"}}, "insight_cards",
		map[string]any{"type": "object"})
}

func TestCompleteJSONSendsTheSchemaAndReturnsTheAnswer(t *testing.T) {
	var got map[string]any
	cfg := upstream(t, func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewDecoder(r.Body).Decode(&got)
		_, _ = w.Write([]byte(`{"choices":[{"message":{"content":"{\"insights\":[]}"}}],"usage":{"total_tokens":77}}`))
	})
	res := complete(cfg)
	if !res.OK || res.Content != `{"insights":[]}` || res.Tokens != 77 {
		t.Fatalf("%+v", res)
	}
	format, _ := got["response_format"].(map[string]any)
	schema, _ := format["json_schema"].(map[string]any)
	if got["stream"] != false || format["type"] != "json_schema" || schema["name"] != "insight_cards" || schema["strict"] != true {
		t.Fatalf("request %v", got)
	}
}

func TestCompleteJSONRetriesServerErrorsButNotRefusals(t *testing.T) {
	var calls atomic.Int32
	cfg := upstream(t, func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(502)
			return
		}
		_, _ = w.Write([]byte(`{"choices":[{"message":{"content":"{}"}}]}`))
	})
	if res := complete(cfg); !res.OK || calls.Load() != 2 {
		t.Fatalf("%+v after %d calls", res, calls.Load())
	}
	calls.Store(0)
	refused := upstream(t, func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		w.WriteHeader(429)
	})
	if res := complete(refused); res.OK || res.Status != 429 || res.Error != MsgRateLimited || calls.Load() != 1 {
		t.Fatalf("%+v after %d calls", res, calls.Load())
	}
	garbled := upstream(t, func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`<html>`)) })
	if res := complete(garbled); res.OK || res.Status != 502 {
		t.Fatalf("%+v", res)
	}
}
