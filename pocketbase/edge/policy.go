package edge

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The change policy by element and attribute: the Go twin of src/lib/contracts/change-sanitizer.ts
// (targetProblem, attributeProblem, urlProblem, cssProblem), pinned case by case by
// tests/fixtures/contracts/change-targets.json. The stored changes passed it when they were saved,
// but a rule saved before it (or a selector such as `#__NEXT_DATA__`, whose element only the page
// knows) reaches the edge too, so each element a change lands on is checked here again.
var (
	// sealed elements no change may land on: they run, load or hold code or the page's metadata.
	sealed = regexp.MustCompile(`^(script|style|link|meta|base|i?frame|object|embed|template|noscript|svg|math)$`)
	// urlElements are the only elements whose URL attributes a change may set.
	urlElements   = regexp.MustCompile(`^(a|img|source|video|audio|track)$`)
	urlAttributes = regexp.MustCompile(`^(href|src|srcset|poster|cite)$`)
	safeSchemes   = regexp.MustCompile(`(?i)^(https?|mailto|tel)$`)
	ariaOrData    = regexp.MustCompile(`^(aria|data)-[a-z0-9_.-]+$`)
	// urlIgnored are the characters browsers drop from a URL before reading its scheme.
	urlIgnored = regexp.MustCompile("[\x00- \u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]")
	cssComment = regexp.MustCompile(`/\*[\s\S]*?(\*/|$)`)
	cssHex     = regexp.MustCompile(`(?i)\\([0-9a-f]{1,6})\s?`)
	cssEscape  = regexp.MustCompile(`\\([\s\S])`)
	cssLoads   = regexp.MustCompile(`(?i)url\s*\(|@import|image-set|image\s*\(|expression\s*\(|-moz-binding|behavior\s*:|javascript:|src\s*\(`)
	cssInputs  = regexp.MustCompile(`(?i)\[\s*value|(input|textarea|select|option)[^{},]*\[`)
)

// attributes a change may set besides aria-* and data-* (ATTRIBUTES in change-sanitizer.ts).
var attributes = map[string]bool{}

func init() {
	for _, a := range strings.Fields(`alt autocomplete class colspan controls datetime dir for height hidden href id inputmode lang
		loading loop muted open placeholder playsinline poster rel reversed role rowspan sizes span src srcset start style target
		title type width cite`) {
		attributes[a] = true
	}
}

// changesElement are the change types that change the element itself (insertions go beside it).
var changesElement = regexp.MustCompile(`^(set_|hide)`)

// targetProblem says why a change may not land on an element with this tag (lower case; foreign:
// in SVG or MathML), or "".
func targetProblem(tag string, foreign bool, c change) string {
	if !changesElement.MatchString(c.Type) {
		return ""
	}
	if foreign || sealed.MatchString(tag) {
		return fmt.Sprintf("no change may touch a <%s> element", tag)
	}
	if c.Type == "set_attribute" {
		return attributeProblem(c.Name, c.Value, tag)
	}
	return ""
}

// attributeProblem says why an attribute may not be set (on an element of this tag, when tag is
// not ""), or "".
func attributeProblem(name, value, tag string) string {
	n := strings.ToLower(name)
	if (!attributes[n] && !ariaOrData.MatchString(n)) ||
		(tag != "" && (urlAttributes.MatchString(n) && !urlElements.MatchString(tag) || !urlAttributes.MatchString(n) && n == "type" && (tag == "script" || tag == "input"))) {
		if tag != "" {
			return fmt.Sprintf("the %s attribute is not allowed on <%s>", name, tag)
		}
		return fmt.Sprintf("the %s attribute is not allowed", name)
	}
	switch {
	case n == "style":
		return cssProblem(value)
	case n == "srcset":
		for _, c := range strings.Split(value, ",") {
			if p := urlProblem(firstField(c)); p != "" {
				return p
			}
		}
		return ""
	case urlAttributes.MatchString(n):
		return urlProblem(value)
	}
	return ""
}

func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// urlProblem says why a URL (as set, not HTML source) may not be used, or "".
func urlProblem(value string) string {
	url := urlIgnored.ReplaceAllString(value, "")
	head := url
	if i := strings.IndexAny(url, "/?#"); i >= 0 {
		head = url[:i]
	}
	colon := strings.IndexByte(head, ':')
	if colon >= 0 && !safeSchemes.MatchString(head[:colon]) {
		return fmt.Sprintf("the %s: scheme is not allowed", strings.ToLower(head[:colon]))
	}
	if colon < 0 && strings.Contains(head, "&") {
		return "an encoded URL scheme is not allowed"
	}
	return ""
}

// cssProblem says why CSS may not be used (it loads from outside, or selects inputs by their
// attributes), or "".
func cssProblem(css string) string {
	plain := cssComment.ReplaceAllString(css, "")
	plain = cssHex.ReplaceAllStringFunc(plain, func(m string) string {
		h := cssHex.FindStringSubmatch(m)[1]
		r, err := strconv.ParseUint(h, 16, 32)
		if err != nil || r == 0 || r > 0x10ffff {
			r = 0xfffd
		}
		return string(rune(r))
	})
	plain = cssEscape.ReplaceAllString(plain, "$1")
	if m := cssLoads.FindString(plain); m != "" {
		return fmt.Sprintf("CSS may not load outside resources (%s)", strings.Join(strings.Fields(m), ""))
	}
	if cssInputs.MatchString(plain) {
		return "CSS may not select inputs by their attributes"
	}
	return ""
}
