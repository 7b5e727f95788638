package publicapi

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// The OpenAPI document and the routes describe the same operations: a route missing from the
// document, or a documented operation nobody serves, fails here.
func TestOpenAPIDocumentListsEveryRoute(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDocument, &doc); err != nil {
		t.Fatal(err)
	}
	var documented, served []string
	for path, ops := range doc.Paths {
		for method := range ops {
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}
	for _, r := range (&server{}).routes() {
		served = append(served, r.method+" "+r.path)
	}
	slices.Sort(documented)
	slices.Sort(served)
	if !slices.Equal(documented, served) {
		t.Errorf("documented operations %v, served %v", documented, served)
	}
}

func TestMatchPath(t *testing.T) {
	cases := []struct {
		pattern, path string
		want          bool
	}{
		{"/v1/experiments/{id}/results", "/v1/experiments/abc/results", true},
		{"/v1/experiments/{id}/results", "/v1/experiments//results", false},
		{"/v1/experiments/{id}/results", "/v1/experiments/abc", false},
		{"/v1/conversions", "/v1/conversions", true},
		{"/v1/conversions", "/v1/conversions/x", false},
	}
	for _, c := range cases {
		if got := matchPath(c.pattern, c.path); got != c.want {
			t.Errorf("matchPath(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}
