// Command experimentstats reads an experiment-stats document (cases in the schema of
// tests/fixtures/experiment-stats-vectors.json, or with "schema": "experiment-stats-vectors/2" in
// that of tests/fixtures/experiment-stats-vectors-2.json; with or without "expected") on standard
// input and prints the same document with every case's "expected" computed by package stats:
//
//	experimentstats < cases.json > with-expected.json
//
// A case the engine rejects stops the run with its id and the reason, and exit status 1.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"cro/pocketbase/experiments/stats"
)

func main() {
	if len(os.Args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: experimentstats < cases.json")
		os.Exit(2)
	}
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "experimentstats:", err)
		os.Exit(1)
	}
}

func run(in io.Reader, out io.Writer) error {
	var doc map[string]json.RawMessage
	if err := json.NewDecoder(in).Decode(&doc); err != nil {
		return fmt.Errorf("reading the document: %w", err)
	}
	compute, err := engineFor(doc["schema"])
	if err != nil {
		return err
	}
	var cases []map[string]json.RawMessage
	if err := json.Unmarshal(doc["cases"], &cases); err != nil || cases == nil {
		return errors.New(`the document needs a "cases" array of objects`)
	}
	for i, raw := range cases {
		expected, err := compute(raw)
		if err != nil {
			return fmt.Errorf("case %d (%s): %w", i, raw["id"], err)
		}
		raw["expected"] = expected
	}
	encodedCases, err := json.Marshal(cases)
	if err != nil {
		return err
	}
	doc["cases"] = encodedCases
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false) // descriptions are data, not HTML
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// Schemas this command reads; a document without "schema" is read as v1.
const (
	schemaV1 = "experiment-stats-vectors/1"
	schemaV2 = "experiment-stats-vectors/2"
)

// engineFor picks the analysis by the document's "schema" field.
func engineFor(raw json.RawMessage) (func(map[string]json.RawMessage) (json.RawMessage, error), error) {
	var schema *string
	if raw != nil {
		if err := json.Unmarshal(raw, &schema); err != nil {
			return nil, fmt.Errorf(`"schema" must be %q or %q`, schemaV1, schemaV2)
		}
	}
	switch {
	case schema == nil || *schema == schemaV1:
		return computeExpected(stats.Analyze), nil
	case *schema == schemaV2:
		return computeExpected(stats.AnalyzeV2), nil
	}
	return nil, fmt.Errorf(`"schema" must be %q or %q, got %q`, schemaV1, schemaV2, *schema)
}

// computeExpected reads a case as C and answers analyze's result as JSON.
func computeExpected[C, E any](analyze func(C) (E, error)) func(map[string]json.RawMessage) (json.RawMessage, error) {
	return func(raw map[string]json.RawMessage) (json.RawMessage, error) {
		encoded, err := json.Marshal(raw)
		if err != nil {
			return nil, err
		}
		var c C
		if err := json.Unmarshal(encoded, &c); err != nil {
			return nil, err
		}
		expected, err := analyze(c)
		if err != nil {
			return nil, err
		}
		return json.Marshal(expected)
	}
}
