package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The reference vectors live in the project, never outside it.
const vectorsPath = "../../../tests/fixtures/experiment-stats-vectors.json"

type tolerance struct {
	Rel float64 `json:"rel"`
	Abs float64 `json:"abs"`
}

type vectorFile struct {
	CaseCount  int `json:"case_count"`
	Tolerances struct {
		Default  tolerance            `json:"default"`
		PerField map[string]tolerance `json:"per_field"`
	} `json:"tolerances"`
	Cases []struct {
		ID                 string          `json:"id"`
		Expected           json.RawMessage `json:"expected"`
		GrowthBookExpected []struct {
			Path     string          `json:"path"`
			Value    json.RawMessage `json:"value"`
			Decimals *int            `json:"decimals"`
			Variant  *int            `json:"variant"`
		} `json:"growthbook_expected"`
	} `json:"cases"`
}

// readVectorDoc reads a vectors document (either schema) into T, and each case as its raw JSON.
func readVectorDoc[T any](t *testing.T, path string) (T, []json.RawMessage) {
	t.Helper()
	var file T
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	var cases struct {
		Cases []json.RawMessage `json:"cases"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	return file, cases.Cases
}

func loadVectors(t *testing.T) (vectorFile, []json.RawMessage) {
	t.Helper()
	file, rawCases := readVectorDoc[vectorFile](t, vectorsPath)
	cases := struct{ Cases []json.RawMessage }{rawCases}
	if len(file.Cases) == 0 || len(file.Cases) != file.CaseCount {
		t.Fatalf("vector file has %d cases, case_count says %d", len(file.Cases), file.CaseCount)
	}
	return file, cases.Cases
}

// analyzeJSON runs the engine on a case as the JSON document holds it and returns its answer as
// generic JSON, so that it is compared field by field, keys and nulls included.
func analyzeJSON(t *testing.T, id string, raw json.RawMessage) map[string]any {
	t.Helper()
	var c Case
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	got, err := Analyze(c)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	encoded, err := json.Marshal(got)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	var generic map[string]any
	if err := json.Unmarshal(encoded, &generic); err != nil {
		t.Fatal(err)
	}
	return generic
}

// checker compares generic JSON trees; path is relative to a comparison (or the top level) so
// that the file's per-field tolerances apply by name.
type checker struct {
	t        *testing.T
	id       string
	def      tolerance
	perField map[string]tolerance
	numbers  int
}

func (c *checker) tolerance(path string) tolerance {
	for field, tol := range c.perField {
		if path == field || strings.HasPrefix(path, field+".") {
			return tol
		}
	}
	return c.def
}

func (c *checker) compare(path string, want, got any) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			c.t.Errorf("%s: %s: want an object, got %v", c.id, path, got)
			return
		}
		for _, key := range unionKeys(w, g) {
			wv, inWant := w[key]
			gv, inGot := g[key]
			if inWant != inGot {
				c.t.Errorf("%s: %s: key present in expected=%v, in actual=%v", c.id, join(path, key), inWant, inGot)
				continue
			}
			c.compare(join(path, key), wv, gv)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			c.t.Errorf("%s: %s: want %v, got %v", c.id, path, w, got)
			return
		}
		for i := range w {
			c.compare(join(path, strconv.Itoa(i)), w[i], g[i])
		}
	case float64:
		g, ok := got.(float64)
		c.numbers++
		tol := c.tolerance(path)
		if !ok || math.Abs(g-w) > tol.Rel*math.Abs(w)+tol.Abs {
			c.t.Errorf("%s: %s: want %v, got %v (rel %g, abs %g)", c.id, path, w, got, tol.Rel, tol.Abs)
		}
	default: // strings, booleans and null must match exactly
		if want != got {
			c.t.Errorf("%s: %s: want %v, got %v", c.id, path, want, got)
		}
	}
}

func unionKeys(a, b map[string]any) []string {
	seen := map[string]bool{}
	for k := range a {
		seen[k] = true
	}
	for k := range b {
		seen[k] = true
	}
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func TestEveryVectorMatchesWithinTolerance(t *testing.T) {
	file, raws := loadVectors(t)
	numbers := 0
	for i, vc := range file.Cases {
		var want map[string]any
		if err := json.Unmarshal(vc.Expected, &want); err != nil {
			t.Fatal(err)
		}
		got := analyzeJSON(t, vc.ID, raws[i])
		ch := &checker{t: t, id: vc.ID, def: file.Tolerances.Default, perField: file.Tolerances.PerField}
		// Comparisons are checked one by one so that tolerances are looked up by field name.
		wantComparisons, _ := want["comparisons"].([]any)
		gotComparisons, _ := got["comparisons"].([]any)
		if len(wantComparisons) != len(gotComparisons) {
			t.Errorf("%s: want %d comparisons, got %d", vc.ID, len(wantComparisons), len(gotComparisons))
			continue
		}
		for j := range wantComparisons {
			ch.compare("", wantComparisons[j], gotComparisons[j])
		}
		delete(want, "comparisons")
		delete(got, "comparisons")
		ch.compare("", want, got)
		numbers += ch.numbers
	}
	t.Logf("%d cases, %d numeric fields checked", len(file.Cases), numbers)
}

// GrowthBook's own assertions hold at their rounding.
func TestGrowthBookAssertionsHoldAtTheirDecimals(t *testing.T) {
	file, raws := loadVectors(t)
	checked := 0
	for i, vc := range file.Cases {
		if len(vc.GrowthBookExpected) == 0 {
			continue
		}
		got := analyzeJSON(t, vc.ID, raws[i])
		for _, assertion := range vc.GrowthBookExpected {
			root := any(got)
			if assertion.Variant != nil {
				root = got["comparisons"].([]any)[*assertion.Variant-1]
			}
			actual, err := lookup(root, assertion.Path)
			if err != nil {
				t.Errorf("%s: %s: %v", vc.ID, assertion.Path, err)
				continue
			}
			var want any
			if err := json.Unmarshal(assertion.Value, &want); err != nil {
				t.Fatal(err)
			}
			if msg := roundedMismatch(want, actual, assertion.Decimals); msg != "" {
				t.Errorf("%s: %s: %s", vc.ID, assertion.Path, msg)
			}
			checked++
		}
	}
	t.Logf("%d GrowthBook assertions checked", checked)
}

func lookup(root any, path string) (any, error) {
	node := root
	for _, part := range strings.Split(path, ".") {
		switch n := node.(type) {
		case map[string]any:
			v, ok := n[part]
			if !ok {
				return nil, fmt.Errorf("no field %q", part)
			}
			node = v
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(n) {
				return nil, fmt.Errorf("no index %q", part)
			}
			node = n[i]
		default:
			return nil, fmt.Errorf("cannot descend into %v", node)
		}
	}
	return node, nil
}

// roundedMismatch applies GrowthBook's check: equal after rounding to decimals on both sides (or
// within 10^-decimals); decimals nil means exact equality.
func roundedMismatch(want, got any, decimals *int) string {
	if w, ok := want.([]any); ok {
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("want %v, got %v", want, got)
		}
		for i := range w {
			if msg := roundedMismatch(w[i], g[i], decimals); msg != "" {
				return fmt.Sprintf("[%d] %s", i, msg)
			}
		}
		return ""
	}
	w, wNum := want.(float64)
	g, gNum := got.(float64)
	if decimals == nil || !wNum || !gNum {
		if want != got {
			return fmt.Sprintf("want %v, got %v", want, got)
		}
		return ""
	}
	scale := math.Pow(10, float64(*decimals))
	if math.Round(w*scale) == math.Round(g*scale) || math.Abs(w-g) <= 1/scale {
		return ""
	}
	return fmt.Sprintf("want %v, got %v at %d decimals", w, g, *decimals)
}
