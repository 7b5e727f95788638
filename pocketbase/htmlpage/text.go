package htmlpage

import (
	"strings"
	"unicode/utf16"
)

// isJSSpace is JavaScript's \s: the characters String.prototype.trim and /\s/ treat as space.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// collapseSpace is s.replace(/\s+/g, ' ').
func collapseSpace(s string) string {
	var sb strings.Builder
	sb.Grow(len(s))
	inSpace := false
	for _, r := range s {
		if isJSSpace(r) {
			if !inSpace {
				sb.WriteByte(' ')
			}
			inSpace = true
			continue
		}
		inSpace = false
		sb.WriteRune(r)
	}
	return sb.String()
}

func trimSpace(s string) string { return strings.TrimFunc(s, isJSSpace) }

// utf16Len is a JavaScript string's length.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// capUnits is s.slice(0, limit) in UTF-16 code units, with the resulting length.
func capUnits(s string, limit int) (string, int) {
	n := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > limit {
			if n < limit && w == 2 {
				// JS would keep half of a surrogate pair; keep the replacement character instead.
				return s[:i] + string(utf16.DecodeRune(0xfffd, 0xfffd)), limit
			}
			return s[:i], n
		}
		n += w
	}
	return s, n
}
