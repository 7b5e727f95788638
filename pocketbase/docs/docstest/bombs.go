package docstest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash"
	"hash/adler32"
	"hash/crc32"
	"strings"
)

// Decompression bombs: small files that unpack to far more than they weigh, built in memory at
// test time (none is committed). Each reproduces an upload that once took the server down.

// SparseXLSX is a workbook whose one sheet declares A1:XFD<rows> and holds one cell in the last
// column (XFD, the 16,384th) of the last row, or of every row with everyRow: a reader that pads
// each row to its last cell holds rows x 16,384 cells (26 GB for 100,000 rows of a 200 KB file).
func SparseXLSX(rows int, everyRow bool) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `%s<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD%d"/><sheetData>`, xmlHead, rows)
	for r := 1; r <= rows; r++ {
		if everyRow || r == rows {
			fmt.Fprintf(&b, `<row r="%d"><c r="XFD%d" t="inlineStr"><is><t>far away</t></is></c></row>`, r, r)
		}
	}
	b.WriteString(`</sheetData></worksheet>`)
	return workbook(func(z *zip.Writer) error {
		w, err := z.Create("xl/worksheets/sheet1.xml")
		if err == nil {
			_, err = w.Write([]byte(b.String()))
		}
		return err
	})
}

// RowsXLSX is a workbook whose one sheet repeats row (rows without an r attribute, which the
// format allows) count times: ten million rows weigh about a megabyte.
func RowsXLSX(row string, count int64) []byte {
	head := xmlHead + `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	return workbook(func(z *zip.Writer) error {
		return writeBomb(z, "xl/worksheets/sheet1.xml", head, row, count, "</sheetData></worksheet>")
	})
}

// BombDOCX is a Word document whose main part is one paragraph of n letters: it unpacks to n
// bytes from about n/1000.
func BombDOCX(n int64) []byte {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	small := map[string]string{
		"[Content_Types].xml": xmlHead + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
		"_rels/.rels":         xmlHead + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
	}
	for _, name := range []string{"[Content_Types].xml", "_rels/.rels"} {
		w, _ := z.Create(name)
		_, _ = w.Write([]byte(small[name]))
	}
	head := xmlHead + `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>`
	if err := writeBomb(z, "word/document.xml", head, "a", n, "</w:t></w:r></w:p></w:body></w:document>"); err != nil {
		panic(err)
	}
	_ = z.Close()
	return buf.Bytes()
}

// BombPPTX is a presentation whose first slide is n bytes of text runs.
func BombPPTX(n int64) []byte {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	w, _ := z.Create("ppt/presentation.xml")
	_, _ = w.Write([]byte(xmlHead + `<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>`))
	head := xmlHead + `<p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>`
	run := `<a:p><a:r><a:t>Free shipping on every order.</a:t></a:r></a:p>`
	if err := writeBomb(z, "ppt/slides/slide1.xml", head, run, n/int64(len(run)), "</p:txBody></p:sp></p:spTree></p:cSld></p:sld>"); err != nil {
		panic(err)
	}
	_ = z.Close()
	return buf.Bytes()
}

// BombPDF is a one-page PDF whose content stream is FlateDecode of one n-letter word (about n/1000
// bytes in the file).
func BombPDF(n int64) []byte {
	body, adler, _ := repeatDeflate("", "a", n, "", adler32.New())
	var stream bytes.Buffer
	stream.Write([]byte{0x78, 0xDA}) // zlib header, best compression
	stream.Write(body)
	_ = binary.Write(&stream, binary.BigEndian, adler)
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := []int{0}
	for i, o := range objs {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	offsets = append(offsets, b.Len())
	fmt.Fprintf(&b, "4 0 obj\n<< /Length %d /Filter /FlateDecode >>\nstream\n", stream.Len())
	b.Write(stream.Bytes())
	b.WriteString("\nendstream\nendobj\n")
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 5\n0000000000 65535 f \n")
	for _, off := range offsets[1:] {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", xref)
	return b.Bytes()
}

// HugeXrefPDF is a PDF of a few hundred bytes whose cross-reference stream declares size
// entries: a reader that allocates its table up front asks for gigabytes.
func HugeXrefPDF(size int64) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n")
	catalog := b.Len()
	b.WriteString("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
	xref := b.Len()
	entry := []byte{1, byte(catalog >> 8), byte(catalog), 0}
	fmt.Fprintf(&b, "2 0 obj\n<< /Type /XRef /Size %d /W [1 2 1] /Index [1 1] /Root 1 0 R /Length %d >>\nstream\n", size, len(entry))
	b.Write(entry)
	fmt.Fprintf(&b, "\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n", xref)
	return b.Bytes()
}

// workbook writes the parts every xlsx has around the sheet that sheet writes.
func workbook(sheet func(*zip.Writer) error) []byte {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	parts := [][2]string{
		{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`},
		{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`},
	}
	for _, p := range parts {
		w, _ := z.Create(p[0])
		_, _ = w.Write([]byte(xmlHead + p[1]))
	}
	if err := sheet(z); err != nil {
		panic(err)
	}
	_ = z.Close()
	return buf.Bytes()
}

// writeBomb adds a deflated zip member head + fill×count + tail with its true sizes and CRC.
func writeBomb(z *zip.Writer, name, head, fill string, count int64, tail string) error {
	body, crc, size := repeatDeflate(head, fill, count*int64(len(fill)), tail, crc32.NewIEEE())
	w, err := z.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc,
		CompressedSize64: uint64(len(body)), UncompressedSize64: uint64(size)})
	if err != nil {
		return err
	}
	_, err = w.Write(body)
	return err
}

// repeatDeflate is a raw deflate stream of head, then fill repeated to n bytes (rounded down to
// whole chunks of fill), then tail, with the checksum sum of that content. Once the window holds
// nothing but fill, every flushed chunk of fill compresses to the same bytes, so the stream is
// built by repeating them instead of compressing gigabytes.
func repeatDeflate(head, fill string, n int64, tail string, sum hash.Hash32) ([]byte, uint32, int64) {
	chunk := bytes.Repeat([]byte(fill), max(1, (1<<20)/len(fill)))
	chunks := max(3, n/int64(len(chunk)))
	var out bytes.Buffer
	w, _ := flate.NewWriter(&out, flate.BestCompression)
	piece := func(data []byte) []byte {
		start := out.Len()
		_, _ = w.Write(data)
		_ = w.Flush()
		return bytes.Clone(out.Bytes()[start:])
	}
	first := append(piece([]byte(head)), piece(chunk)...)
	steady := piece(chunk)
	if again := piece(chunk); !bytes.Equal(steady, again) {
		panic("docstest: deflate of the fill does not repeat")
	}
	start := out.Len()
	_, _ = w.Write([]byte(tail))
	_ = w.Close()
	last := out.Bytes()[start:]

	var stream bytes.Buffer
	stream.Write(first)
	for i := int64(1); i < chunks; i++ {
		stream.Write(steady)
	}
	stream.Write(last)

	sum.Write([]byte(head))
	for i := int64(0); i < chunks; i++ {
		sum.Write(chunk)
	}
	sum.Write([]byte(tail))
	return stream.Bytes(), sum.Sum32(), int64(len(head)+len(tail)) + chunks*int64(len(chunk))
}

// Bomb is one decompression bomb as uploaded: its file name and how to build it.
type Bomb struct {
	Name  string
	Build func() []byte
}

// Bombs are the cases of issue 30: the sparse sheet, ten million rows, the PDF stream of 2 GB,
// and Office members of gigabytes; plus a PDF whose cross-reference size alone asks for 96 GB.
var Bombs = []Bomb{
	{"far-cell.xlsx", func() []byte { return SparseXLSX(100000, false) }},
	{"far-cell-every-row.xlsx", func() []byte { return SparseXLSX(100000, true) }},
	{"ten-million-rows.xlsx", func() []byte { return RowsXLSX("<row><c><v>1</v></c></row>", 10_000_000) }},
	{"ten-million-empty-rows.xlsx", func() []byte { return RowsXLSX("<row><c/></row>", 10_000_000) }},
	{"stream-of-2-GB.pdf", func() []byte { return BombPDF(2 << 30) }},
	{"xref-of-4-billion.pdf", func() []byte { return HugeXrefPDF(1 << 32) }},
	{"member-of-4-GB.docx", func() []byte { return BombDOCX(4 << 30) }},
	{"slide-of-2-GB.pptx", func() []byte { return BombPPTX(2 << 30) }},
}
