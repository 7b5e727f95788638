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

	"github.com/extrame/xls"
	"github.com/ledongthuc/pdf"
	"github.com/xuri/excelize/v2"
)

// ErrLegacyWord is the failed state of a .doc: no maintained Go library reads the binary Word format.
var ErrLegacyWord = errors.New("Legacy Word (.doc) files cannot be read. Save the document as .docx or PDF and upload it again.")

// ErrNoText is the failed state of a document with nothing to read (a scanned PDF, an empty sheet).
var ErrNoText = errors.New("No text could be found in this document.")

// MaxTextChars bounds the text kept per document (the analysis reads no more).
const MaxTextChars = 100000

// Extract returns the plain text of a checked document.
func Extract(f Format, data []byte) (text string, err error) {
	defer func() {
		if r := recover(); r != nil { // the readers of binary formats panic on some malformed files
			text, err = "", fmt.Errorf("The .%s file could not be read.", f)
		}
	}()
	switch f {
	case PDF:
		text, err = pdfText(data)
	case DOCX:
		text, err = ooxmlText(data, func(n string) bool { return n == "word/document.xml" }, "t", "p")
	case PPTX:
		text, err = ooxmlText(data, isSlide, "t", "p")
	case XLSX:
		text, err = xlsxText(data)
	case XLS:
		text, err = xlsText(data)
	case CSV:
		text, err = csvText(data)
	case TXT, MD:
		text = string(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF")))
	case DOC:
		return "", ErrLegacyWord
	default:
		return "", ErrExtension
	}
	if err != nil {
		return "", fmt.Errorf("The .%s file could not be read.", f)
	}
	text = tidy(text)
	if text == "" {
		return "", ErrNoText
	}
	if len(text) > MaxTextChars {
		text = strings.ToValidUTF8(text[:MaxTextChars], "")
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

func pdfText(data []byte) (string, error) {
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i := 1; i <= r.NumPage(); i++ {
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		rows, err := p.GetTextByRow()
		if err != nil {
			return "", err
		}
		for _, row := range rows {
			for j, w := range row.Content {
				if j > 0 && !strings.HasSuffix(w.S, " ") {
					b.WriteByte(' ')
				}
				b.WriteString(w.S)
			}
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}

var slideName = regexp.MustCompile(`^ppt/slides/slide(\d+)\.xml$`)

func isSlide(n string) bool { return slideName.MatchString(n) }

// ooxmlText reads the text runs (<…:t>) of the zip's parts that match, in slide or document
// order, with a line break after each paragraph (<…:p>).
func ooxmlText(data []byte, want func(string) bool, textTag, paraTag string) (string, error) {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", err
	}
	var parts []*zip.File
	for _, zf := range z.File {
		if want(zf.Name) {
			parts = append(parts, zf)
		}
	}
	sort.Slice(parts, func(i, j int) bool { return partNumber(parts[i].Name) < partNumber(parts[j].Name) })
	var b strings.Builder
	for _, zf := range parts {
		rc, err := zf.Open()
		if err != nil {
			return "", err
		}
		err = xmlText(io.LimitReader(rc, 64<<20), textTag, paraTag, &b)
		rc.Close()
		if err != nil {
			return "", err
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}

func partNumber(name string) int {
	if m := slideName.FindStringSubmatch(name); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

func xmlText(r io.Reader, textTag, paraTag string, b *strings.Builder) error {
	dec := xml.NewDecoder(r)
	inText := false
	for {
		tok, err := dec.Token()
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
				b.WriteByte('\t')
			}
		case xml.EndElement:
			if t.Name.Local == textTag {
				inText = false
			} else if t.Name.Local == paraTag {
				b.WriteByte('\n')
			}
		case xml.CharData:
			if inText {
				b.Write(t)
			}
		}
	}
}

func xlsxText(data []byte) (string, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	for _, sheet := range f.GetSheetList() {
		rows, err := f.GetRows(sheet)
		if err != nil {
			return "", err
		}
		writeRows(&b, rows)
	}
	return b.String(), nil
}

func xlsText(data []byte) (string, error) {
	wb, err := xls.OpenReader(bytes.NewReader(data), "utf-8")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i := 0; i < wb.NumSheets(); i++ {
		sheet := wb.GetSheet(i)
		if sheet == nil {
			continue
		}
		var rows [][]string
		for r := 0; r <= int(sheet.MaxRow); r++ {
			row := sheet.Row(r)
			if row == nil {
				continue
			}
			var cells []string
			for c := row.FirstCol(); c < row.LastCol(); c++ {
				cells = append(cells, row.Col(c))
			}
			rows = append(rows, cells)
		}
		writeRows(&b, rows)
	}
	return b.String(), nil
}

func csvText(data []byte) (string, error) {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	rows, err := r.ReadAll()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	writeRows(&b, rows)
	return b.String(), nil
}

// writeRows writes a table as lines of its non-empty cells joined by " | ".
func writeRows(b *strings.Builder, rows [][]string) {
	for _, row := range rows {
		var cells []string
		for _, c := range row {
			if c = strings.TrimSpace(c); c != "" {
				cells = append(cells, c)
			}
		}
		if len(cells) > 0 {
			b.WriteString(strings.Join(cells, " | "))
			b.WriteByte('\n')
		}
	}
	b.WriteByte('\n')
}
