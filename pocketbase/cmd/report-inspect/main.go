// Command report-inspect reads a report file back for the tests, with the libraries a reader
// would use (not the ones that wrote it, where there is a choice): a PDF's page count and text
// (ledongthuc/pdf), or an Excel workbook's sheets, frozen header rows and cells with their shown
// text, stored value and type (excelize). It prints one JSON document.
//
//	report-inspect <file.pdf | file.xlsx>
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/ledongthuc/pdf"
	"github.com/xuri/excelize/v2"
)

type cell struct {
	Shown string `json:"shown"`
	Raw   string `json:"raw"`
	Type  string `json:"type"` // number, date, string, bool, empty
}

type sheet struct {
	Name   string   `json:"name"`
	Frozen bool     `json:"frozenHeader"`
	Rows   [][]cell `json:"rows"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: report-inspect <file.pdf | file.xlsx>")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail(err)
	}
	var out any
	switch {
	case bytes.HasPrefix(data, []byte("%PDF")):
		out, err = inspectPDF(data)
	case bytes.HasPrefix(data, []byte("PK")):
		out, err = inspectExcel(data)
	default:
		err = fmt.Errorf("not a PDF or an Excel workbook")
	}
	if err != nil {
		fail(err)
	}
	_ = json.NewEncoder(os.Stdout).Encode(out)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "report-inspect:", err)
	os.Exit(1)
}

func inspectPDF(data []byte) (any, error) {
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	pages := make([]string, 0, r.NumPage())
	for i := 1; i <= r.NumPage(); i++ {
		text, err := r.Page(i).GetPlainText(nil)
		if err != nil {
			return nil, err
		}
		pages = append(pages, text)
	}
	return map[string]any{"kind": "pdf", "pages": len(pages), "pageTexts": pages, "text": strings.Join(pages, "\n")}, nil
}

func inspectExcel(data []byte) (any, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sheets := []sheet{}
	for _, name := range f.GetSheetList() {
		s := sheet{Name: name, Rows: [][]cell{}}
		if panes, err := f.GetPanes(name); err == nil {
			s.Frozen = panes.Freeze && panes.YSplit == 1
		}
		rows, err := f.GetRows(name)
		if err != nil {
			return nil, err
		}
		for r, row := range rows {
			cells := make([]cell, len(row))
			for c := range row {
				ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
				shown, _ := f.GetCellValue(name, ref)
				raw, _ := f.GetCellValue(name, ref, excelize.Options{RawCellValue: true})
				typ, _ := f.GetCellType(name, ref)
				cells[c] = cell{Shown: shown, Raw: raw, Type: typeName(typ, f, name, ref)}
			}
			s.Rows = append(s.Rows, cells)
		}
		sheets = append(sheets, s)
	}
	return map[string]any{"kind": "excel", "sheets": sheets}, nil
}

func typeName(t excelize.CellType, f *excelize.File, sheet, ref string) string {
	switch t {
	case excelize.CellTypeBool:
		return "bool"
	case excelize.CellTypeDate:
		return "date"
	case excelize.CellTypeSharedString, excelize.CellTypeInlineString, excelize.CellTypeFormula:
		return "string"
	case excelize.CellTypeNumber, excelize.CellTypeUnset:
		raw, _ := f.GetCellValue(sheet, ref, excelize.Options{RawCellValue: true})
		if raw == "" {
			return "empty"
		}
		if style, err := f.GetCellStyle(sheet, ref); err == nil {
			if st, err := f.GetStyle(style); err == nil && st.CustomNumFmt != nil && strings.Contains(*st.CustomNumFmt, "yy") {
				return "date"
			}
		}
		return "number"
	}
	return "string"
}
