package htmlpage

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"
)

// Structure holds the parts of a page a conversion reviewer looks for, found from the markup
// (nesting, tags, classes, roles, microdata) rather than from words in the page's text: a
// sentence that mentions "reviews" is not a review, a link styled as a button is a button.
// Judging them (which words make a call to action, how many fields are too many) is left to the
// audit's checks in src/lib/audit.
type Structure struct {
	IDs           []string       `json:"ids"`
	Controls      []Control      `json:"controls"`
	Testimonials  []Testimonial  `json:"testimonials"`
	Ratings       []Rating       `json:"ratings"`
	LogoRows      []LogoRow      `json:"logoRows"`
	Prices        []Price        `json:"prices"`
	Forms         []Form         `json:"forms"`
	HeadResources []HeadResource `json:"headResources"`
}

// Control is a link or a button.
type Control struct {
	Text     string `json:"text"`
	Tag      string `json:"tag"`
	Href     string `json:"href,omitempty"`
	Selector string `json:"selector"`
	Offset   int    `json:"offset"`
	// Region is the nearest page landmark: header, nav, aside, footer, form or main.
	Region string `json:"region"`
	// Styled: a <button>, a submit input, or a link marked as a button by role or class.
	Styled bool `json:"styled"`
	// Box is [left, top, width, height] in page pixels when the page was rendered (package render).
	Box []int `json:"box,omitempty"`
	// Hidden: the rendered page does not show it (it or an ancestor is not displayed).
	Hidden bool `json:"hidden,omitempty"`
}

// Testimonial is a quote with its attribution (a quote without one is just a quotation).
type Testimonial struct {
	Quote    string `json:"quote"`
	Author   string `json:"author"`
	Selector string `json:"selector"`
	Source   string `json:"source"` // blockquote, class, microdata
}

// Rating is a star rating shown on the page (schema.org JSON-LD is read by the audit itself).
type Rating struct {
	Text     string  `json:"text"`
	Value    float64 `json:"value"`
	Selector string  `json:"selector"`
}

// LogoRow is a group of at least three logos (customer, press or partner logos).
type LogoRow struct {
	Selector string   `json:"selector"`
	Count    int      `json:"count"`
	Label    string   `json:"label"`
	Names    []string `json:"names"`
}

// Price is one price on the page; Struck marks a compare-at price (struck through or marked as
// the old price).
type Price struct {
	Text     string  `json:"text"`
	Amount   float64 `json:"amount"`
	Struck   bool    `json:"struck"`
	Selector string  `json:"selector"`
}

// Form is a <form> with its visible fields.
type Form struct {
	Selector    string   `json:"selector"`
	Action      string   `json:"action"`
	Search      bool     `json:"search"`
	Fields      []Field  `json:"fields"`
	Submits     []string `json:"submits"`
	PrivacyLink bool     `json:"privacyLink"`
}

// Field is one form field; Label is its visible label (” when it has none).
type Field struct {
	Tag          string `json:"tag"`
	Type         string `json:"type"`
	Name         string `json:"name"`
	Label        string `json:"label"`
	Placeholder  string `json:"placeholder"`
	Required     bool   `json:"required"`
	Autocomplete string `json:"autocomplete"`
}

// HeadResource is a script, stylesheet or font referenced in <head>.
type HeadResource struct {
	Kind       string `json:"kind"` // script, stylesheet, font
	URL        string `json:"url"`
	Host       string `json:"host"`
	ThirdParty bool   `json:"thirdParty"`
	// Blocking: the browser waits for it before the first paint.
	Blocking bool `json:"blocking"`
}

const (
	maxControls = 400
	maxItems    = 100
	maxIDs      = 2000
)

