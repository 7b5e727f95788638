// Package docstest builds small documents of every accepted format around known text, for the
// extraction tests, the committed fixtures (cmd/doc-fixtures) and the extraction benchmark.
package docstest

import (
	"archive/zip"
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Sentence is the known sentence every fixture contains.
const Sentence = "Customers abandon the checkout because the shipping costs appear too late."

// Paragraphs is the fixtures' English text: the known sentence and enough prose around it for
// the language detector and the built-in analysis to work on.
var Paragraphs = []string{
	"Quarterly review of the online store and its conversion funnel.",
	Sentence,
	"Most visitors arrive on mobile phones, and the product pages load slowly on those devices.",
	"We recommend showing the delivery price on the product page and adding customer reviews near the buy button.",
	"Returning customers convert twice as often as new visitors, so the newsletter should offer a welcome discount.",
}

// Build writes the paragraphs in one format (xls is read from the committed fixture: no
// maintained Go library writes the legacy Excel format).
func Build(format string, paragraphs []string) ([]byte, error) {
	switch format {
	case "txt":
		return []byte(strings.Join(paragraphs, "\n\n") + "\n"), nil
	case "md":
		return []byte("# Conversion review\n\n" + strings.Join(paragraphs, "\n\n") + "\n"), nil
	case "csv":
		var b strings.Builder
		b.WriteString("section,note\n")
		for i, p := range paragraphs {
			fmt.Fprintf(&b, "%d,\"%s\"\n", i+1, strings.ReplaceAll(p, `"`, `""`))
		}
		return []byte(b.String()), nil
	case "docx":
		return docx(paragraphs)
	case "pptx":
		return pptx(paragraphs)
	case "xlsx":
		return xlsx(paragraphs)
	case "pdf":
		return PDF(paragraphs), nil
	case "xls":
		return os.ReadFile(filepath.Join(FixturesDir(), "sample.xls"))
	}
	return nil, fmt.Errorf("no builder for %q", format)
}

// FixturesDir is tests/fixtures/documents of the repository.
func FixturesDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "tests", "fixtures", "documents")
}

func zipOf(parts map[string]string, order []string) ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, name := range order {
		w, err := z.Create(name)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write([]byte(parts[name])); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

const xmlHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"

func docx(paragraphs []string) ([]byte, error) {
	var body strings.Builder
	for _, p := range paragraphs {
		fmt.Fprintf(&body, `<w:p><w:r><w:t xml:space="preserve">%s</w:t></w:r></w:p>`, html.EscapeString(p))
	}
	parts := map[string]string{
		"[Content_Types].xml": xmlHead + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
		"_rels/.rels":         xmlHead + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
		"word/document.xml":   xmlHead + `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` + body.String() + `</w:body></w:document>`,
	}
	return zipOf(parts, []string{"[Content_Types].xml", "_rels/.rels", "word/document.xml"})
}

func pptx(paragraphs []string) ([]byte, error) {
	parts := map[string]string{
		"[Content_Types].xml":  xmlHead + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>`,
		"_rels/.rels":          xmlHead + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
		"ppt/presentation.xml": xmlHead + `<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>`,
	}
	order := []string{"[Content_Types].xml", "_rels/.rels", "ppt/presentation.xml"}
	// Slides are written in reverse so that the reader must order them by number, not zip order.
	for i := len(paragraphs); i >= 1; i-- {
		name := fmt.Sprintf("ppt/slides/slide%d.xml", i)
		parts[name] = xmlHead + `<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>` +
			html.EscapeString(paragraphs[i-1]) + `</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`
		order = append(order, name)
	}
	return zipOf(parts, order)
}

func xlsx(paragraphs []string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	_ = f.SetCellValue("Sheet1", "A1", "Section")
	_ = f.SetCellValue("Sheet1", "B1", "Note")
	for i, p := range paragraphs {
		_ = f.SetCellValue("Sheet1", fmt.Sprintf("A%d", i+2), i+1)
		_ = f.SetCellValue("Sheet1", fmt.Sprintf("B%d", i+2), p)
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// PDF writes a one-font PDF, one line per paragraph, with a correct cross-reference table;
// paragraphs past a page's 60 lines go on further pages.
func PDF(paragraphs []string) []byte {
	const perPage = 60
	var pages [][]string
	for i := 0; i < len(paragraphs); i += perPage {
		pages = append(pages, paragraphs[i:min(i+perPage, len(paragraphs))])
	}
	if len(pages) == 0 {
		pages = [][]string{nil}
	}
	// Objects: 1 catalog, 2 pages, 3 font, then a page and its content per page.
	objs := []string{"", "<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"}
	var kids []string
	for _, lines := range pages {
		pageNum, contentNum := len(objs), len(objs)+1
		kids = append(kids, fmt.Sprintf("%d 0 R", pageNum))
		var s strings.Builder
		s.WriteString("BT /F1 10 Tf 12 TL 40 760 Td\n")
		for _, l := range lines {
			l = strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(l)
			fmt.Fprintf(&s, "(%s) Tj T*\n", l)
		}
		s.WriteString("ET")
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", contentNum),
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", s.Len(), s.String()))
	}
	objs[2] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(kids))
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i := 1; i < len(objs); i++ {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i, objs[i])
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs))
	for i := 1; i < len(objs); i++ {
		fmt.Fprintf(&b, "%010d 00000 n \n", offsets[i])
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs), xref)
	return b.Bytes()
}
