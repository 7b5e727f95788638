package stats

import (
	"bytes"
	"encoding/json"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The v2 reference vectors (CUPED, ratio, post-stratification, corrections, bandits).
const vectors2Path = "../../../tests/fixtures/experiment-stats-vectors-2.json"

// orderedTolerances keeps the file's per_field entries in order: the first whose key the path ends
// with applies.
type orderedTolerances struct {
	keys []string
	tols []tolerance
}

func (o *orderedTolerances) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		var tol tolerance
		if err := dec.Decode(&tol); err != nil {
			return err
		}
		o.keys = append(o.keys, key.(string))
		o.tols = append(o.tols, tol)
	}
	return nil
}

type vector2File struct {
	Schema     string `json:"schema"`
	CaseCount  int    `json:"case_count"`
	Tolerances struct {
		Default  tolerance         `json:"default"`
		PerField orderedTolerances `json:"per_field"`
	} `json:"tolerances"`
	Cases []struct {
		ID                 string          `json:"id"`
		Category           string          `json:"category"`
		Expected           json.RawMessage `json:"expected"`
		GrowthBookExpected []struct {
			Path     string          `json:"path"`
			Value    json.RawMessage `json:"value"`
			Decimals *int            `json:"decimals"`
			Variant  *int            `json:"variant"`
		} `json:"growthbook_expected"`
	} `json:"cases"`
}

func loadVectors2(t *testing.T) (vector2File, []json.RawMessage) {
	t.Helper()
	file, rawCases := readVectorDoc[vector2File](t, vectors2Path)
	cases := struct{ Cases []json.RawMessage }{rawCases}
	if file.Schema != "experiment-stats-vectors/2" || len(file.Cases) == 0 || len(file.Cases) != file.CaseCount {
		t.Fatalf("vector file %q has %d cases, case_count says %d", file.Schema, len(file.Cases), file.CaseCount)
	}
	return file, cases.Cases
}

func analyzeV2JSON(t *testing.T, id string, raw json.RawMessage) map[string]any {
	t.Helper()
	var c CaseV2
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	got, err := AnalyzeV2(c)
	if err != nil {
		t.Errorf("%s: %v", id, err)
		return nil
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

var listIndex = regexp.MustCompile(`\.\d+`)

// checker2 compares generic JSON trees from the root of "expected"; a number's tolerance is the
// first per_field key its path (list indices left out) ends with. A boolean is never a number.
type checker2 struct {
	t       *testing.T
	id      string
	def     tolerance
	fields  orderedTolerances
	numbers int
	failed  bool
}

func (c *checker2) tolerance(path string) tolerance {
	bare := listIndex.ReplaceAllString(path, "")
	for i, key := range c.fields.keys {
		if bare == key || strings.HasSuffix(bare, "."+key) {
			return c.fields.tols[i]
		}
	}
	return c.def
}

func (c *checker2) fail(format string, args ...any) {
	c.failed = true
	c.t.Errorf(c.id+": "+format, args...)
}

func (c *checker2) compare(path string, want, got any) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			c.fail("%s: want an object, got %v", path, got)
			return
		}
		for _, key := range unionKeys(w, g) {
			wv, inWant := w[key]
			gv, inGot := g[key]
			if inWant != inGot {
				c.fail("%s: key present in expected=%v, in actual=%v", join(path, key), inWant, inGot)
				continue
			}
			c.compare(join(path, key), wv, gv)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			c.fail("%s: want %v, got %v", path, w, got)
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
			c.fail("%s: want %v, got %v (rel %g, abs %g)", path, w, got, tol.Rel, tol.Abs)
		}
	default: // strings, booleans and null exactly
		if want != got {
			c.fail("%s: want %v, got %v", path, want, got)
		}
	}
}

func TestEveryV2VectorMatchesWithinTolerance(t *testing.T) {
	file, raws := loadVectors2(t)
	passed, total := map[string]int{}, map[string]int{}
	numbers := 0
	for i, vc := range file.Cases {
		var want map[string]any
		if err := json.Unmarshal(vc.Expected, &want); err != nil {
			t.Fatal(err)
		}
		got := analyzeV2JSON(t, vc.ID, raws[i])
		total[vc.Category]++
		if got == nil {
			continue
		}
		ch := &checker2{t: t, id: vc.ID, def: file.Tolerances.Default, fields: file.Tolerances.PerField}
		ch.compare("", want, got)
		numbers += ch.numbers
		if !ch.failed {
			passed[vc.Category]++
		}
	}
	for _, category := range slices.Sorted(maps.Keys(total)) {
		t.Logf("%s: %d of %d cases pass", category, passed[category], total[category])
	}
	t.Logf("%d cases, %d numeric fields checked", len(file.Cases), numbers)
}

func TestV2GrowthBookAssertionsHoldAtTheirDecimals(t *testing.T) {
	file, raws := loadVectors2(t)
	checked := 0
	for i, vc := range file.Cases {
		if len(vc.GrowthBookExpected) == 0 {
			continue
		}
		got := analyzeV2JSON(t, vc.ID, raws[i])
		if got == nil {
			continue
		}
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