var (
	styledClass  = regexp.MustCompile(`(?:^|[-_])(?:btn|cta)(?:[-_]|$)|button`)
	regionClass  = regexp.MustCompile(`^(?:(?:site|page|main|global)[-_])?(footer|header|navbar|nav|navigation|menu|sidebar)$`)
	quoteClass   = regexp.MustCompile(`testimonial|(?:^|[-_])(?:reviews?|quotes?)(?:[-_]|$)`)
	authorClass  = regexp.MustCompile(`author|name|cite|attribution|person|reviewer|customer|client|byline`)
	trailingName = regexp.MustCompile(`[—–]\s*(\p{Lu}[^—–"“”]{2,80})$`)
	ratingLabel  = regexp.MustCompile(`(?i)(\d(?:[.,]\d+)?)\s*(?:out of|of|/)\s*5\b|rated\s+(\d(?:[.,]\d+)?)`)
	ratingClass  = regexp.MustCompile(`star|rating`)
	// A name that states a score in words, whatever the element's class: "Rated 4.5 out of 5",
	// "4 out of 5", "5 stars" (an image's alt text too). "Slide 1 of 5" or "Image 1/5" say no score.
	// A count such as "12,345 stars" on a repository is no score: the number is 0 to 5.
	scoreLabel = regexp.MustCompile(`(?i)\brated\s+([0-5](?:[.,]\d)?)\b|(?:^|[^\d.,])([0-5](?:[.,]\d)?)\s*out of\s*5\b|(?:^|[^\d.,])([0-5](?:[.,]\d)?)\s*(?:/\s*5\s*)?stars?\b`)
	// Rating widgets keep the score in an attribute: data-rating="4", data-score="4.5".
	ratingAttrs = []string{"data-rating", "data-score", "data-stars", "data-rateit-value"}
	// A star drawn by an icon font or an SVG: fa-star, bi-star-fill, ti-star, icofont-star, star-o.
	starIcon  = regexp.MustCompile(`(?i)(?:^|[-_])star(?:$|[-_])`)
	emptyStar = regexp.MustCompile(`(?i)star-?o(?:$|[-_])|empty|outline|regular|\bfar\b|star-half`)
	// The colour or name that says a row of unnamed SVGs is a row of stars (Tailwind's text-yellow-400).
	starColour = regexp.MustCompile(`(?i)yellow|amber|gold|orange|warning|star|rating`)
	logoHint   = regexp.MustCompile(`(?i)logo|brand|client|customer|partner|press|featured|trusted|sponsor`)
	logoLabel  = regexp.MustCompile(`(?i)\b(logos?|brands|clients|customers|partners|press|featured in|trusted by|sponsors?|supported by|backed by|as seen (in|on)|(used|loved|chosen|relied on) by|(companies|teams|organi[sz]ations|businesses) (that )?(use|using|trust|rely on|love|choose)|(worked|working) with|in good company)\b`)
	// A price: a currency sign or code before the amount ("$49", "RM 189.00", "Rs. 499") or after it
	// ("49,90 €", "120 zł", "299 kr").
	priceToken    = regexp.MustCompile(`(?:[$€£¥₹₩₺₽₱₦৳]\s?\d[\d.,]*|\b(?:USD|EUR|GBP|CAD|AUD|NZD|CHF|SEK|NOK|DKK|PLN|CZK|INR|MYR|SGD|HKD|JPY|RM|Rs\.?|Rp)\s?\d[\d.,]*|\d[\d.,]*\s?(?:[€$£₹₺₽৳]|USD|EUR|GBP|CHF|SEK|NOK|DKK|PLN|CZK|zł|Kč|kr\b))`)
	struckClass   = regexp.MustCompile(`compare|was|old|original|regular|strike|crossed|before|list-price|msrp|retail`)
	privacyWord   = regexp.MustCompile(`(?i)privacy|datenschutz|confidentialit|privacidad|gdpr`)
	searchName    = regexp.MustCompile(`^(?i:q|s|query|search|keywords?)$`)
	fontHost      = regexp.MustCompile(`(?i)^(fonts\.googleapis\.com|use\.typekit\.net|p\.typekit\.net|fonts\.bunny\.net|fast\.fonts\.net|cloud\.typography\.com|use\.fontawesome\.com)$`)
	hiddenTypes   = set("hidden", "submit", "button", "image", "reset")
	sectionParent = set("article", "main", "section")
	landmarks     = set("header", "nav", "main", "footer", "section", "article", "aside", "form", "blockquote", "figure")
)

type tree struct {
	els      []*Element
	children [][]int
	base     *url.URL
	labelFor map[string]string // <label for=id> texts
	images   []int             // images and labelled SVGs inside each element
	svgs     []int             // SVGs, named or not, inside each element (not counting nested ones)
}

