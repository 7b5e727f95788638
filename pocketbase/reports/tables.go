package reports

import (
	"cro/pocketbase/eventstore"
	"time"
)

// Kind says how a column's values are typed in Excel and written in CSV and PDF.
type Kind int

const (
	Text    Kind = iota
	Int          // a count
	Money        // dollars, two decimals
	Percent      // a percentage as the product shows it (3.24 is 3.24%)
	Number       // any other number, two decimals
	Day          // a site-local day, "2006-01-02"
	When         // an instant, shown on the site's clock
)

// Column is one column of a table.
type Column struct {
	Title string
	Kind  Kind
}

// Table is one table of a report: a sheet in Excel, a file in CSV, a table in the PDF. A nil cell
// is empty (a figure that does not exist, such as the control's uplift).
type Table struct {
	Name    string
	Columns []Column
	Rows    [][]any
}

// Tables are the report's tables in order; the PDF draws the same ones.
func (c *Content) Tables() []Table {
	var out []Table
	for _, s := range Sections(c.Type) {
		switch s {
		case secKPIs:
			out = append(out, c.summaryTable())
		case secChart:
			out = append(out, c.dailyTable())
		case secPages:
			out = append(out, c.pagesTable())
		case secSources:
			out = append(out, dimTable("Sources", "Source", c.Sources))
		case secTechnology:
			out = append(out, dimTable("Devices", "Device", c.Devices), dimTable("Browsers", "Browser", c.Browsers),
				dimTable("Countries", "Country", c.Countries))
		case secFunnels:
			out = append(out, c.funnelsTable())
		case secExperiments:
			out = append(out, c.experimentsTable())
		case secRollbacks:
			out = append(out, c.rollbacksTable())
		}
	}
	return out
}

// KPI is one figure of the summary with the period before it.
type KPI struct {
	Label           string
	Kind            Kind
	Value, Previous float64
	// Change is the percent change from the period before (0 when that was 0), as the screens show it.
	Change float64
}

// KPIs are the summary's figures, each with its change against the period of equal length before.
func (c *Content) KPIs() []KPI {
	s, p := c.Summary, c.Previous
	kpi := func(label string, kind Kind, v, prev float64) KPI {
		return KPI{Label: label, Kind: kind, Value: v, Previous: prev, Change: change(v, prev)}
	}
	return []KPI{
		kpi("Visitors", Int, s.Visitors, p.Visitors),
		kpi("Sessions", Int, s.Sessions, p.Sessions),
		kpi("Page views", Int, s.Pageviews, p.Pageviews),
		kpi("Conversions", Int, s.Conversions, p.Conversions),
		kpi("Conversion rate", Percent, s.ConversionRate, p.ConversionRate),
		kpi("Revenue", Money, s.Revenue, p.Revenue),
		kpi("Bounce rate", Percent, s.BounceRate, p.BounceRate),
		kpi("Avg. session (s)", Number, s.AvgDuration, p.AvgDuration),
	}
}

// change is (current - before) / before * 100, rounded to 2 decimals, 0 when before <= 0: the
// same rule as the dashboard's changes.
func change(current, before float64) float64 {
	if before <= 0 {
		return 0
	}
	return round2((current - before) / before * 100)
}

func round2(v float64) float64 {
	if v < 0 {
		return -round2(-v)
	}
	return float64(int64(v*100+0.5)) / 100
}

func (c *Content) summaryTable() Table {
	t := Table{Name: "Summary", Columns: []Column{{"Metric", Text}, {"This period", Number}, {"Period before", Number}, {"Change %", Percent}}}
	for _, k := range c.KPIs() {
		t.Rows = append(t.Rows, []any{k.Label, typed(k.Kind, k.Value), typed(k.Kind, k.Previous), k.Change})
	}
	return t
}

// typed keeps a KPI's own kind in a column of mixed figures.
func typed(k Kind, v float64) any { return Cell{Kind: k, Value: v} }

