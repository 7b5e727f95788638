package reports

import (
	"fmt"
	"regexp"
)

// Formats a report is made in.
const (
	FormatPDF   = "pdf"
	FormatCSV   = "csv"
	FormatExcel = "excel"
	FormatEmail = "email"
)

// File is a rendered report: what is attached to the mail, stored in the history and downloaded.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

var unsafeName = regexp.MustCompile(`[^a-z0-9.-]+`)

// Render makes the report in a format; "email" is the HTML summary itself.
func Render(c *Content, format string) (File, error) {
	base := c.FileBase
	if base == "" {
		base = fmt.Sprintf("%s-%s-%s", unsafeName.ReplaceAllString(c.Domain, "_"), c.Type, c.To)
	}
	switch format {
	case FormatPDF:
		b, err := PDF(c)
		return File{Name: base + ".pdf", ContentType: "application/pdf", Data: b}, err
	case FormatExcel:
		b, err := Excel(c)
		return File{Name: base + ".xlsx", ContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", Data: b}, err
	case FormatCSV:
		b, zipped, err := CSV(c)
		if zipped {
			return File{Name: base + ".zip", ContentType: "application/zip", Data: b}, err
		}
		return File{Name: base + ".csv", ContentType: "text/csv; charset=utf-8", Data: b}, err
	case FormatEmail:
		return File{Name: base + ".html", ContentType: "text/html; charset=utf-8", Data: []byte(SummaryHTML(c))}, nil
	}
	return File{}, fmt.Errorf("unknown report format %q", format)
}
