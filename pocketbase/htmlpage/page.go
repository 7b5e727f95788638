// Package htmlpage turns an HTML document into the website audit's Page summary (the shape of
// src/lib/audit/page.ts) with Go's HTML tokenizer, following htmlparser2's model of a document
// (element events, implied end tags, text collection and limits), which the audit's checks were
// written against. It is the audit's only parser: the hooks get the page from here, and the
// TypeScript tests audit the committed pages it gives for the scan fixtures
// (tests/fixtures/scan/*.page.json) or run it through cmd/htmlpage.
package htmlpage

// Element is one opened element.
type Element struct {
	Tag        string            `json:"tag"`
	Attrs      map[string]string `json:"attrs"`
	Text       string            `json:"text"`
	Words      int               `json:"words"`
	TextOffset int               `json:"textOffset"`
	Ancestors  []string          `json:"ancestors"`

	textUnits int // UTF-16 length of Text while it grows
	index     int // position in Page.Elements, -1 past the cap
	parent    int // index of the enclosing element, -1 at the top
}

// Page is the audit's view of a document.
type Page struct {
	URL        string             `json:"url"`
	HTMLBytes  int                `json:"htmlBytes"`
	Elements   []*Element         `json:"elements"`
	Text       string             `json:"text"`
	WordCount  int                `json:"wordCount"`
	JSONLD     []any              `json:"jsonLd"`
	AssetSizes map[string]float64 `json:"assetSizes"`
	// Structure is what the audit's checks read instead of matching the raw text: see structure.go.
	Structure *Structure `json:"structure"`
}

const (
	textCap     = 1000  // TEXT_CAP: characters kept of an element's text
	maxElements = 20000 // MAX_ELEMENTS
	maxText     = 200000
)

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

var (
	voidTags      = set("area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "img", "input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr")
	invisibleTags = set("script", "style", "noscript", "template", "head", "title", "svg")
	skippedTags   = set("noscript", "iframe", "noembed", "noframes", "xmp", "plaintext")
	// blockTags are laid out apart from their neighbours: their text is separated at both edges.
	blockTags = set("p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "br", "hr", "td", "th", "tr", "section",
		"article", "header", "footer", "nav", "main", "aside", "ul", "ol", "dl", "dt", "dd", "table", "thead", "tbody",
		"tfoot", "caption", "form", "fieldset", "legend", "figure", "figcaption", "blockquote", "pre", "address",
		"details", "summary", "dialog", "option", "button", "select", "textarea")
	// startsApart: a link starts a new piece of text (two links side by side are two labels), but
	// may end inside a sentence ("see our <a>prices</a>."), so only its start is separated.
	startsApart = set("a")
	foreignTags = set("svg", "math")
)

// htmlparser2's openImpliesClose: opening the key closes open elements of the set.
var (
	formTags         = set("input", "option", "optgroup", "select", "button", "datalist", "textarea")
	pTag             = set("p")
	headingTags      = set("h1", "h2", "h3", "h4", "h5", "h6", "p")
	tableSection     = set("thead", "tbody")
	ddtTags          = set("dd", "dt")
	rtpTags          = set("rt", "rp")
	openImpliesClose = map[string]map[string]bool{
		"tr": set("tr", "th", "td"), "th": set("th"), "td": set("thead", "th", "td"),
		"body": set("head", "link", "script"), "a": set("a"), "li": set("li"), "p": pTag,
		"h1": headingTags, "h2": headingTags, "h3": headingTags, "h4": headingTags, "h5": headingTags, "h6": headingTags,
		"select": formTags, "input": formTags, "output": formTags, "button": formTags, "datalist": formTags, "textarea": formTags,
		"option": set("option"), "optgroup": set("optgroup", "option"), "dd": ddtTags, "dt": ddtTags,
		"address": pTag, "article": pTag, "aside": pTag, "blockquote": pTag, "details": pTag, "div": pTag, "dl": pTag,
		"fieldset": pTag, "figcaption": pTag, "figure": pTag, "footer": pTag, "form": pTag, "header": pTag, "hr": pTag,
		"main": pTag, "nav": pTag, "ol": pTag, "pre": pTag, "section": pTag, "table": pTag, "ul": pTag,
		"rt": rtpTags, "rp": rtpTags, "tbody": tableSection, "tfoot": tableSection,
	}
)
