package editor

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

func TestHandlerServesTheBundleToAnyOrigin(t *testing.T) {
	if len(editorJS) < 1000 {
		t.Fatalf("editor bundle not embedded (%d bytes): run node scripts/build-tracker.mjs", len(editorJS))
	}
	for _, tc := range []struct {
		inm  string
		code int
	}{{"", 200}, {etag, 304}} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/t/e/editor.js", nil)
		if tc.inm != "" {
			req.Header.Set("If-None-Match", tc.inm)
		}
		e := &core.RequestEvent{}
		e.Response = rec
		e.Request = req
		if err := Handler(e); err != nil {
			t.Fatal(err)
		}
		if rec.Code != tc.code || rec.Header().Get("Access-Control-Allow-Origin") != "*" {
			t.Fatalf("If-None-Match %q: %d, CORS %q", tc.inm, rec.Code, rec.Header().Get("Access-Control-Allow-Origin"))
		}
		if tc.code == 200 && rec.Body.String() != editorJS {
			t.Fatal("body is not the bundle")
		}
	}
}
