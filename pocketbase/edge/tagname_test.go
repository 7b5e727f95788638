package edge

import (
	"reflect"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"
)

// The rewriter's own reading of tag names must give what the tokenizer's Token() gives, for
// every tag of a page with odd spellings.
func TestStartTokenAndTagNameMatchTheTokenizer(t *testing.T) {
	page := "<!doctype html><HTML lang=en><Head><meta charset=utf-8></head><BODY class='a b'>" +
		"<DiV ID=x data-Foo=\"1&amp;2\" title=a title=b><my-widget x-y=z>t</my-widget ></DIV\t>" +
		"<svg viewBox='0 0 1 1'><Path d=M0/></svg><br/><p\nclass=c>x</P\n><a\x00b href=/>n</a\x00b>" +
		"<img src=a.png alt><input disabled></body></html>"
	want := xhtml.NewTokenizer(strings.NewReader(page))
	got := xhtml.NewTokenizer(strings.NewReader(page))
	var raw, buf []byte
	tags := 0
	for {
		wt, gt := want.Next(), got.Next()
		if wt != gt {
			t.Fatalf("token types differ: %v and %v", wt, gt)
		}
		if wt == xhtml.ErrorToken {
			break
		}
		raw = append(raw[:0], got.Raw()...)
		expected := want.Token()
		switch gt {
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tags++
			if tok := startToken(got, gt, raw, &buf); !reflect.DeepEqual(tok, expected) {
				t.Errorf("%q: got %#v, want %#v", raw, tok, expected)
			}
		case xhtml.EndTagToken:
			tags++
			if a, data := tagName(got, raw, &buf); a != expected.DataAtom || data != expected.Data {
				t.Errorf("%q: got %v %q, want %v %q", raw, a, data, expected.DataAtom, expected.Data)
			}
		}
	}
	if tags < 20 {
		t.Fatalf("only %d tags compared", tags)
	}
}
