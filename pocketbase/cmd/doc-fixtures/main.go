// Command doc-fixtures writes tests/fixtures/documents/sample.<ext> for every accepted format
// that Go can write (sample.xls is committed as it is), each containing docstest.Sentence.
// Run from pocketbase/: go run ./cmd/doc-fixtures
package main

import (
	"log"
	"os"
	"path/filepath"

	"cro/pocketbase/docs/docstest"
)

func main() {
	dir := docstest.FixturesDir()
	for _, f := range []string{"pdf", "docx", "pptx", "xlsx", "csv", "md", "txt"} {
		data, err := docstest.Build(f, docstest.Paragraphs)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "sample."+f), data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
