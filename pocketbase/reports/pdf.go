package reports

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/go-pdf/fpdf"
)

// A4 portrait in millimetres, with the margins every page uses.
const (
	pageW    = 210.0
	margin   = 15.0
	contentW = pageW - 2*margin
	rowH     = 6.0
)

// Colours of the product (indigo) and its greys.
var (
	indigo = [3]int{79, 70, 229}
	slate  = [3]int{71, 85, 105}
	light  = [3]int{241, 245, 249}
	green  = [3]int{22, 163, 74}
	red    = [3]int{220, 38, 38}
	amber  = [3]int{217, 119, 6}
)

// PDF draws the report: a title page, then the summary with its chart, then one page per section
// (a long table continues on the next page). Charts are vector drawings, not images.
func PDF(c *Content) ([]byte, error) {
	p := fpdf.New("P", "mm", "A4", "")
	p.SetMargins(margin, margin, margin)
	p.SetAutoPageBreak(true, margin+5)
	p.SetTitle(c.Name+" - "+c.Domain, true)
	p.SetCreator(c.Product(), true)
	p.SetCreationDate(c.GeneratedAt)
	p.SetModificationDate(c.GeneratedAt)
	tr := p.UnicodeTranslatorFromDescriptor("") // the core fonts are cp1252
	d := &drawer{p: p, tr: tr}
	p.SetFooterFunc(func() {
		if p.PageNo() == 1 {
			return
		}
		p.SetY(-margin)
		d.font("", 8, slate)
		p.CellFormat(contentW/2, 5, tr(c.Domain+" - "+c.Period()), "", 0, "L", false, 0, "")
		p.CellFormat(contentW/2, 5, fmt.Sprintf("Page %d", p.PageNo()), "", 0, "R", false, 0, "")
	})

	d.titlePage(c)
	tables := c.Tables()
	for _, t := range tables {
		switch t.Name {
		case "Summary":
			p.AddPage()
			d.heading("Summary")
			d.kpis(c)
			if c.has(secChart) {
				d.chart(c)
			}
		case "Daily":
			// drawn as the summary's chart
		case "Devices", "Browsers", "Countries":
			if t.Name == "Devices" {
				p.AddPage()
				d.heading("Devices, browsers and countries")
			}
			d.subheading(t.Name)
			d.table(t, 10)
		default:
			p.AddPage()
			d.heading(t.Name)
			if len(t.Rows) == 0 {
				d.note(emptyNote[t.Name])
				continue
			}
			d.table(t, 0)
		}
	}
	var out bytes.Buffer
	if err := p.Output(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// emptyNote says why a section has no rows.
var emptyNote = map[string]string{
	"Top pages":   "No page views in this period.",
	"Sources":     "No sessions in this period.",
	"Funnels":     "No funnels defined yet (Funnels, Create New Funnel).",
	"Experiments": "No A/B tests running or completed.",
	"Rollbacks":   "No rollbacks in this period: every optimization stayed healthy.",
}

type drawer struct {
	p  *fpdf.Fpdf
	tr func(string) string
}

func (d *drawer) font(style string, size float64, rgb [3]int) {
	d.p.SetFont("Helvetica", style, size)
	d.p.SetTextColor(rgb[0], rgb[1], rgb[2])
}

func (d *drawer) titlePage(c *Content) {
	p := d.p
	p.AddPage()
	fill := c.Accent(indigo)
	p.SetFillColor(fill[0], fill[1], fill[2])
	p.Rect(0, 0, pageW, 90, "F")
	p.SetY(30)
	d.font("B", 12, [3]int{224, 231, 255})
	p.CellFormat(contentW, 8, d.tr(strings.ToUpper(c.Product())), "", 1, "L", false, 0, "")
	d.font("B", 28, [3]int{255, 255, 255})
	p.MultiCell(contentW, 12, d.tr(c.Name), "", "L", false)
	p.SetY(110)
	d.font("B", 16, [3]int{15, 23, 42})
	p.CellFormat(contentW, 9, d.tr(c.Domain), "", 1, "L", false, 0, "")
	d.font("", 12, slate)
	for _, line := range []string{
		typeLabel(c.Type),
		fmt.Sprintf("Period: %s (%d %s)", c.Period(), c.Days, plural(c.Days, "day", "days")),
		"Compared with the " + plural(c.Days, "day", fmt.Sprintf("%d days", c.Days)) + " before",
		"Generated " + c.GeneratedAt.Format("2006-01-02 15:04") + " (" + c.Zone + ")",
	} {
		p.CellFormat(contentW, 7, d.tr(line), "", 1, "L", false, 0, "")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (d *drawer) heading(s string) {
	d.font("B", 18, [3]int{15, 23, 42})
	d.p.CellFormat(contentW, 10, d.tr(s), "", 1, "L", false, 0, "")
	d.p.Ln(2)
}

func (d *drawer) subheading(s string) {
	d.p.Ln(3)
	d.font("B", 12, [3]int{15, 23, 42})
	d.p.CellFormat(contentW, 7, d.tr(s), "", 1, "L", false, 0, "")
}

func (d *drawer) note(s string) {
	d.font("I", 10, slate)
	d.p.MultiCell(contentW, 6, d.tr(s), "", "L", false)
}

// kpis draws the summary's figures as boxes, four a row, each with its change from the period before.
func (d *drawer) kpis(c *Content) {
	p := d.p
	const cols, gap, boxH = 4, 4.0, 24.0
	boxW := (contentW - gap*(cols-1)) / cols
	top := p.GetY()
	for i, k := range c.KPIs() {
		x := margin + float64(i%cols)*(boxW+gap)
		y := top + float64(i/cols)*(boxH+gap)
		p.SetFillColor(light[0], light[1], light[2])
		p.Rect(x, y, boxW, boxH, "F")
		p.SetXY(x+3, y+3)
		d.font("", 8, slate)
		p.CellFormat(boxW-6, 4, d.tr(k.Label), "", 2, "L", false, 0, "")
		d.font("B", 14, [3]int{15, 23, 42})
		p.CellFormat(boxW-6, 8, human(k.Kind, k.Value), "", 2, "L", false, 0, "")
		colour := slate
		if k.Change > 0 {
			colour = green
		} else if k.Change < 0 {
			colour = red
		}
		d.font("", 8, colour)
		p.CellFormat(boxW-6, 5, signed(k.Change)+" vs period before", "", 2, "L", false, 0, "")
	}
	p.SetXY(margin, top+2*(boxH+gap)+2)
}

// chart draws visitors per day as bars and conversions as a line on their own scale.
func (d *drawer) chart(c *Content) {
	p := d.p
	d.subheading("Visitors and conversions per day")
	const h = 70.0
	x0, y0 := margin+12, p.GetY()+4
	w := contentW - 24
	maxV, maxC := 0.0, 0.0
	for _, s := range c.Series {
		maxV, maxC = math.Max(maxV, s.Visitors), math.Max(maxC, s.Conversions)
	}
	top := niceCeil(maxV)
	topC := niceCeil(maxC)
	// Axes and grid.
	p.SetDrawColor(203, 213, 225)
	p.SetLineWidth(0.2)
	d.font("", 7, slate)
	for i := 0; i <= 4; i++ {
		y := y0 + h - h*float64(i)/4
		p.Line(x0, y, x0+w, y)
		p.SetXY(margin, y-2)
		p.CellFormat(11, 4, thousands(int64(top*float64(i)/4)), "", 0, "R", false, 0, "")
		p.SetXY(x0+w+1, y-2)
		p.CellFormat(11, 4, thousands(int64(topC*float64(i)/4)), "", 0, "L", false, 0, "")
	}
	n := len(c.Series)
	if n == 0 {
		return
	}
	slot := w / float64(n)
	p.SetFillColor(indigo[0], indigo[1], indigo[2])
	for i, s := range c.Series {
		bh := h * s.Visitors / top
		p.Rect(x0+float64(i)*slot+slot*0.15, y0+h-bh, slot*0.7, bh, "F")
	}
	p.SetDrawColor(amber[0], amber[1], amber[2])
	p.SetLineWidth(0.6)
	var px, py float64
	for i, s := range c.Series {
		x := x0 + float64(i)*slot + slot/2
		y := y0 + h - h*s.Conversions/topC
		if i > 0 {
			p.Line(px, py, x, y)
		} else if n == 1 {
			p.Circle(x, y, 0.8, "D")
		}
		px, py = x, y
	}
	// Day labels: first, middle and last.
	d.font("", 7, slate)
	for _, i := range []int{0, n / 2, n - 1} {
		p.SetXY(x0+float64(i)*slot+slot/2-10, y0+h+1)
		p.CellFormat(20, 4, c.Series[i].Day, "", 0, "C", false, 0, "")
	}
	// Legend.
	ly := y0 + h + 8
	p.SetFillColor(indigo[0], indigo[1], indigo[2])
	p.Rect(x0, ly, 4, 3, "F")
	p.SetXY(x0+5, ly-0.5)
	p.CellFormat(40, 4, "Visitors (left scale)", "", 0, "L", false, 0, "")
	p.SetDrawColor(amber[0], amber[1], amber[2])
	p.Line(x0+50, ly+1.5, x0+54, ly+1.5)
	p.SetXY(x0+55, ly-0.5)
	p.CellFormat(50, 4, "Conversions (right scale)", "", 0, "L", false, 0, "")
	p.SetXY(margin, ly+8)
}

// niceCeil is a round axis maximum at or above v (1, 2 or 5 times a power of ten; 1 for 0).
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	pow := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*pow >= v {
			return m * pow
		}
	}
	return 10 * pow
}

// table draws a table with a shaded header row repeated on each page it continues on; limit > 0
// keeps the first rows only.
func (d *drawer) table(t Table, limit int) {
	p := d.p
	widths := columnWidths(t)
	header := func() {
		d.font("B", 8, [3]int{255, 255, 255})
		p.SetFillColor(slate[0], slate[1], slate[2])
		for i, col := range t.Columns {
			p.CellFormat(widths[i], rowH, d.tr(col.Title), "", 0, align(col.Kind), true, 0, "")
		}
		p.Ln(-1)
	}
	header()
	rows := t.Rows
	if limit > 0 && len(rows) > limit {
		rows = rows[:limit]
	}
	if len(rows) == 0 {
		d.note("No data in this period.")
		return
	}
	_, pageH := p.GetPageSize()
	for r, row := range rows {
		if p.GetY()+rowH > pageH-margin-5 {
			p.AddPage()
			header()
		}
		d.font("", 8, [3]int{15, 23, 42})
		p.SetFillColor(light[0], light[1], light[2])
		for i, col := range t.Columns {
			text := human(col.Kind, row[i])
			text = d.fit(text, widths[i]-2)
			p.CellFormat(widths[i], rowH, d.tr(text), "", 0, align(col.Kind), r%2 == 1, 0, "")
		}
		p.Ln(-1)
	}
}

// fit shortens text with an ellipsis to the width it has.
func (d *drawer) fit(s string, w float64) string {
	if d.p.GetStringWidth(d.tr(s)) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && d.p.GetStringWidth(d.tr(string(r)+"...")) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "..."
}

func align(k Kind) string {
	if k == Text || k == Day || k == When {
		return "L"
	}
	return "R"
}

// columnWidths gives text columns the room the numbers leave.
func columnWidths(t Table) []float64 {
	widths := make([]float64, len(t.Columns))
	texts := 0
	used := 0.0
	for i, c := range t.Columns {
		switch c.Kind {
		case Text:
			texts++
			continue
		case When:
			widths[i] = 30
		case Day:
			widths[i] = 22
		default:
			widths[i] = 21
		}
		used += widths[i]
	}
	if texts > 0 {
		for i, c := range t.Columns {
			if c.Kind == Text {
				widths[i] = (contentW - used) / float64(texts)
			}
		}
	} else {
		for i := range widths {
			widths[i] = contentW / float64(len(widths))
		}
	}
	return widths
}
