package reports

import (
	"fmt"
	"html"
	"strings"
)

// SummaryHTML is the report's summary as an HTML mail body: the KPIs with their change, then the
// first rows of the report's pages and sources. Inline styles only: mail clients drop style sheets.
func SummaryHTML(c *Content) string {
	var b strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&b, `<div style="font-family:Helvetica,Arial,sans-serif;color:#0f172a;max-width:640px">`)
	fmt.Fprintf(&b, `<h1 style="font-size:20px;margin:0 0 4px">%s</h1>`, esc(c.Name))
	fmt.Fprintf(&b, `<p style="color:#475569;margin:0 0 16px">%s &middot; %s &middot; %s</p>`, esc(c.Domain), esc(typeLabel(c.Type)), esc(c.Period()))
	b.WriteString(`<table style="border-collapse:collapse;width:100%">`)
	b.WriteString(`<tr><th align="left" style="padding:6px;border-bottom:1px solid #cbd5e1">Metric</th><th align="right" style="padding:6px;border-bottom:1px solid #cbd5e1">This period</th><th align="right" style="padding:6px;border-bottom:1px solid #cbd5e1">Change</th></tr>`)
	for _, k := range c.KPIs() {
		colour := "#475569"
		if k.Change > 0 {
			colour = "#16a34a"
		} else if k.Change < 0 {
			colour = "#dc2626"
		}
		fmt.Fprintf(&b, `<tr><td style="padding:6px">%s</td><td align="right" style="padding:6px"><strong>%s</strong></td><td align="right" style="padding:6px;color:%s">%s</td></tr>`,
			esc(k.Label), esc(human(k.Kind, k.Value)), colour, esc(signed(k.Change)))
	}
	b.WriteString(`</table>`)
	for _, t := range c.Tables() {
		if t.Name != "Top pages" && t.Name != "Sources" {
			continue
		}
		fmt.Fprintf(&b, `<h2 style="font-size:16px;margin:20px 0 6px">%s</h2>`, esc(t.Name))
		if len(t.Rows) == 0 {
			b.WriteString(`<p style="color:#475569">No data in this period.</p>`)
			continue
		}
		b.WriteString(`<table style="border-collapse:collapse;width:100%">`)
		cols := []int{0, 1, 3, 4} // name, views or sessions, conversions, revenue
		b.WriteString(`<tr>`)
		for _, i := range cols {
			fmt.Fprintf(&b, `<th align="%s" style="padding:4px;border-bottom:1px solid #cbd5e1">%s</th>`, htmlAlign(t.Columns[i].Kind), esc(t.Columns[i].Title))
		}
		b.WriteString(`</tr>`)
		for r, row := range t.Rows {
			if r == 5 {
				break
			}
			b.WriteString(`<tr>`)
			for _, i := range cols {
				fmt.Fprintf(&b, `<td align="%s" style="padding:4px">%s</td>`, htmlAlign(t.Columns[i].Kind), esc(human(t.Columns[i].Kind, row[i])))
			}
			b.WriteString(`</tr>`)
		}
		b.WriteString(`</table>`)
	}
	fmt.Fprintf(&b, `<p style="color:#64748b;font-size:12px;margin-top:20px">Generated %s (%s). You receive this report because a member of %s scheduled it in %s (Reports).</p></div>`,
		esc(c.GeneratedAt.Format("2006-01-02 15:04")), esc(c.Zone), esc(c.Domain), esc(c.Product()))
	return b.String()
}

func htmlAlign(k Kind) string {
	if align(k) == "R" {
		return "right"
	}
	return "left"
}
