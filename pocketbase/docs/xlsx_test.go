package docs

import (
	"testing"

	"github.com/xuri/excelize/v2"
)

// The streaming reader shows what a person sees in Excel for the kinds that matter to an analysis:
// text, numbers, booleans, dates and percentages, sheet by sheet in the workbook's order.
func TestWorkbookCellsReadAsShown(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	_, _ = f.NewSheet("Summary")
	_ = f.SetSheetName("Sheet1", "Detail")
	// The workbook lists Detail first, then Summary; Summary is moved to the front.
	_ = f.MoveSheet("Summary", "Detail")
	day, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	stamp, _ := f.NewStyle(&excelize.Style{CustomNumFmt: ptr("yyyy-mm-dd hh:mm")})
	pct, _ := f.NewStyle(&excelize.Style{NumFmt: 10})
	_ = f.SetSheetRow("Summary", "A1", &[]any{"Conversion rate", 0.034, "Checked", true})
	_ = f.SetCellStyle("Summary", "B1", "B1", pct)
	_ = f.SetSheetRow("Summary", "A2", &[]any{"Launched", 45474.0, "Revenue", 1234.5})
	_ = f.SetCellStyle("Summary", "B2", "B2", day)
	_ = f.SetSheetRow("Detail", "A1", &[]any{"Last order", 45474.75})
	_ = f.SetCellStyle("Detail", "B1", "B1", stamp)
	_ = f.SetCellFormula("Detail", "A2", `="in"&"line"`)
	_ = f.SetCellValue("Detail", "A2", "inline")
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	text, err := Extract(XLSX, buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := "Conversion rate | 3.4% | Checked | TRUE\nLaunched | 2024-07-01 | Revenue | 1234.5\n\n" +
		"Last order | 2024-07-01 18:00\ninline"
	if text != want {
		t.Fatalf("got %q\nwant %q", text, want)
	}
}

func TestDatesOfA1904Workbook(t *testing.T) {
	if got := showDate("0", true); got != "1904-01-01" {
		t.Fatal(got)
	}
	if got := showDate("1", false); got != "1899-12-31" {
		t.Fatal(got)
	}
	if got := showDate("not a number", false); got != "not a number" {
		t.Fatal(got)
	}
	if k := formatKind(`[Red]"Total: "0.00`); k != plainNumber {
		t.Fatal("a quoted word with a d is not a date", k)
	}
	if k := formatKind(`dd/mm/yyyy`); k != dateNumber {
		t.Fatal(k)
	}
}

func ptr[T any](v T) *T { return &v }