func buildStructure(els []*Element, pageURL string) *Structure {
	t := &tree{els: els, children: make([][]int, len(els)), labelFor: map[string]string{}, images: make([]int, len(els)), svgs: make([]int, len(els))}
	t.base, _ = url.Parse(pageURL)
	for i, e := range els {
		if e.parent >= 0 {
			t.children[e.parent] = append(t.children[e.parent], i)
		}
		if e.Tag == "label" && e.Attrs["for"] != "" {
			t.labelFor[e.Attrs["for"]] = e.Text
		}
	}
	// Children come after their parent: counting backwards adds each subtree before its parent's.
	for i := len(els) - 1; i >= 0; i-- {
		if isLogoImage(els[i]) {
			t.images[i]++
		}
		if els[i].Tag == "svg" {
			t.svgs[i] = 1
		}
		if p := els[i].parent; p >= 0 {
			t.images[p] += t.images[i]
			if els[p].Tag != "svg" {
				t.svgs[p] += t.svgs[i]
			}
		}
	}
	s := &Structure{
		IDs: []string{}, Controls: []Control{}, Testimonials: []Testimonial{}, Ratings: []Rating{}, LogoRows: []LogoRow{},
		Prices: []Price{}, Forms: []Form{}, HeadResources: []HeadResource{},
	}
	seenID := map[string]bool{}
	for i, e := range els {
		targets := []string{e.Attrs["id"]}
		if e.Tag == "a" {
			targets = append(targets, e.Attrs["name"]) // the old way to name an in-page target
		}
		for _, id := range targets {
			if id != "" && !seenID[id] && len(s.IDs) < maxIDs {
				seenID[id] = true
				s.IDs = append(s.IDs, id)
			}
		}
		if c, ok := t.control(i); ok && len(s.Controls) < maxControls {
			s.Controls = append(s.Controls, c)
		}
		if e.Tag == "form" && len(s.Forms) < maxItems {
			s.Forms = append(s.Forms, t.form(i))
		}
		if r, ok := t.headResource(e); ok && len(s.HeadResources) < maxItems {
			s.HeadResources = append(s.HeadResources, r)
		}
	}
	s.Testimonials = t.testimonials()
	s.Ratings = t.ratings()
	s.LogoRows = t.logoRows()
	s.Prices = t.prices()
	return s
}

// classes is the element's class and id tokens, lower-cased.
func classes(e *Element) []string {
	return strings.Fields(strings.ToLower(e.Attrs["class"] + " " + e.Attrs["id"]))
}

func anyClass(e *Element, re *regexp.Regexp) bool {
	for _, c := range classes(e) {
		if re.MatchString(c) {
			return true
		}
	}
	return false
}

// selector is a short CSS selector of element i: its tag with id or a class, after the nearest
// ancestor that has an id or a class. A name that is not a plain CSS identifier (React's
// "radix-:r1:", Tailwind's "md:flex", an id with a dot) is escaped (cssEscape), so the selector
// selects the element in a browser; a plain name is preferred.
func (t *tree) selector(i int) string {
	// part is the element's compound selector and whether it names an id.
	part := func(e *Element) (string, bool) {
		// As written: an id with whitespace in or around it is not one a selector can name.
		id := e.Attrs["id"]
		if strings.ContainsAny(id, " \t\n\r\f\"'") {
			id = ""
		}
		f := strings.Fields(e.Attrs["class"])
		if id != "" && cssIdent(id) {
			return e.Tag + "#" + id, true
		}
		for _, c := range f {
			if cssIdent(c) {
				return e.Tag + "." + c, false
			}
		}
		if id != "" {
			return e.Tag + "#" + cssEscape(id), true
		}
		if len(f) > 0 {
			return e.Tag + "." + cssEscape(f[0]), false
		}
		return e.Tag, false
	}
	e := t.els[i]
	own, unique := part(e)
	if unique {
		return own
	}
	landmark := ""
	for p := e.parent; p >= 0; p = t.els[p].parent {
		pe := t.els[p]
		if pe.Attrs["id"] != "" || pe.Attrs["class"] != "" {
			anc, _ := part(pe)
			return anc + " " + own
		}
		if landmark == "" && landmarks[pe.Tag] {
			landmark = pe.Tag + " "
		}
	}
	return landmark + own
}

// descendants calls fn for every element inside i, in document order.
func (t *tree) descendants(i int, fn func(int)) {
	for _, c := range t.children[i] {
		fn(c)
		t.descendants(c, fn)
	}
}

