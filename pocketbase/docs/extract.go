package docs

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/extrame/xls"
	"github.com/ledongthuc/pdf"
)

// ErrLegacyWord is the failed state of a .doc: no maintained Go library reads the binary Word format.
var ErrLegacyWord = errors.New("Legacy Word (.doc) files cannot be read. Save the document as .docx or PDF and upload it again.")

// ErrNoText is the failed state of a document with nothing to read (a scanned PDF, an empty sheet).
var ErrNoText = errors.New("No text could be found in this document.")

// Extract returns the plain text of a checked document, read within the bounds of limits.go.
func Extract(f Format, data []byte) (string, error) { return extract(f, data, ExtractTimeout) }

func extract(f Format, data []byte, timeout time.Duration) (text string, err error) {
	b := newBudget(timeout)
	defer func() {
		if r := recover(); r != nil { // the readers of binary formats panic on some malformed files
			text, err = "", fmt.Errorf("The .%s file could not be read.", f)
		}
	}()
	switch f {
	case PDF:
		err = pdfText(data, b)
	case DOCX:
		err = ooxmlText(data, func(n string) bool { return n == "word/document.xml" }, "t", "p", b)
	case PPTX:
		err = ooxmlText(data, isSlide, "t", "p", b)
	case XLSX:
		err = xlsxText(data, b)
	case XLS:
		err = xlsText(data, b)
	case CSV:
		err = csvText(data, b)
	case TXT, MD:
		err = b.write(string(bytes.TrimPrefix(data[:min(len(data), maxRawText)], []byte("\xEF\xBB\xBF"))))
	case DOC:
		return "", ErrLegacyWord
	default:
		return "", ErrExtension
	}
	if err != nil && b.stop == nil {
		return "", fmt.Errorf("The .%s file could not be read.", f)
	}
	// Bounds cut where they fall, possibly inside a character: the cut bytes are dropped.
	text = tidy(strings.ToValidUTF8(b.text.String(), ""))
	if len(text) > MaxTextChars {
		text = strings.ToValidUTF8(text[:MaxTextChars], "")
	}
	if text == "" && b.stop != nil && b.stop != errFull {
		return "", b.stop
	}
	if text == "" && b.skipped != nil {
		return "", b.skipped
	}
	if text == "" {
		return "", ErrNoText
	}
	return text, nil
}

var blankLines = regexp.MustCompile(`\n{3,}`)

func tidy(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.TrimSpace(blankLines.ReplaceAllString(strings.Join(lines, "\n"), "\n\n"))
}

// pdfText reads the pages in order. Each page's content is first unpacked into nothing, counted:
// a page over maxPageContent is skipped (ledongthuc/pdf would hold it, and a word of it, whole).
func pdfText(data []byte, b *budget) error {
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	for i := 1; i <= r.NumPage(); i++ {
		if err := b.check(); err != nil {
			return err
		}
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		size, err := contentSize(p.V.Key("Contents"), b)
		if err != nil {
			return err
		}
		if size > maxPageContent {
			b.skipped = ErrPageTooLarge
			continue
		}
		rows, err := p.GetTextByRow()
		if err != nil {
			return err
		}
		for _, row := range rows {
			for j, w := range row.Content {
				if j > 0 && !strings.HasSuffix(w.S, " ") {
					b.writeByte(' ')
				}
				if err := b.write(w.S); err != nil {
					return err
				}
			}
			b.writeByte('\n')
		}
		b.writeByte('\n')
	}
	return nil
}

// contentSize unpacks a page's content (a stream or an array of streams) into nothing, against the
// budget, and returns its size, or maxPageContent+1 once past it.
func contentSize(v pdf.Value, b *budget) (int64, error) {
	streams := []pdf.Value{v}
	if v.Kind() == pdf.Array {
		streams = streams[:0]
		for i := 0; i < v.Len(); i++ {
			streams = append(streams, v.Index(i))
		}
	}
	var total int64
	for _, s := range streams {
		if s.Kind() != pdf.Stream {
			continue
		}
		n, err := io.Copy(io.Discard, io.LimitReader(b.reader(s.Reader()), maxPageContent+1-total))
		total += n
		if err != nil {
			return total, err
		}
		if total > maxPageContent {
			break
		}
	}
	return total, nil
}

var slideName = regexp.MustCompile(`^ppt/slides/slide(\d+)\.xml$`)

func isSlide(n string) bool { return slideName.MatchString(n) }

// ooxmlText reads the text runs (<…:t>) of the zip's parts that match, in slide or document
// order, with a line break after each paragraph (<…:p>).
func ooxmlText(data []byte, want func(string) bool, textTag, paraTag string, b *budget) error {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	var parts []*zip.File
	for _, zf := range z.File {
		if want(zf.Name) {
			parts = append(parts, zf)
		}
	}
	sort.Slice(parts, func(i, j int) bool { return partNumber(parts[i].Name) < partNumber(parts[j].Name) })
	for _, zf := range parts {
		if err := readPart(zf, b, func(r io.Reader) error { return xmlText(r, textTag, paraTag, b) }); err != nil {
			return err
		}
		b.writeByte('\n')
	}
	return nil
}

// readPart opens a zip member through the budget: its unpacked bytes count, whatever its header says.
func readPart(zf *zip.File, b *budget, read func(io.Reader) error) error {
	rc, err := zf.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	return read(b.reader(rc))
}

func partNumber(name string) int {
	if m := slideName.FindStringSubmatch(name); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

func xmlText(r io.Reader, textTag, paraTag string, b *budget) error {
	dec := xml.NewDecoder(r)
	inText := false
	for {
		if err := b.check(); err != nil {
			return err
		}
		tok, err := dec.RawToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			inText = t.Name.Local == textTag
			if t.Name.Local == "tab" {
				b.writeByte('\t')
			}
		case xml.EndElement:
			if t.Name.Local == textTag {
				inText = false
			} else if t.Name.Local == paraTag {
				b.writeByte('\n')
			}
		case xml.CharData:
			if inText {
				if err := b.write(string(t[:min(len(t), maxRawText)])); err != nil {
					return err
				}
			}
		}
	}
}

func xlsText(data []byte, b *budget) error {
	wb, err := xls.OpenReader(bytes.NewReader(data), "utf-8")
	if err != nil {
		return err
	}
	cells := 0
	for i := 0; i < wb.NumSheets(); i++ {
		sheet := wb.GetSheet(i)
		if sheet == nil {
			continue
		}
		for r := 0; r <= min(int(sheet.MaxRow), MaxRows); r++ {
			if err := b.check(); err != nil {
				return err
			}
			row := sheet.Row(r)
			if row == nil {
				continue
			}
			var line []string
			for c := row.FirstCol(); c < min(row.LastCol(), MaxColumns); c++ {
				if cells++; cells > MaxCells {
					return b.halt(ErrTooManyCells)
				}
				line = append(line, row.Col(c))
			}
			if err := writeRow(b, line); err != nil {
				return err
			}
		}
		b.writeByte('\n')
	}
	return nil
}

func csvText(data []byte, b *budget) error {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = true
	for {
		if err := b.check(); err != nil {
			return err
		}
		row, err := r.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := writeRow(b, row); err != nil {
			return err
		}
	}
}

// writeRow writes a table row as a line of its non-empty cells joined by " | ".
func writeRow(b *budget, row []string) error {
	var cells []string
	for _, c := range row {
		if c = strings.TrimSpace(c); c != "" {
			cells = append(cells, c)
		}
	}
	if len(cells) == 0 {
		return nil
	}
	return b.write(strings.Join(cells, " | ") + "\n")
}
