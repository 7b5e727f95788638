package htmlpage

import (
	"fmt"
	"strings"
)

// cssEscape is name as CSS.escape (CSSOM) writes it: usable after # or . in a selector.
func cssEscape(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == 0:
			b.WriteRune('\uFFFD')
		case r < 0x20 || r == 0x7f,
			r >= '0' && r <= '9' && (i == 0 || i == 1 && rs[0] == '-'):
			fmt.Fprintf(&b, "\\%x ", r)
		case i == 0 && r == '-' && len(rs) == 1:
			b.WriteString("\\-")
		case r >= 0x80 || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		default:
			b.WriteByte('\\')
			b.WriteRune(r)
		}
	}
	return b.String()
}

// cssIdent reports whether name is a CSS identifier as written, needing no escape.
func cssIdent(name string) bool {
	return name != "" && cssEscape(name) == name
}