func (t *tree) region(i int) string {
	for p := t.els[i].parent; p >= 0; p = t.els[p].parent {
		pe := t.els[p]
		switch pe.Tag {
		case "nav", "footer", "aside", "form":
			return pe.Tag
		case "header":
			// A <header> inside a section is that section's heading, not the site's header.
			if pe.parent < 0 || !sectionParent[t.els[pe.parent].Tag] {
				return "header"
			}
		}
		switch strings.ToLower(pe.Attrs["role"]) {
		case "navigation":
			return "nav"
		case "contentinfo":
			return "footer"
		case "banner":
			return "header"
		}
		for _, c := range classes(pe) {
			if m := regionClass.FindStringSubmatch(c); m != nil {
				switch m[1] {
				case "footer", "header":
					return m[1]
				case "sidebar":
					return "aside"
				default:
					return "nav"
				}
			}
		}
	}
	return "main"
}

func (t *tree) control(i int) (Control, bool) {
	e := t.els[i]
	typ := strings.ToLower(e.Attrs["type"])
	isInput := e.Tag == "input" && (typ == "submit" || typ == "button" || typ == "image")
	if e.Tag != "button" && e.Tag != "a" && !isInput {
		return Control{}, false
	}
	if e.Tag == "a" && e.Attrs["href"] == "" && e.Attrs["role"] != "button" {
		return Control{}, false
	}
	text := e.Text
	for _, k := range []string{"value", "aria-label", "title", "alt"} {
		if text == "" {
			text = strings.TrimSpace(e.Attrs[k])
		}
	}
	if text == "" {
		t.descendants(i, func(d int) {
			if text == "" && t.els[d].Tag == "img" {
				text = strings.TrimSpace(t.els[d].Attrs["alt"])
			}
		})
	}
	styled := e.Tag != "a" || strings.EqualFold(e.Attrs["role"], "button") || anyClass(e, styledClass) || utilityButton(e)
	text, _ = capUnits(text, 120)
	c := Control{Text: text, Tag: e.Tag, Href: e.Attrs["href"], Selector: t.selector(i), Offset: e.TextOffset, Region: t.region(i), Styled: styled}
	c.Box = renderedBox(e.Attrs["data-cro-box"])
	for a := i; a >= 0 && !c.Hidden; a = t.els[a].parent {
		_, c.Hidden = t.els[a].Attrs["data-cro-hidden"]
	}
	return c, true
}

// renderedBox reads data-cro-box="left,top,width,height" (set by the renderer), or nil.
func renderedBox(v string) []int {
	parts := strings.Split(v, ",")
	if len(parts) != 4 {
		return nil
	}
	box := make([]int, 4)
	for k, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil
		}
		box[k] = n
	}
	return box
}

// innermost keeps the candidates that contain no other candidate: each candidate marks its
// ancestors (stopping at one already marked, so every element is walked once).
func (t *tree) innermost(cands []int) []int {
	hasInner := map[int]bool{}
	for _, c := range cands {
		for p := t.els[c].parent; p >= 0 && !hasInner[p]; p = t.els[p].parent {
			hasInner[p] = true
		}
	}
	var out []int
	for _, c := range cands {
		if !hasInner[c] {
			out = append(out, c)
		}
	}
	return out
}

func short(s string, n int) string {
	s, _ = capUnits(strings.TrimSpace(s), n)
	return s
}

