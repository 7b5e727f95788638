package docs

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/docs/docstest"
)

var everyFormat = []string{"pdf", "docx", "pptx", "xlsx", "xls", "csv", "md", "txt"}

func TestEveryFormatYieldsItsTextInOrderAndEnglish(t *testing.T) {
	for _, f := range everyFormat {
		data, err := docstest.Build(f, docstest.Paragraphs)
		if err != nil {
			t.Fatal(f, err)
		}
		format, err := Check("review."+strings.ToUpper(f), data)
		if err != nil {
			t.Fatalf("%s refused: %v", f, err)
		}
		text, err := Extract(format, data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !strings.Contains(text, docstest.Sentence) {
			t.Fatalf("%s: the sentence is missing from %q", f, text)
		}
		first, last := strings.Index(text, docstest.Paragraphs[0]), strings.Index(text, docstest.Paragraphs[4])
		if first < 0 || last < first {
			t.Fatalf("%s: paragraphs out of order in %q", f, text)
		}
		if lang := Language(text); lang != "en" {
			t.Fatalf("%s: language %q", f, lang)
		}
	}
}

func TestCommittedFixturesAreTheBuiltOnes(t *testing.T) {
	for _, f := range everyFormat {
		want, _ := docstest.Build(f, docstest.Paragraphs)
		got, err := os.ReadFile(filepath.Join(docstest.FixturesDir(), "sample."+f))
		if err != nil {
			t.Fatalf("tests/fixtures/documents/sample.%s is missing: run go run ./cmd/doc-fixtures (%v)", f, err)
		}
		// Zips are compared by their text: another Go release may compress the same parts differently.
		text, err := Extract(Format(f), got)
		wantText, _ := Extract(Format(f), want)
		if err != nil || !strings.Contains(text, docstest.Sentence) || text != wantText {
			t.Fatalf("sample.%s is stale (run go run ./cmd/doc-fixtures): %v %q", f, err, text)
		}
	}
}

func TestLanguagesOtherThanEnglish(t *testing.T) {
	cases := map[string]string{
		"de": "Die meisten Besucher kommen über das Telefon und verlassen die Seite, bevor der Warenkorb geladen ist. Wir empfehlen kürzere Formulare und sichtbare Versandkosten.",
		"sv": "De flesta besökare kommer från mobilen och lämnar sidan innan varukorgen har laddats. Vi rekommenderar kortare formulär och tydliga fraktkostnader.",
	}
	for want, text := range cases {
		if got := Language(text); got != want {
			t.Fatalf("%s detected as %q", want, got)
		}
	}
	if got := Language("ok 42"); got != "unknown" {
		t.Fatalf("too little text detected as %q", got)
	}
}

func TestContentMustMatchTheExtension(t *testing.T) {
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00"), bytes.Repeat([]byte{0}, 200)...)
	elf := append([]byte("\x7fELF\x02\x01\x01"), bytes.Repeat([]byte{0}, 200)...)
	docxData, _ := docstest.Build("docx", docstest.Paragraphs)
	xlsxData, _ := docstest.Build("xlsx", docstest.Paragraphs)
	for name, data := range map[string][]byte{
		"report.pdf":  exe,
		"report.docx": elf,
		"notes.txt":   exe,
		"sheet.xlsx":  docxData, // a zip, but a Word document
		"slides.pptx": xlsxData,
		"table.csv":   {0xff, 0xfe, 0x00, 0x41},
		"old.xls":     []byte("%PDF-1.4 not a spreadsheet"),
	} {
		if _, err := Check(name, data); err == nil || !strings.Contains(err.Error(), "is not a valid") {
			t.Fatalf("%s accepted (%v)", name, err)
		}
	}
	if _, err := Check("setup.exe", exe); err != ErrExtension {
		t.Fatalf("an .exe name: %v", err)
	}
	if _, err := Check("big.txt", bytes.Repeat([]byte("a"), MaxSize+1)); err != ErrTooLarge {
		t.Fatalf("21 MB: %v", err)
	}
	if _, err := Check("empty.md", nil); err != ErrEmpty {
		t.Fatalf("empty: %v", err)
	}
}

func TestLegacyWordAndUnreadableFilesFailClearly(t *testing.T) {
	ole, _ := docstest.Build("xls", nil)
	if _, err := Check("letter.doc", ole); err != nil {
		t.Fatal(err)
	}
	if _, err := Extract(DOC, ole); err != ErrLegacyWord {
		t.Fatalf("doc: %v", err)
	}
	if _, err := Extract(PDF, []byte("%PDF-1.4 truncated")); err == nil || !strings.Contains(err.Error(), "could not be read") {
		t.Fatalf("broken pdf: %v", err)
	}
	if _, err := Extract(PDF, docstest.PDF(nil)); err != ErrNoText {
		t.Fatalf("a PDF without text: %v", err)
	}
}

func TestFilePathIsUserAndTimestampedName(t *testing.T) {
	got := filePath("u1", "Q3 report (final).pdf", time.UnixMilli(1700000000123))
	if got != "u1/1700000000123_Q3_report_final_.pdf" {
		t.Fatal(got)
	}
}