// Cell is a value with its own kind, for columns whose rows differ (the summary's figures).
type Cell struct {
	Kind  Kind
	Value float64
}

func (c *Content) dailyTable() Table {
	t := Table{Name: "Daily", Columns: []Column{{"Day", Day}, {"Visitors", Int}, {"Sessions", Int}, {"Page views", Int},
		{"Conversions", Int}, {"Revenue", Money}}}
	for _, d := range c.Series {
		t.Rows = append(t.Rows, []any{d.Day, d.Visitors, d.Sessions, d.Pageviews, d.Conversions, d.Revenue})
	}
	return t
}

func (c *Content) pagesTable() Table {
	t := Table{Name: "Top pages", Columns: []Column{{"Page", Text}, {"Page views", Int}, {"Visitors", Int}, {"Conversions", Int},
		{"Revenue", Money}, {"Conversion rate %", Percent}, {"Bounce rate %", Percent}, {"Avg. scroll %", Percent}}}
	for _, p := range c.Pages {
		t.Rows = append(t.Rows, []any{p.Path, p.Pageviews, p.Visitors, p.Conversions, p.Revenue, p.ConversionRate, p.BounceRate, p.AvgScroll})
	}
	return t
}

func dimTable(name, label string, rows []eventstore.DimFigures) Table {
	t := Table{Name: name, Columns: []Column{{label, Text}, {"Sessions", Int}, {"Visitors", Int}, {"Conversions", Int},
		{"Revenue", Money}, {"Conversion rate %", Percent}}}
	for _, d := range rows {
		t.Rows = append(t.Rows, []any{d.Value, d.Sessions, d.Visitors, d.Conversions, d.Revenue, d.Rate})
	}
	return t
}

func (c *Content) funnelsTable() Table {
	t := Table{Name: "Funnels", Columns: []Column{{"Funnel", Text}, {"Step", Int}, {"Step name", Text}, {"Visitors", Int},
		{"From previous %", Percent}, {"From first %", Percent}}}
	for _, f := range c.Funnels {
		for i, users := range f.Users {
			var prev, first any
			if i > 0 && f.Users[i-1] > 0 {
				prev = round2(users / f.Users[i-1] * 100)
			}
			if i > 0 && f.Users[0] > 0 {
				first = round2(users / f.Users[0] * 100)
			}
			t.Rows = append(t.Rows, []any{f.Name, float64(i + 1), f.Steps[i], users, prev, first})
		}
	}
	return t
}

func (c *Content) experimentsTable() Table {
	t := Table{Name: "Experiments", Columns: []Column{{"Experiment", Text}, {"Status", Text}, {"Goal", Text}, {"Variant", Text},
		{"Visitors", Int}, {"Conversions", Int}, {"Conversion rate %", Percent}, {"Uplift %", Percent}, {"Chance to beat control %", Percent}}}
	for _, e := range c.Experiments {
		for _, v := range e.Variants {
			var uplift, chance any
			if v.Uplift != nil {
				uplift = round2(*v.Uplift * 100)
			}
			if v.ChanceToWin != nil {
				chance = round2(*v.ChanceToWin * 100)
			}
			t.Rows = append(t.Rows, []any{e.Name, e.Status, e.Goal, v.Name, v.Users, v.Conversions, round2(v.Rate * 100), uplift, chance})
		}
	}
	return t
}

func (c *Content) rollbacksTable() Table {
	t := Table{Name: "Rollbacks", Columns: []Column{{"When", When}, {"Type", Text}, {"Reason", Text}}}
	for _, r := range c.Rollbacks {
		t.Rows = append(t.Rows, []any{r.At, r.Kind, r.Reason})
	}
	return t
}

// asTime reads a When cell.
func asTime(v any) (time.Time, bool) {
	t, ok := v.(time.Time)
	return t, ok
}
