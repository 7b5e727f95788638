package docs

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// xlsxText streams a workbook's sheets, in the workbook's order, as lines of their non-empty cells.
// Only the cells present in the file are visited: a sheet's declared dimension and a cell's column
// never size anything, so one cell in column XFD costs one cell. Numbers are as stored, except dates
// (ISO 8601) and percentages, as their number formats say (numfmt.go); shared strings are kept up
// to maxSharedStrings bytes.
func xlsxText(data []byte, b *budget) error {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	parts := map[string]*zip.File{}
	for _, zf := range z.File {
		parts[strings.ToLower(strings.TrimPrefix(zf.Name, "/"))] = zf
	}
	var shared []string
	if zf := parts["xl/sharedstrings.xml"]; zf != nil {
		if err := readPart(zf, b, func(r io.Reader) (err error) { shared, err = sharedStrings(r, b); return err }); err != nil {
			return err
		}
	}
	formats, err := cellFormats(parts, b)
	if err != nil {
		return err
	}
	sheets, date1904, err := sheetOrder(parts, b)
	if err != nil {
		return err
	}
	formats.date1904 = date1904
	cells := &cellCount{}
	for _, zf := range sheets {
		if err := readPart(zf, b, func(r io.Reader) error { return sheetText(r, shared, formats, cells, b) }); err != nil {
			return err
		}
		b.writeByte('\n')
	}
	return nil
}

type cellCount struct{ rows, cells int }

var sheetPart = regexp.MustCompile(`^xl/worksheets/sheet(\d+)\.xml$`)

// sheetOrder is the sheets the workbook lists, through its relationships (failing that, every
// worksheet part by number), and whether its dates count from 1904.
func sheetOrder(parts map[string]*zip.File, b *budget) ([]*zip.File, bool, error) {
	var ids []string
	targets := map[string]string{}
	date1904 := false
	if zf := parts["xl/workbook.xml"]; zf != nil {
		err := readPart(zf, b, func(r io.Reader) error {
			return eachElement(r, b, func(e xml.StartElement) {
				switch e.Name.Local {
				case "sheet":
					ids = append(ids, attr(e, "id"))
				case "workbookPr":
					date1904 = attr(e, "date1904") == "1" || attr(e, "date1904") == "true"
				}
			})
		})
		if err != nil {
			return nil, false, err
		}
	}
	if zf := parts["xl/_rels/workbook.xml.rels"]; zf != nil {
		err := readPart(zf, b, func(r io.Reader) error {
			return eachElement(r, b, func(e xml.StartElement) {
				if e.Name.Local == "Relationship" {
					targets[attr(e, "Id")] = attr(e, "Target")
				}
			})
		})
		if err != nil {
			return nil, false, err
		}
	}
	var sheets []*zip.File
	for _, id := range ids {
		t := targets[id]
		if t == "" {
			continue
		}
		name := strings.TrimPrefix(t, "/")
		if !strings.HasPrefix(t, "/") {
			name = path.Clean("xl/" + t)
		}
		if zf := parts[strings.ToLower(name)]; zf != nil {
			sheets = append(sheets, zf)
		}
	}
	if len(sheets) > 0 {
		return sheets, date1904, nil
	}
	for name, zf := range parts {
		if sheetPart.MatchString(name) {
			sheets = append(sheets, zf)
		}
	}
	number := func(zf *zip.File) int {
		n, _ := strconv.Atoi(sheetPart.FindStringSubmatch(strings.ToLower(zf.Name))[1])
		return n
	}
	sort.Slice(sheets, func(i, j int) bool { return number(sheets[i]) < number(sheets[j]) })
	return sheets, date1904, nil
}

func attr(e xml.StartElement, local string) string {
	for _, a := range e.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

func eachElement(r io.Reader, b *budget, each func(xml.StartElement)) error {
	dec := xml.NewDecoder(r)
	for {
		if err := b.check(); err != nil && err != errFull {
			return err
		}
		tok, err := dec.RawToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if e, ok := tok.(xml.StartElement); ok {
			each(e)
		}
	}
}

// sharedStrings reads the workbook's string table: each <si>'s text runs, without phonetic
// guides (<rPh>).
func sharedStrings(r io.Reader, b *budget) ([]string, error) {
	dec := xml.NewDecoder(r)
	var out []string
	var cur strings.Builder
	kept, inText, inPhonetic := 0, false, false
	for len(out) < MaxCells && kept < maxSharedStrings {
		if err := b.check(); err != nil && err != errFull {
			return out, err
		}
		tok, err := dec.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return out, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "si":
				cur.Reset()
			case "t":
				inText = true
			case "rPh":
				inPhonetic = true
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "si":
				out = append(out, cur.String())
				kept += cur.Len()
			case "t":
				inText = false
			case "rPh":
				inPhonetic = false
			}
		case xml.CharData:
			if inText && !inPhonetic && cur.Len() < maxRawText {
				cur.Write(t[:min(len(t), maxRawText-cur.Len())])
			}
		}
	}
	return out, nil
}

// sheetText writes a worksheet's rows. Rows and cells count against MaxRows, MaxColumns (per row)
// and MaxCells for the whole workbook.
func sheetText(r io.Reader, shared []string, formats *numberFormats, n *cellCount, b *budget) error {
	dec := xml.NewDecoder(r)
	var (
		row          []string
		value        strings.Builder
		cellType     string
		cellStyle    string
		inValue      bool
		inInline     bool
		inPhonetic   bool
		cellsInRow   int
		rowTruncated bool
	)
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
			switch t.Name.Local {
			case "row":
				if n.rows++; n.rows > MaxRows {
					return b.halt(ErrTooManyCells)
				}
				row, cellsInRow, rowTruncated = row[:0], 0, false
			case "c":
				if n.cells++; n.cells > MaxCells {
					return b.halt(ErrTooManyCells)
				}
				if cellsInRow++; cellsInRow > MaxColumns {
					rowTruncated = true
				}
				cellType, cellStyle = attr(t, "t"), attr(t, "s")
				value.Reset()
			case "v":
				inValue = true
			case "is":
				inInline = true
			case "rPh":
				inPhonetic = true
			case "t":
				inValue = inInline && !inPhonetic
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "v", "t":
				inValue = false
			case "is":
				inInline = false
			case "rPh":
				inPhonetic = false
			case "c":
				if !rowTruncated {
					row = append(row, cellText(cellType, cellStyle, value.String(), shared, formats))
				}
			case "row":
				if err := writeRow(b, row); err != nil {
					return err
				}
			}
		case xml.CharData:
			if inValue && value.Len() < maxRawText {
				value.Write(t[:min(len(t), maxRawText-value.Len())])
			}
		}
	}
}

func cellText(cellType, style, v string, shared []string, formats *numberFormats) string {
	switch cellType {
	case "s":
		if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && i >= 0 && i < len(shared) {
			return shared[i]
		}
		return ""
	case "b":
		if strings.TrimSpace(v) == "1" {
			return "TRUE"
		}
		return "FALSE"
	case "", "n":
		return formats.show(style, v)
	}
	return v
}
