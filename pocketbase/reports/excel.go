package reports

import (
	"bytes"
	"fmt"
	"time"

	"github.com/xuri/excelize/v2"
)

// Number formats of the typed cells (Excel's built-in codes where one exists).
var excelFormats = map[Kind]string{
	Int:     "#,##0",
	Money:   `"$"#,##0.00`,
	Percent: `0.00"%"`,
	Number:  "#,##0.00",
	Day:     "yyyy-mm-dd",
	When:    "yyyy-mm-dd hh:mm",
}

// Excel writes one sheet per table: a bold header row frozen in place, numbers and days as typed
// cells with their formats (a percentage keeps the product's figure, 3.24 shown as 3.24%).
func Excel(c *Content) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	fill := c.Accent([3]int{0x47, 0x55, 0x69})
	header, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Color: "FFFFFF"},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{fmt.Sprintf("%02X%02X%02X", fill[0], fill[1], fill[2])}}})
	if err != nil {
		return nil, err
	}
	if err := f.SetDocProps(&excelize.DocProperties{Creator: c.Product(), LastModifiedBy: c.Product(), Title: c.Name + " - " + c.Domain}); err != nil {
		return nil, err
	}
	styles := map[Kind]int{}
	for k, code := range excelFormats {
		code := code
		if styles[k], err = f.NewStyle(&excelize.Style{CustomNumFmt: &code}); err != nil {
			return nil, err
		}
	}
	for i, t := range c.Tables() {
		name := t.Name
		if i == 0 {
			if err := f.SetSheetName("Sheet1", name); err != nil {
				return nil, err
			}
		} else if _, err := f.NewSheet(name); err != nil {
			return nil, err
		}
		if err := writeSheet(f, name, t, header, styles, c.Zone); err != nil {
			return nil, err
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		return nil, err
	}
	return bytes.Clone(buf.Bytes()), nil
}

func writeSheet(f *excelize.File, sheet string, t Table, header int, styles map[Kind]int, zone string) error {
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	widths := make([]float64, len(t.Columns))
	head := make([]any, len(t.Columns))
	for i, col := range t.Columns {
		head[i] = excelize.Cell{StyleID: header, Value: col.Title}
		widths[i] = max(12, float64(len(col.Title))+2)
	}
	for i, w := range widths {
		if col := i + 1; col > 0 {
			if err := sw.SetColWidth(col, col, w); err != nil {
				return err
			}
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	for r, row := range t.Rows {
		cells := make([]any, len(row))
		for i, v := range row {
			cells[i] = excelCell(t.Columns[i].Kind, v, styles)
		}
		ref, _ := excelize.CoordinatesToCellName(1, r+2)
		if err := sw.SetRow(ref, cells); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// excelCell types one value: numbers stay numbers, days and instants become Excel dates.
func excelCell(k Kind, v any, styles map[Kind]int) any {
	switch x := v.(type) {
	case nil:
		return nil
	case Cell:
		return excelCell(x.Kind, x.Value, styles)
	case float64:
		return excelize.Cell{StyleID: styles[k], Value: x}
	case time.Time:
		// Excel has no zones: the site's wall-clock time.
		wall := time.Date(x.Year(), x.Month(), x.Day(), x.Hour(), x.Minute(), x.Second(), 0, time.UTC)
		return excelize.Cell{StyleID: styles[When], Value: wall}
	case string:
		if k == Day {
			if d, err := time.Parse(time.DateOnly, x); err == nil {
				return excelize.Cell{StyleID: styles[Day], Value: d}
			}
		}
		return x
	}
	return v
}
