package heatmaps

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// droppedElements never reach the rendering: scripts and what only scripts or other documents
// would fill, and the page's own base (ours replaces it). noscript goes too: the visitor's browser
// ran scripts, so its content was never shown to them.
var droppedElements = map[atom.Atom]bool{
	atom.Script: true, atom.Noscript: true, atom.Base: true, atom.Iframe: true, atom.Frame: true, atom.Frameset: true,
	atom.Object: true, atom.Embed: true, atom.Applet: true, atom.Template: true,
}

// urlAttributes may carry a javascript: URL.
var urlAttributes = map[string]bool{"href": true, "src": true, "action": true, "formaction": true, "xlink:href": true, "poster": true, "data": true}

// Sanitize returns the page without scripts, event handlers, javascript: URLs, frames, refreshes or
// its own base, and with <base href=baseURL> first in its head, so that the page's relative
// stylesheets and images load from its site. The rendering is shown in a sandbox without scripts
// as well; this keeps it inert wherever it is opened.
func Sanitize(page, baseURL string) (string, error) {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return "", err
	}
	clean(doc)
	head := find(doc, atom.Head)
	if head != nil {
		base := &html.Node{Type: html.ElementNode, Data: "base", DataAtom: atom.Base, Attr: []html.Attribute{{Key: "href", Val: baseURL}}}
		head.InsertBefore(base, head.FirstChild)
	}
	var out bytes.Buffer
	if err := html.Render(&out, doc); err != nil {
		return "", err
	}
	return out.String(), nil
}

func clean(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode && (droppedElements[c.DataAtom] || refresh(c)) {
			n.RemoveChild(c)
		} else {
			if c.Type == html.ElementNode {
				c.Attr = safeAttributes(c.Attr)
			}
			clean(c)
		}
		c = next
	}
}

func safeAttributes(attrs []html.Attribute) []html.Attribute {
	kept := attrs[:0]
	for _, a := range attrs {
		key := strings.ToLower(a.Key)
		if strings.HasPrefix(key, "on") || key == "srcdoc" {
			continue
		}
		if urlAttributes[key] && scriptURL(a.Val) {
			continue
		}
		kept = append(kept, a)
	}
	return kept
}

// scriptURL reports a javascript: or vbscript: URL, however it is spaced or cased.
func scriptURL(v string) bool {
	v = strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, strings.ToLower(v))
	return strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "vbscript:")
}

func refresh(n *html.Node) bool {
	if n.DataAtom != atom.Meta {
		return false
	}
	for _, a := range n.Attr {
		if strings.EqualFold(a.Key, "http-equiv") && strings.EqualFold(strings.TrimSpace(a.Val), "refresh") {
			return true
		}
	}
	return false
}

func find(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, a); f != nil {
			return f
		}
	}
	return nil
}
