package reports

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/ledongthuc/pdf"
	"github.com/xuri/excelize/v2"

	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments"
)

func sampleContent(reportType string) *Content {
	up, chance := 0.125, 0.97
	series := []eventstore.DayFigures{}
	for i := 0; i < 7; i++ {
		series = append(series, eventstore.DayFigures{Day: time.Date(2026, 11, 17+i, 0, 0, 0, 0, time.UTC).Format(time.DateOnly),
			Visitors: float64(100 + 10*i), Sessions: float64(120 + 10*i), Pageviews: float64(300 + i), Conversions: float64(3 + i%3), Revenue: 129.5})
	}
	return &Content{
		Name: "Weekly performance", Domain: "shop.example.com", Type: reportType, Zone: "Europe/Stockholm",
		GeneratedAt: time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC), Days: 7,
		RangeReport: analytics.RangeReport{
			From: "2026-11-17", To: "2026-11-23",
			Summary:  eventstore.Totals{Visitors: 1234, Sessions: 1500, Pageviews: 4321, Conversions: 48, ConvertedSessions: 45, Revenue: 5432.1, ConversionRate: 3.24, BounceRate: 41.5, AvgDuration: 62.25},
			Previous: eventstore.Totals{Visitors: 1000, Sessions: 1200, Pageviews: 4000, Conversions: 40, Revenue: 5000, ConversionRate: 3.0, BounceRate: 45, AvgDuration: 60},
			Series:   series,
			Pages: []eventstore.PageFigures{{Path: "/thank-you", Pageviews: 48, Visitors: 45, Conversions: 45, Revenue: 5432.1, ConversionRate: 100},
				{Path: "=cmd|' /C calc'!A0", Pageviews: 2, Visitors: 2}},
			Sources:   []eventstore.DimFigures{{Value: "google.com", Sessions: 900, Visitors: 800, Conversions: 30, Revenue: 3000, Rate: 3.33}, {Value: "Direct", Sessions: 600, Visitors: 434, Conversions: 15, Revenue: 2432.1, Rate: 2.5}},
			Devices:   []eventstore.DimFigures{{Value: "desktop", Sessions: 1000}},
			Browsers:  []eventstore.DimFigures{{Value: "Chrome", Sessions: 1000}},
			Countries: []eventstore.DimFigures{{Value: "SE", Sessions: 1000}},
		},
		Funnels: []FunnelContent{{Name: "Checkout", Steps: []string{"/cart", "/checkout", "Goal: Purchase"}, Users: []float64{200, 100, 45}}},
		Experiments: []experiments.GroundingExperiment{{Name: "Green button", Status: "running", Goal: "Purchase",
			Variants: []experiments.GroundingVariant{{Name: "Control", Control: true, Users: 500, Conversions: 20, Rate: 0.04},
				{Name: "Green", Users: 510, Conversions: 23, Rate: 0.045, Uplift: &up, ChanceToWin: &chance}}}},
		Rollbacks: []RollbackContent{{At: time.Date(2026, 11, 20, 14, 5, 0, 0, time.UTC), Kind: "automatic", Reason: "Error rate 12% over the 5% threshold"}},
	}
}

func pdfText(t *testing.T, b []byte) (int, string) {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for i := 1; i <= r.NumPage(); i++ {
		text, err := r.Page(i).GetPlainText(nil)
		if err != nil {
			t.Fatal(err)
		}
		all.WriteString(text)
		all.WriteString("\n")
	}
	return r.NumPage(), all.String()
}

func TestPDFSectionsFollowTheReportType(t *testing.T) {
	cases := map[string]struct {
		pages   int
		has     []string
		hasNone []string
	}{
		Performance: {4, []string{"Summary", "Top pages", "Sources", "/thank-you", "google.com"}, []string{"Funnels", "Experiments", "Rollbacks"}},
		Funnel:      {3, []string{"Funnels", "Checkout", "Goal: Purchase"}, []string{"Top pages", "Experiments"}},
		Full:        {8, []string{"Top pages", "Sources", "Devices, browsers and countries", "Funnels", "Experiments", "Green button", "Rollbacks", "Error rate 12%"}, nil},
	}
	for typ, want := range cases {
		b, err := PDF(sampleContent(typ))
		if err != nil {
			t.Fatal(err)
		}
		pages, text := pdfText(t, b)
		if pages != want.pages {
			t.Errorf("%s: %d pages, want %d", typ, pages, want.pages)
		}
		for _, s := range append([]string{"Weekly performance", "shop.example.com", "2026-11-17 to 2026-11-23", "3.24%", "+8.00%", "1,234", "$5,432.10"}, want.has...) {
			if !strings.Contains(text, s) {
				t.Errorf("%s: the text lacks %q", typ, s)
			}
		}
		for _, s := range want.hasNone {
			if strings.Contains(text, s) {
				t.Errorf("%s: the text has %q, which this type leaves out", typ, s)
			}
		}
	}
}

