package reports

import (
	"html"
	"path"
	"regexp"
	"strings"
)

// storedSuffix is the random part PocketBase adds to a stored file's name ("report_a1b2c3d4e5.pdf").
var storedSuffix = regexp.MustCompile(`_[a-zA-Z0-9]{10}$`)

// originalName is a stored file's name without PocketBase's random suffix.
func originalName(stored string) string {
	ext := path.Ext(stored)
	return storedSuffix.ReplaceAllString(strings.TrimSuffix(stored, ext), "") + ext
}

func htmlEscape(s string) string { return html.EscapeString(s) }
