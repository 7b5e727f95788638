package docs

import (
	"archive/zip"
	"encoding/xml"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A spreadsheet stores dates and percentages as plain numbers and says how to show them in the
// number format of the cell's style. The reader shows those two kinds as a person would see them
// (a date in ISO 8601, a percentage with its sign); every other number is shown as stored.

type numberFormat int

const (
	plainNumber numberFormat = iota
	dateNumber
	percentNumber
)

// numberFormats maps a cell's style index (its s attribute) to the kind of its number format.
type numberFormats struct {
	styles   []numberFormat
	date1904 bool
}

// maxStyles bounds the cell styles kept (Excel allows 64,000).
const maxStyles = 65536

// cellFormats reads xl/styles.xml: the custom number formats, then the cell styles (cellXfs).
func cellFormats(parts map[string]*zip.File, b *budget) (*numberFormats, error) {
	f := &numberFormats{}
	zf := parts["xl/styles.xml"]
	if zf == nil {
		return f, nil
	}
	custom := map[string]numberFormat{}
	inCellXfs := false
	err := readPart(zf, b, func(r io.Reader) error {
		dec := xml.NewDecoder(r)
		for len(f.styles) < maxStyles {
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
			switch t := tok.(type) {
			case xml.StartElement:
				switch t.Name.Local {
				case "numFmt":
					custom[attr(t, "numFmtId")] = formatKind(attr(t, "formatCode"))
				case "cellXfs":
					inCellXfs = true
				case "xf":
					if inCellXfs {
						f.styles = append(f.styles, builtinOrCustom(attr(t, "numFmtId"), custom))
					}
				}
			case xml.EndElement:
				if t.Name.Local == "cellXfs" {
					inCellXfs = false
				}
			}
		}
		return nil
	})
	return f, err
}

func builtinOrCustom(id string, custom map[string]numberFormat) numberFormat {
	if k, ok := custom[id]; ok {
		return k
	}
	switch n, _ := strconv.Atoi(id); {
	case n == 9 || n == 10:
		return percentNumber
	case n >= 14 && n <= 22, n >= 45 && n <= 47:
		return dateNumber
	}
	return plainNumber
}

// Quoted text, escaped characters and [bracketed] sections (colours, conditions, elapsed time) say
// nothing about the kind of a format code.
var formatNoise = regexp.MustCompile(`"[^"]*"|\\.|\[[^\]]*\]`)

func formatKind(code string) numberFormat {
	code = strings.ToLower(formatNoise.ReplaceAllString(code, ""))
	switch {
	case strings.Contains(code, "%"):
		return percentNumber
	case strings.ContainsAny(code, "ymdhs") && !strings.Contains(code, "general"):
		return dateNumber
	}
	return plainNumber
}

// show writes a cell's stored number as its style's format reads; anything unexpected is left as stored.
func (f *numberFormats) show(style, v string) string {
	i, err := strconv.Atoi(style)
	if err != nil || i < 0 || i >= len(f.styles) {
		return v
	}
	switch f.styles[i] {
	case percentNumber:
		if n, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
			return strconv.FormatFloat(n*100, 'g', 10, 64) + "%"
		}
	case dateNumber:
		return showDate(v, f.date1904)
	}
	return v
}

// showDate writes an Excel serial date (days since 1899-12-30, or since 1904-01-01) in ISO 8601,
// with the time of day when it has one.
func showDate(v string, date1904 bool) string {
	n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || n < 0 || n > 2958465 { // past 9999-12-31: not a date
		return v
	}
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	if date1904 {
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	days, frac := math.Modf(n)
	t := epoch.AddDate(0, 0, int(days)).Add(time.Duration(math.Round(frac*86400)) * time.Second)
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
		return t.Format("2006-01-02")
	}
	return t.Format("2006-01-02 15:04")
}
