package edge

import (
	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The tokenizer's TagName and Token copy the tag's name on every tag; the rewriter reads it from
// the raw tag instead (most pages have thousands of tags), and falls back to the tokenizer for the
// rare name that needs its NUL replacement.

// tagName is the lowercased name of the tag in raw ("<Li class=a>", "</li >") with its atom, as
// the tokenizer's TagName gives it; the string is the atom's own for a known name, so it costs no
// allocation. buf is reused between calls.
func tagName(z *xhtml.Tokenizer, raw []byte, buf *[]byte) (atom.Atom, string) {
	i := 1
	if i < len(raw) && raw[i] == '/' {
		i++
	}
	name := (*buf)[:0]
	for ; i < len(raw); i++ {
		c := raw[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '/' || c == '>' {
			break
		}
		if c == 0 {
			n, _ := z.TagName()
			return atom.Lookup(n), string(n)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		name = append(name, c)
	}
	*buf = name
	if a := atom.Lookup(name); a != 0 {
		return a, a.String()
	}
	return 0, string(name)
}

// startToken is z.Token() for a start tag, with the name read by tagName.
func startToken(z *xhtml.Tokenizer, tt xhtml.TokenType, raw []byte, buf *[]byte) xhtml.Token {
	t := xhtml.Token{Type: tt}
	t.DataAtom, t.Data = tagName(z, raw, buf)
	for more := true; more; {
		var key, val []byte
		key, val, more = z.TagAttr()
		if key == nil {
			break // no attributes
		}
		t.Attr = append(t.Attr, xhtml.Attribute{Key: atom.String(key), Val: string(val)})
	}
	return t
}
