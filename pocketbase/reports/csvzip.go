package reports

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"strings"
)

// CSV writes one CSV file per table; several tables come zipped. It returns the bytes and
// whether they are a zip.
func CSV(c *Content) (data []byte, zipped bool, err error) {
	tables := c.Tables()
	if len(tables) == 1 {
		b, err := csvTable(tables[0])
		return b, false, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, t := range tables {
		b, err := csvTable(t)
		if err != nil {
			return nil, false, err
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: fileSlug(t.Name) + ".csv", Method: zip.Deflate, Modified: c.GeneratedAt})
		if err != nil {
			return nil, false, err
		}
		if _, err := w.Write(b); err != nil {
			return nil, false, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, false, err
	}
	return buf.Bytes(), true, nil
}

func csvTable(t Table) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.UseCRLF = true
	head := make([]string, len(t.Columns))
	for i, col := range t.Columns {
		head[i] = col.Title
	}
	if err := w.Write(head); err != nil {
		return nil, err
	}
	for _, row := range t.Rows {
		line := make([]string, len(row))
		for i, v := range row {
			line[i] = safeCell(machine(t.Columns[i].Kind, v), v)
		}
		if err := w.Write(line); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// safeCell keeps a text cell from being read as a formula by a spreadsheet (a page path or a
// referrer is anyone's to choose).
func safeCell(s string, v any) string {
	if _, text := v.(string); text && s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		return "'" + s
	}
	return s
}

// fileSlug is a table's name as a file name: "Top pages" is "top-pages".
func fileSlug(name string) string {
	return strings.ReplaceAll(strings.ToLower(name), " ", "-")
}
