package htmlpage

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// builder receives htmlparser2-style events (open, text, close) and builds the Page.
type builder struct {
	elements  []*Element
	open      []*Element
	jsonLD    []any
	parts     strings.Builder
	textUnits int
	lastSpace bool
	wordCount int
	hidden    int
	pending   strings.Builder
	rawSkip   string
	scriptBuf *strings.Builder
}

func (b *builder) push(chunk string) {
	if chunk == "" || b.textUnits >= maxText {
		return
	}
	b.parts.WriteString(chunk)
	b.textUnits += utf16Len(chunk)
	r, _ := utf8.DecodeLastRuneInString(chunk)
	b.lastSpace = r == ' '
}

func (b *builder) appendText(raw string) {
	chunk := collapseSpace(raw)
	trimmed := trimSpace(chunk)
	if trimmed == "" {
		if chunk != "" {
			b.separate() // white space between tags separates words in the elements too
		}
		return
	}
	words := strings.Count(trimmed, " ") + 1
	b.wordCount += words
	b.push(chunk)
	for _, el := range b.open {
		el.Words += words
		if el.textUnits < textCap {
			add := chunk
			if strings.HasSuffix(el.Text, " ") {
				add = strings.TrimPrefix(add, " ")
			}
			el.Text, el.textUnits = capUnits(el.Text+add, textCap)
		}
	}
}

// separate puts a space where one piece of text ends and another begins (white space between tags,
// a block's edge, a link after text), in the page's text and in the text of every open element, so that
// neighbours such as a price and the rating below it ("$49.00", "Rated 4.5") stay two words.
func (b *builder) separate() {
	if !b.lastSpace {
		b.push(" ")
	}
	for _, el := range b.open {
		if el.Text != "" && !strings.HasSuffix(el.Text, " ") && el.textUnits < textCap {
			el.Text += " "
			el.textUnits++
		}
	}
}

func (b *builder) flush() {
	if b.pending.Len() > 0 {
		b.appendText(b.pending.String())
		b.pending.Reset()
	}
}

func (b *builder) onOpen(name string, attrs map[string]string) {
	b.flush()
	if b.rawSkip != "" {
		return
	}
	if blockTags[name] || startsApart[name] {
		b.separate()
	}
	ancestors := make([]string, len(b.open))
	for i, o := range b.open {
		ancestors[i] = o.Tag
	}
	el := &Element{Tag: name, Attrs: attrs, TextOffset: b.textUnits, Ancestors: ancestors, index: -1, parent: -1}
	if n := len(b.open); n > 0 {
		el.parent = b.open[n-1].index
	}
	if len(b.elements) < maxElements {
		el.index = len(b.elements)
		b.elements = append(b.elements, el)
	}
	if name == "script" && strings.Contains(strings.ToLower(attrs["type"]), "ld+json") {
		b.scriptBuf = &strings.Builder{}
	}
	if voidTags[name] {
		return
	}
	if invisibleTags[name] {
		b.hidden++
	}
	if skippedTags[name] {
		b.rawSkip = name
	}
	b.open = append(b.open, el)
}

func (b *builder) onText(data string) {
	if b.rawSkip != "" {
		return
	}
	if b.scriptBuf != nil {
		b.scriptBuf.WriteString(data)
	}
	if b.hidden > 0 {
		if n := len(b.open); n > 0 && b.open[n-1].Tag == "title" && b.open[n-1].textUnits < textCap {
			top := b.open[n-1]
			top.Text += data
			top.textUnits += utf16Len(data)
		}
		return
	}
	b.pending.WriteString(data)
}

func (b *builder) onClose(name string) {
	b.flush()
	if b.rawSkip != "" {
		if name != b.rawSkip {
			return
		}
		b.rawSkip = ""
	}
	if !voidTags[name] {
		for i := len(b.open) - 1; i >= 0; i-- {
			if b.open[i].Tag == name {
				for _, el := range b.open[i:] {
					el.Text = trimSpace(el.Text)
					if invisibleTags[el.Tag] {
						b.hidden--
					}
				}
				b.open = b.open[:i]
				break
			}
		}
	}
	if name == "script" && b.scriptBuf != nil {
		var v any
		if err := json.Unmarshal([]byte(b.scriptBuf.String()), &v); err == nil {
			b.jsonLD = append(b.jsonLD, v)
		}
		b.scriptBuf = nil
	}
	if blockTags[name] {
		b.separate()
	}
}

// Parse builds the Page of document (final URL url) the way htmlparser2 sees it.
func Parse(document []byte, url string) *Page {
	b := &builder{lastSpace: true}
	var stack []string // htmlparser2's stack of open element names, innermost last
	popTo := func(i int) {
		for len(stack) > i {
			name := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			b.onClose(name)
		}
	}
	contains := func(name string) int {
		for i := len(stack) - 1; i >= 0; i-- {
			if stack[i] == name {
				return i
			}
		}
		return -1
	}
	inForeign := func() bool {
		for _, s := range stack {
			if foreignTags[s] {
				return true
			}
		}
		return false
	}
	openTag := func(name string, attrs map[string]string, selfClosing bool) {
		if name == "form" && contains("form") >= 0 {
			return // htmlparser2 ignores a nested form
		}
		if implied := openImpliesClose[name]; implied != nil {
			for len(stack) > 0 && implied[stack[len(stack)-1]] {
				popTo(len(stack) - 1)
			}
		}
		foreign := inForeign()
		if !voidTags[name] {
			stack = append(stack, name)
		}
		b.onOpen(name, attrs)
		if voidTags[name] {
			b.onClose(name)
		} else if selfClosing && (foreign || foreignTags[name]) {
			popTo(len(stack) - 1)
		}
	}

	z := html.NewTokenizer(bytes.NewReader(document))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			popTo(0)
			b.flush()
			return b.page(url, len(document))
		case html.TextToken:
			b.onText(string(z.Text()))
		case html.StartTagToken, html.SelfClosingTagToken:
			nameBytes, hasAttr := z.TagName()
			name := string(nameBytes)
			attrs := map[string]string{}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if _, seen := attrs[string(k)]; !seen {
					attrs[string(k)] = string(v)
				}
			}
			openTag(name, attrs, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			nameBytes, _ := z.TagName()
			name := string(nameBytes)
			switch {
			case voidTags[name]:
				if name == "br" {
					b.onOpen("br", map[string]string{})
					b.onClose("br")
				}
			case contains(name) >= 0:
				popTo(contains(name))
			case name == "p":
				b.onOpen("p", map[string]string{})
				b.onClose("p")
			}
		}
	}
}

func (b *builder) page(url string, size int) *Page {
	if b.elements == nil {
		b.elements = []*Element{}
	}
	if b.jsonLD == nil {
		b.jsonLD = []any{}
	}
	return &Page{
		URL:        url,
		HTMLBytes:  size,
		Elements:   b.elements,
		Text:       trimSpace(collapseSpace(b.parts.String())),
		WordCount:  b.wordCount,
		JSONLD:     b.jsonLD,
		AssetSizes: map[string]float64{},
		Structure:  buildStructure(b.elements, url),
	}
}
