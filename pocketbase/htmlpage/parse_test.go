package htmlpage

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestGoldenParity: the Go parser gives exactly what src/lib/audit/parse.ts (htmlparser2) gives
// for every scan fixture (golden files written by scripts/scan-page-golden.mjs).
func TestGoldenParity(t *testing.T) {
	fixtures, _ := filepath.Glob("../../tests/fixtures/scan/*.html")
	if len(fixtures) < 6 {
		t.Fatalf("fixtures not found: %v", fixtures)
	}
	for _, f := range fixtures {
		name := strings.TrimSuffix(filepath.Base(f), ".html")
		t.Run(name, func(t *testing.T) {
			doc, _ := os.ReadFile(f)
			goldenBytes, err := os.ReadFile(filepath.Join("testdata", name+".page.json"))
			if err != nil {
				t.Fatal(err)
			}
			var want, got map[string]any
			_ = json.Unmarshal(goldenBytes, &want)
			gotBytes, _ := json.Marshal(Parse(doc, "https://fixture.example/"+name+".html"))
			_ = json.Unmarshal(gotBytes, &got)
			for _, key := range []string{"url", "htmlBytes", "text", "wordCount", "jsonLd", "assetSizes"} {
				if !reflect.DeepEqual(got[key], want[key]) {
					t.Errorf("%s:\n got %v\nwant %v", key, got[key], want[key])
				}
			}
			ge, we := got["elements"].([]any), want["elements"].([]any)
			for i := 0; i < len(ge) && i < len(we); i++ {
				if !reflect.DeepEqual(ge[i], we[i]) {
					t.Fatalf("element %d:\n got %v\nwant %v", i, ge[i], we[i])
				}
			}
			if len(ge) != len(we) {
				t.Fatalf("elements: got %d, want %d", len(ge), len(we))
			}
		})
	}
}