// attribution finds who a quote is by: a cite, figcaption or footer inside it, a caption of its
// figure, an author-like element right after it, or a trailing "— Name".
func (t *tree) attribution(i int) string {
	author := ""
	t.descendants(i, func(d int) {
		de := t.els[d]
		if author == "" && de.Text != "" && (de.Tag == "cite" || de.Tag == "figcaption" || de.Tag == "footer" ||
			strings.EqualFold(de.Attrs["itemprop"], "author") || anyClass(de, authorClass)) {
			author = de.Text
		}
	})
	if author != "" {
		return author
	}
	if p := t.els[i].parent; p >= 0 {
		after := false
		for _, sib := range t.children[p] {
			se := t.els[sib]
			if sib == i {
				after = true
				continue
			}
			if !after || se.Text == "" {
				continue
			}
			if se.Tag == "cite" || se.Tag == "figcaption" || anyClass(se, authorClass) {
				return se.Text
			}
			break
		}
	}
	if m := trailingName.FindStringSubmatch(t.els[i].Text); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

func (t *tree) testimonials() []Testimonial {
	var cands []int
	source := map[int]string{}
	for i, e := range t.els {
		switch {
		case strings.Contains(strings.ToLower(e.Attrs["itemtype"]), "schema.org/review"):
			source[i] = "microdata"
		case e.Tag == "blockquote" && e.Words >= 6:
			source[i] = "blockquote"
		case e.Words >= 8 && e.Tag != "section" && e.Tag != "body" && anyClass(e, quoteClass):
			source[i] = "class"
		default:
			continue
		}
		cands = append(cands, i)
	}
	// A quote without an attribution is a quotation; among attributed ones the innermost wins.
	authors := map[int]string{}
	var attributed []int
	for _, i := range cands {
		if author := t.attribution(i); author != "" {
			authors[i] = author
			attributed = append(attributed, i)
		}
	}
	out := []Testimonial{}
	for _, i := range t.innermost(attributed) {
		if len(out) < maxItems {
			out = append(out, Testimonial{Quote: short(t.els[i].Text, 160), Author: short(authors[i], 80), Selector: t.selector(i), Source: source[i]})
		}
	}
	return out
}

func parseNumber(s string) float64 {
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", "."), 64)
	if err != nil {
		return 0
	}
	return v
}

// drawnStars counts the children of element i drawn as stars by an icon font or an SVG
// (fa-star, bi-star-fill, ti-star, an svg classed star), and those not drawn empty or outlined.
func (t *tree) drawnStars(i int) (drawn, full int) {
	for _, c := range t.children[i] {
		ce := t.els[c]
		// A list item or wrapper holding one star icon and no text counts as that star.
		if ce.Words == 0 && len(t.children[c]) == 1 && !anyClass(ce, starIcon) {
			ce = t.els[t.children[c][0]]
		}
		// An icon font draws on any tag: an empty element classed as a star is one (<div class="bi-star-fill">).
		icon := ce.Tag == "i" || ce.Tag == "span" || ce.Tag == "svg" || ce.Tag == "li" || ce.Tag == "img" ||
			(ce.Words == 0 && len(t.children[c]) == 0)
		if icon && anyClass(ce, starIcon) {
			drawn++
			if !emptyStar.MatchString(ce.Attrs["class"]) {
				full++
			}
		}
	}
	return drawn, full
}

// svgStars counts the children of element i that are the same unnamed SVG drawn three to ten
// times in a star's colour (Tailwind and Flowbite draw ratings so: one path, class
// text-yellow-400). Social icons differ from each other; a divider is one icon.
func (t *tree) svgStars(i int) int {
	paths := map[string]int{}
	coloured := starColour.MatchString(t.els[i].Attrs["class"])
	for _, c := range t.children[i] {
		ce := t.els[c]
		if ce.Tag != "svg" && ce.Words == 0 && len(t.children[c]) == 1 {
			c = t.children[c][0]
			ce = t.els[c]
		}
		if ce.Tag != "svg" {
			continue
		}
		d := ""
		t.descendants(c, func(x int) {
			xe := t.els[x]
			if d == "" && xe.Tag == "path" {
				d = xe.Attrs["d"]
			}
			if xe.Tag == "title" && starColour.MatchString(xe.Text) {
				coloured = true
			}
		})
		if starColour.MatchString(ce.Attrs["class"] + " " + ce.Attrs["fill"] + " " + ce.Attrs["style"]) {
			coloured = true
		}
		if d != "" {
			paths[d]++
		}
	}
	best := 0
	for _, n := range paths {
		best = max(best, n)
	}
	if !coloured || best < 3 || best > 10 {
		return 0
	}
	return best
}

// textStars counts the stars written as characters: full ones (★, the ⭐ emoji) and the row they
// make with empty ones (☆), so "★★☆☆☆" and "⭐⭐⭐⭐" are ratings and a lone "⭐ Featured" is not.
func textStars(text string) (full, row int) {
	full = strings.Count(text, "★") + strings.Count(text, "⭐")
	return full, full + strings.Count(text, "☆")
}

// altOf is an image's alt text, which names what the image shows ("4.5 stars"); "" for other elements.
func altOf(e *Element) string {
	if e.Tag != "img" {
		return ""
	}
	return e.Attrs["alt"]
}

// ratingAttr is the score a rating widget keeps in an attribute (0 to 5), or -1 without one.
func ratingAttr(e *Element) float64 {
	for _, k := range ratingAttrs {
		if v, ok := e.Attrs[k]; ok {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 5 {
				return f
			}
		}
	}
	return -1
}

func (t *tree) ratings() []Rating {
	var cands []int
	value := map[int]float64{}
	for i, e := range t.els {
		label := e.Attrs["aria-label"] + " " + e.Attrs["title"]
		full, row := textStars(e.Text)
		drawn, drawnFull := t.drawnStars(i)
		switch {
		case strings.EqualFold(e.Attrs["itemprop"], "ratingValue"):
			v := e.Attrs["content"]
			if v == "" {
				v = e.Text
			}
			value[i] = parseNumber(strings.TrimSpace(v))
		case ratingLabel.MatchString(label) && (anyClass(e, ratingClass) || e.Attrs["role"] == "img"):
			m := ratingLabel.FindStringSubmatch(label)
			value[i] = parseNumber(m[1] + m[2])
		case e.Words <= 12 && scoreLabel.MatchString(label+" "+altOf(e)):
			m := scoreLabel.FindStringSubmatch(label + " " + altOf(e))
			value[i] = parseNumber(m[1] + m[2] + m[3])
		case ratingAttr(e) >= 0:
			value[i] = ratingAttr(e)
		case e.Words <= 12 && row >= 3:
			value[i] = float64(full)
		case e.Words <= 12 && anyClass(e, ratingClass) && ratingLabel.MatchString(e.Text):
			m := ratingLabel.FindStringSubmatch(e.Text)
			value[i] = parseNumber(m[1] + m[2])
		case e.Words <= 12 && e.Tag != "body" && drawn >= 3 && drawn <= 10:
			value[i] = float64(drawnFull)
		case e.Words <= 12 && e.Tag != "body" && t.svgStars(i) > 0:
			value[i] = float64(t.svgStars(i))
		default:
			continue
		}
		cands = append(cands, i)
	}
	out := []Rating{}
	for _, i := range t.innermost(cands) {
		if len(out) < maxItems {
			text := t.els[i].Text
			if text == "" {
				text = strings.TrimSpace(t.els[i].Attrs["aria-label"] + " " + t.els[i].Attrs["content"] + " " + altOf(t.els[i]))
			}
			out = append(out, Rating{Text: short(text, 80), Value: value[i], Selector: t.selector(i)})
		}
	}
	return out
}

// logoRows: a container of at least three images (or labelled SVGs) with little text, where
// the images, the container or its label say they are logos of customers, press or partners.
func (t *tree) logoRows() []LogoRow {
	var cands []int
	names := map[int][]string{}
	labels := map[int]string{}
	for i, e := range t.els {
		// A row of unnamed SVG logos (no text at all) counts when its label says they are logos.
		svgRow := e.Words <= 3 && t.svgs[i] >= 3
		if (t.images[i] < 2 && !svgRow) || e.Words > 40 || e.Tag == "body" || e.Tag == "html" || e.Tag == "a" || e.Tag == "svg" {
			continue
		}
		var imgs []string
		unnamed := 0
		hint := logoHint.MatchString(e.Attrs["class"] + " " + e.Attrs["id"] + " " + e.Attrs["aria-label"])
		t.descendants(i, func(d int) {
			de := t.els[d]
			var name string
			switch {
			case de.Tag == "img":
				name = de.Attrs["alt"]
				if logoHint.MatchString(de.Attrs["src"]+" "+de.Attrs["class"]) || logoLabel.MatchString(de.Attrs["alt"]) {
					hint = true
				}
			case isLogoImage(de):
				name = de.Attrs["aria-label"]
			case de.Tag == "svg" && t.els[de.parent].Tag != "svg":
				unnamed++
				return
			default:
				return
			}
			imgs = append(imgs, strings.TrimSpace(name))
		})
		if len(imgs) < 2 && !svgRow {
			continue
		}
		// The row's own words label it ("As seen in" heading its images); else the heading or
		// paragraph before it does.
		label := e.Text
		if p := e.parent; p >= 0 && e.Words <= 3 && !logoLabel.MatchString(label) {
			for _, sib := range t.children[p] {
				if sib >= i {
					break
				}
				if se := t.els[sib]; se.Text != "" && (headingTags[se.Tag] || se.Tag == "p") {
					label = se.Text
				}
			}
		}
		// Three logos need a hint that they are logos; two need the label to say so as well.
		labelled := logoLabel.MatchString(label)
		if svgRow && len(imgs) < 3 && unnamed >= 3 && labelled {
			for range unnamed {
				imgs = append(imgs, "")
			}
		}
		if !(len(imgs) >= 3 && (hint || labelled)) && !(len(imgs) == 2 && labelled) {
			continue
		}
		cands = append(cands, i)
		names[i], labels[i] = imgs, label
	}
	out := []LogoRow{}
	for _, i := range t.innermost(cands) {
		if len(out) < maxItems {
			out = append(out, LogoRow{Selector: t.selector(i), Count: len(names[i]), Label: short(labels[i], 80), Names: names[i]})
		}
	}
	return out
}

func isLogoImage(e *Element) bool {
	return e.Tag == "img" || (e.Tag == "svg" && (e.Attrs["aria-label"] != "" || e.Attrs["role"] == "img"))
}

func (t *tree) struck(i int) bool {
	for p := i; p >= 0; p = t.els[p].parent {
		e := t.els[p]
		if e.Tag == "del" || e.Tag == "s" || e.Tag == "strike" || strings.Contains(strings.ReplaceAll(e.Attrs["style"], " ", ""), "line-through") {
			return true
		}
		if anyClass(e, struckClass) && e.Words <= 12 {
			return true
		}
	}
	return false
}

func amountOf(token string) float64 {
	digits := strings.TrimFunc(token, func(r rune) bool { return (r < '0' || r > '9') && r != '.' && r != ',' })
	digits = strings.TrimLeft(digits, ".,") // "Rs. 499"
	digits = strings.TrimSpace(digits)
	// 1,299.00 and 1.299,00 and 49,90: the last separator followed by two digits is the decimal one.
	if n := len(digits); n >= 3 && (digits[n-3] == '.' || digits[n-3] == ',') {
		whole := strings.NewReplacer(".", "", ",", "").Replace(digits[:n-3])
		return parseNumber(whole + "." + digits[n-2:])
	}
	return parseNumber(strings.NewReplacer(".", "", ",", "").Replace(digits))
}

// priceTokens finds the prices in text. A currency sign after the amount ("39.00 $") counts only
// when no amount follows it: in "Size 10 $129.00" the sign belongs to 129.00.
func priceTokens(text string) []string {
	var out []string
	for _, m := range priceToken.FindAllStringIndex(text, -1) {
		tok := text[m[0]:m[1]]
		if last, _ := utf8.DecodeLastRuneInString(tok); strings.ContainsRune("$£₹", last) {
			if rest := strings.TrimLeft(text[m[1]:], " "); rest != "" && rest[0] >= '0' && rest[0] <= '9' {
				continue
			}
		}
		out = append(out, tok)
	}
	return out
}

// prices: each price token belongs to the innermost element whose text holds it.
func (t *tree) prices() []Price {
	out := []Price{}
	for i, e := range t.els {
		if e.Tag == "script" || e.Tag == "style" || e.Tag == "option" {
			continue
		}
		tokens := priceTokens(e.Text)
		if len(tokens) == 0 {
			continue
		}
		inChildren := map[string]int{}
		for _, c := range t.children[i] {
			for _, tok := range priceTokens(t.els[c].Text) {
				inChildren[tok]++
			}
		}
		for _, tok := range tokens {
			if inChildren[tok] > 0 {
				inChildren[tok]--
				continue
			}
			if len(out) < maxItems {
				out = append(out, Price{Text: strings.TrimSpace(tok), Amount: amountOf(tok), Struck: t.struck(i), Selector: t.selector(i)})
			}
		}
	}
	return out
}

func (t *tree) form(i int) Form {
	labelFor := t.labelFor
	e := t.els[i]
	f := Form{Selector: t.selector(i), Action: e.Attrs["action"], Fields: []Field{}, Submits: []string{}}
	search := strings.EqualFold(e.Attrs["role"], "search") || strings.Contains(strings.ToLower(e.Attrs["action"]), "search")
	t.descendants(i, func(d int) {
		de := t.els[d]
		typ := strings.ToLower(de.Attrs["type"])
		if de.Tag == "a" && privacyWord.MatchString(de.Attrs["href"]+" "+de.Text) {
			f.PrivacyLink = true
		}
		if (de.Tag == "button" && typ != "button" && typ != "reset") || (de.Tag == "input" && (typ == "submit" || typ == "image")) {
			text := de.Text
			if text == "" {
				text = strings.TrimSpace(de.Attrs["value"] + de.Attrs["aria-label"])
			}
			f.Submits = append(f.Submits, text)
			return
		}
		if de.Tag != "input" && de.Tag != "select" && de.Tag != "textarea" || hiddenTypes[typ] {
			return
		}
		if de.Tag != "input" {
			typ = de.Tag
		} else if typ == "" {
			typ = "text"
		}
		label := ""
		if id := de.Attrs["id"]; id != "" {
			label = labelFor[id]
		}
		for p := de.parent; label == "" && p >= 0 && p != i; p = t.els[p].parent {
			if t.els[p].Tag == "label" {
				label = t.els[p].Text
			}
		}
		if label == "" {
			label = strings.TrimSpace(de.Attrs["aria-label"])
		}
		_, required := de.Attrs["required"]
		required = required || strings.EqualFold(de.Attrs["aria-required"], "true") || strings.HasSuffix(strings.TrimSpace(label), "*")
		f.Fields = append(f.Fields, Field{
			Tag: de.Tag, Type: typ, Name: de.Attrs["name"], Label: short(label, 80), Placeholder: short(de.Attrs["placeholder"], 80),
			Required: required, Autocomplete: de.Attrs["autocomplete"],
		})
	})
	if len(f.Fields) == 1 && (f.Fields[0].Type == "search" || searchName.MatchString(f.Fields[0].Name)) {
		search = true
	}
	f.Search = search
	// A privacy note often sits right under the form, in the same container.
	if p := e.parent; !f.PrivacyLink && p >= 0 {
		t.descendants(p, func(d int) {
			if de := t.els[d]; de.Tag == "a" && privacyWord.MatchString(de.Attrs["href"]+" "+de.Text) {
				f.PrivacyLink = true
			}
		})
	}
	return f
}

func siteOf(host string) string {
	if d, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return d
	}
	return host
}

