package main

import (
	"net/http/httptest"
	"testing"

	"cro/pocketbase/schematest"
)

// The limits the real schema gives: small JSON routes stay a few KB, uploads keep room for their file.
func TestPocketBaseRouteBodyLimits(t *testing.T) {
	app := schematest.NewApp(t)
	cases := []struct {
		method, path, contentType string
		min, max                  int64
	}{
		{"POST", "/api/collections/users/records", "application/json", 4 << 10, 12 << 10},           // sign-up
		{"POST", "/api/collections/users/auth-with-password", "application/json", 4 << 10, 4 << 10}, // sign-in
		{"POST", "/api/collections/users/request-password-reset", "application/json", 4 << 10, 4 << 10},
		{"POST", "/api/collections/users/confirm-verification", "application/json", 4 << 10, 4 << 10},
		{"POST", "/api/realtime", "application/json", 64 << 10, 64 << 10},
		{"PATCH", "/api/collections/goals/records/abc", "application/json", 4 << 10, 32 << 10},
		{"POST", "/api/collections/documents/records", "multipart/form-data; boundary=x", 25 << 20, 28 << 20}, // a 20 MB file and a quarter
		{"POST", "/api/collections/documents/records", "application/json", 4 << 10, 1 << 20},
	}
	for _, c := range cases {
		r := httptest.NewRequest(c.method, c.path, nil)
		r.Header.Set("Content-Type", c.contentType)
		limit, ok := pocketBaseRouteBodyLimit(app, r)
		t.Logf("%s %s (%s): %d bytes", c.method, c.path, c.contentType, limit)
		if !ok || limit < c.min || limit > c.max {
			t.Errorf("%s %s (%s): limit %d (%v), want %d..%d", c.method, c.path, c.contentType, limit, ok, c.min, c.max)
		}
	}
	for _, path := range []string{"/api/cro/scan", "/api/collections", "/api/collections/nosuch/records", "/api/collections/users/impersonate/abc", "/api/batch"} {
		if limit, ok := pocketBaseRouteBodyLimit(app, httptest.NewRequest("POST", path, nil)); ok {
			t.Errorf("POST %s: limit %d, want none of ours", path, limit)
		}
	}
}
