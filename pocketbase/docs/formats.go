// Package docs reads the documents users upload for analysis: it checks that a file's content is
// what its name says (so a renamed program is refused), extracts its text and detects its
// language. The documents hook (pb_hooks/documents.pb.js) calls it through $docs (jsvm.go); the
// upload itself is checked on record create (hooks.go).
package docs

import (
	"archive/zip"
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// MaxSize is the largest accepted upload, the same as the documents collection's file field.
const MaxSize = 20 << 20

// Format is one accepted kind of document.
type Format string

const (
	PDF  Format = "pdf"
	DOC  Format = "doc"
	DOCX Format = "docx"
	TXT  Format = "txt"
	MD   Format = "md"
	CSV  Format = "csv"
	XLSX Format = "xlsx"
	XLS  Format = "xls"
	PPTX Format = "pptx"
)

// MIME types stored as the document's file_type.
var mimeTypes = map[Format]string{
	PDF:  "application/pdf",
	DOC:  "application/msword",
	DOCX: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	TXT:  "text/plain",
	MD:   "text/markdown",
	CSV:  "text/csv",
	XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	XLS:  "application/vnd.ms-excel",
	PPTX: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
}

// MIME is the format's media type.
func (f Format) MIME() string { return mimeTypes[f] }

// Messages users see when an upload is refused.
var (
	ErrExtension = errors.New("This file type is not supported. Upload a PDF, Word, text, Markdown, CSV, Excel or PowerPoint file.")
	ErrTooLarge  = errors.New("The file is larger than 20 MB.")
	ErrEmpty     = errors.New("The file is empty.")
)

// mismatch names the format the content should have had.
func mismatch(f Format) error {
	return errors.New("The file's content is not a valid ." + string(f) + " file.")
}

// FormatOf maps a file name to its format by extension (case-insensitive).
func FormatOf(name string) (Format, bool) {
	ext := Format(strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), "."))
	_, ok := mimeTypes[ext]
	return ext, ok
}

var (
	pdfMagic = []byte("%PDF-")
	oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1} // Compound File (legacy Office)
	zipMagic = []byte("PK\x03\x04")
)

// Office Open XML packages are zips with one part that names the kind of document.
var ooxmlPart = map[Format]string{DOCX: "word/document.xml", XLSX: "xl/workbook.xml", PPTX: "ppt/presentation.xml"}

// Check refuses a file whose name is not an accepted extension, that is too large or empty, or
// whose content is not of the kind its extension says (magic bytes, the zip's parts, text that
// is UTF-8 without NUL bytes).
func Check(name string, data []byte) (Format, error) {
	f, ok := FormatOf(name)
	if !ok {
		return "", ErrExtension
	}
	if len(data) > MaxSize {
		return f, ErrTooLarge
	}
	if len(data) == 0 {
		return f, ErrEmpty
	}
	switch f {
	case PDF:
		if !bytes.HasPrefix(data, pdfMagic) {
			return f, mismatch(f)
		}
	case DOC, XLS:
		if !bytes.HasPrefix(data, oleMagic) {
			return f, mismatch(f)
		}
	case DOCX, XLSX, PPTX:
		if !bytes.HasPrefix(data, zipMagic) || !zipHas(data, ooxmlPart[f]) {
			return f, mismatch(f)
		}
	default: // txt, md, csv
		if !isText(data) {
			return f, mismatch(f)
		}
	}
	return f, nil
}

func zipHas(data []byte, part string) bool {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return false
	}
	for _, zf := range z.File {
		if zf.Name == part {
			return true
		}
	}
	return false
}

// isText accepts UTF-8 without NUL bytes; only the first 64 KB are judged, and a multi-byte
// character cut at that boundary is allowed.
func isText(data []byte) bool {
	head := data[:min(len(data), 64<<10)]
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	for len(head) > 0 {
		r, size := utf8.DecodeRune(head)
		if r == utf8.RuneError && size == 1 {
			return len(head) < utf8.UTFMax && len(head) < len(data) // a character cut by the window
		}
		head = head[size:]
	}
	return true
}