func TestPDFOfAnEmptyPeriodSaysSo(t *testing.T) {
	c := sampleContent(Full)
	c.Pages, c.Sources, c.Funnels, c.Experiments, c.Rollbacks, c.Series = nil, nil, nil, nil, nil, nil
	b, err := PDF(c)
	if err != nil {
		t.Fatal(err)
	}
	_, text := pdfText(t, b)
	for _, s := range []string{"No page views in this period.", "No funnels defined yet", "No rollbacks in this period"} {
		if !strings.Contains(text, s) {
			t.Errorf("the text lacks %q", s)
		}
	}
}

func TestExcelHasOneTypedSheetPerTableWithFrozenHeaders(t *testing.T) {
	b, err := Excel(sampleContent(Full))
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := []string{"Summary", "Daily", "Top pages", "Sources", "Devices", "Browsers", "Countries", "Funnels", "Experiments", "Rollbacks"}
	if got := f.GetSheetList(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("sheets %v, want %v", got, want)
	}
	for _, sheet := range want {
		panes, err := f.GetPanes(sheet)
		if err != nil || !panes.Freeze || panes.YSplit != 1 {
			t.Errorf("%s: header row not frozen (%+v, %v)", sheet, panes, err)
		}
	}
	cell := func(sheet, ref string) (string, string, excelize.CellType) {
		shown, _ := f.GetCellValue(sheet, ref)
		raw, _ := f.GetCellValue(sheet, ref, excelize.Options{RawCellValue: true})
		typ, _ := f.GetCellType(sheet, ref)
		return shown, raw, typ
	}
	// Conversion rate: the 5th KPI, a number shown as the screen shows it.
	if shown, raw, _ := cell("Summary", "B6"); shown != "3.24%" || raw != "3.24" {
		t.Errorf("conversion rate cell: shown %q raw %q", shown, raw)
	}
	if label, _, _ := cell("Summary", "A6"); label != "Conversion rate" {
		t.Errorf("A6 is %q", label)
	}
	if shown, raw, _ := cell("Summary", "B7"); shown != "$5,432.10" || raw != "5432.1" {
		t.Errorf("revenue cell: shown %q raw %q", shown, raw)
	}
	if shown, raw, _ := cell("Daily", "A2"); shown != "2026-11-17" || raw == "2026-11-17" {
		t.Errorf("day cell should be a date: shown %q raw %q", shown, raw)
	}
	if shown, _, typ := cell("Top pages", "B2"); shown != "48" || typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Errorf("page views should be a number: %q (%v)", shown, typ)
	}
	if shown, _, _ := cell("Experiments", "H3"); shown != "12.50%" {
		t.Errorf("uplift: %q", shown)
	}
	if shown, _, _ := cell("Experiments", "H2"); shown != "" {
		t.Errorf("the control has no uplift: %q", shown)
	}
}

func TestCSVIsOneFilePerTableZippedAndFormulaSafe(t *testing.T) {
	b, zipped, err := CSV(sampleContent(Performance))
	if err != nil || !zipped {
		t.Fatalf("zipped %v, err %v", zipped, err)
	}
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][][]string{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		files[f.Name] = rows
	}
	if len(files) != 4 || files["summary.csv"] == nil || files["daily.csv"] == nil || files["top-pages.csv"] == nil || files["sources.csv"] == nil {
		t.Fatalf("files: %v", keys(files))
	}
	if got := files["summary.csv"][5]; strings.Join(got, ",") != "Conversion rate,3.24,3.00,8.00" {
		t.Errorf("summary row: %v", got)
	}
	if got := files["top-pages.csv"][1]; strings.Join(got, ",") != "/thank-you,48,45,45,5432.10,100.00,0.00,0.00" {
		t.Errorf("page row: %v", got)
	}
	if got := files["top-pages.csv"][2][0]; !strings.HasPrefix(got, "'=") {
		t.Errorf("a formula-looking path must be neutralised: %q", got)
	}

	c := sampleContent(Funnel)
	c.Type = "one-table"
	sectionsOf["one-table"] = []string{secFunnels}
	defer delete(sectionsOf, "one-table")
	single, zipped, err := CSV(c)
	if err != nil || zipped || !strings.HasPrefix(string(single), "Funnel,Step,Step name,Visitors") {
		t.Errorf("one table is one plain CSV file: zipped %v, %q", zipped, single[:min(40, len(single))])
	}
}

func TestEmailSummaryHasTheKPIsAndEscapes(t *testing.T) {
	c := sampleContent(Performance)
	c.Pages[0].Path = "/<script>"
	html := SummaryHTML(c)
	for _, s := range []string{"Weekly performance", "3.24%", "+8.00%", "google.com", "&lt;script&gt;"} {
		if !strings.Contains(html, s) {
			t.Errorf("the mail lacks %q", s)
		}
	}
	if strings.Contains(html, "<script>") {
		t.Error("a page path reached the mail unescaped")
	}
}

func keys[V any](m map[string]V) []string {
	out := []string{}
	for k := range m {
		out = append(out, k)
	}
	return out
}