func (t *tree) headResource(e *Element) (HeadResource, bool) {
	inHead := false
	for _, a := range e.Ancestors {
		inHead = inHead || a == "head"
	}
	if !inHead {
		return HeadResource{}, false
	}
	rel := " " + strings.ToLower(e.Attrs["rel"]) + " "
	var r HeadResource
	var ref string
	switch {
	case e.Tag == "script" && e.Attrs["src"] != "":
		ref = e.Attrs["src"]
		_, async := e.Attrs["async"]
		_, deferred := e.Attrs["defer"]
		r = HeadResource{Kind: "script", Blocking: !async && !deferred && !strings.EqualFold(e.Attrs["type"], "module")}
	case e.Tag == "link" && strings.Contains(rel, " stylesheet ") && !strings.Contains(rel, " alternate ") && e.Attrs["href"] != "":
		ref = e.Attrs["href"]
		media := strings.ToLower(strings.TrimSpace(e.Attrs["media"]))
		_, disabled := e.Attrs["disabled"]
		r = HeadResource{Kind: "stylesheet", Blocking: !disabled && media != "print" && e.Attrs["onload"] == ""}
	case e.Tag == "link" && strings.Contains(rel, " preload ") && strings.EqualFold(e.Attrs["as"], "font"):
		ref = e.Attrs["href"]
		r = HeadResource{Kind: "font"}
	default:
		return HeadResource{}, false
	}
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return HeadResource{}, false
	}
	if t.base != nil {
		u = t.base.ResolveReference(u)
	}
	r.URL, r.Host = u.String(), strings.ToLower(u.Hostname())
	if r.Kind == "stylesheet" && fontHost.MatchString(r.Host) {
		r.Kind = "font"
	}
	if t.base != nil && r.Host != "" {
		r.ThirdParty = siteOf(r.Host) != siteOf(strings.ToLower(t.base.Hostname()))
	}
	return r, true
}

// utilityButton: a link drawn as a button with utility classes (Tailwind's "rounded-lg bg-cyan-600
// px-4 py-2"): a filled background, padding and rounded corners. A text link's hover colour or
// a card's background alone does not make one.
func utilityButton(e *Element) bool {
	var fill, pad, round bool
	for _, c := range classes(e) {
		switch {
		case strings.HasPrefix(c, "bg-") && !bgNotFill.MatchString(c):
			fill = true
		case paddingClass.MatchString(c):
			pad = true
		case c == "rounded" || strings.HasPrefix(c, "rounded-"):
			round = true
		}
	}
	return fill && pad && round
}

var (
	// Background utilities that are not a fill: image placement, clipping, transparency.
	bgNotFill    = regexp.MustCompile(`^bg-(transparent|none|inherit|current|cover|contain|auto|center|top|bottom|left|right|fixed|local|scroll|repeat|no-repeat|repeat-x|repeat-y|clip-.*|origin-.*|blend-.*|opacity-.*|\[url.*)$`)
	paddingClass = regexp.MustCompile(`^p[xy]?-(\d|\[)`)
)
