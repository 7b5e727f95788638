package edge

import (
	"bytes"
	"context"
	"html"
	"io"
	"strings"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// appliedAttr marks each element the edge changed with the ids of the sets applied to it. The
// tracker (src/tracker/engine.ts) takes a set listed there as applied: it reports its exposure
// and watches it, but does not apply it again; and the hide stylesheets spare marked elements
// (`:not([data-cro-on])`), so they are painted at once.
const appliedAttr = "data-cro-on"

// maxHeld bounds how much of an element whose text is replaced is held until its end tag: a
// longer element is passed on unchanged (the tracker changes it).
const maxHeld = 64 << 10

// Apply streams the page through the change sets, token by token (golang.org/x/net/html's
// tokenizer; every token the sets leave alone is copied byte for byte). Each start tag is matched
// against the sets' selectors with what is known at that point: its ancestors and earlier
// siblings (compileSelector refuses selectors that need more). A matched element gets its
// attribute, style and hide changes in its start tag; a set_text element is held until its end
// tag and then written with its new text, so it is changed only when complete, as in the
// tracker. Output is flushed whenever the tokenizer needs more input, so the page stays streamed.
// ctx ends the copy when the visitor has gone.
func Apply(ctx context.Context, src io.Reader, sets []*changeSet) io.Reader {
	if len(sets) == 0 {
		return src
	}
	pr, pw := io.Pipe()
	stop := context.AfterFunc(ctx, func() { pr.CloseWithError(ctx.Err()) })
	a := &applier{sets: sets, pw: pw, root: &xhtml.Node{Type: xhtml.DocumentNode}}
	a.open = []*xhtml.Node{a.root}
	go func() {
		defer stop()
		pw.CloseWithError(a.run(&flushingReader{src: src, a: a}))
	}()
	return pr
}

type applier struct {
	sets []*changeSet
	pw   *io.PipeWriter
	out  bytes.Buffer
	err  error
	root *xhtml.Node
	open []*xhtml.Node // the open elements, root first
	// The element being held (its text is replaced once its end tag arrives).
	held     *xhtml.Node
	heldTag  []byte // its start tag as the edge rewrote it
	heldOrig []byte // its start tag as the origin sent it
	heldText string
	heldBody bytes.Buffer
	nodes    []xhtml.Node // a slab the elements are taken from: one allocation per nodeSlab elements
}

const nodeSlab = 128

// newNode takes an element from the slab. A slab stays alive while any of its elements is in the
// tree, which lasts at most as long as the page.
func (a *applier) newNode() *xhtml.Node {
	if len(a.nodes) == 0 {
		a.nodes = make([]xhtml.Node, nodeSlab)
	}
	n := &a.nodes[0]
	a.nodes = a.nodes[1:]
	return n
}

// flushingReader hands what the applier has written to the visitor before the tokenizer waits
// for more of the origin's page.
type flushingReader struct {
	src io.Reader
	a   *applier
}

func (f *flushingReader) Read(p []byte) (int, error) {
	if err := f.a.flush(); err != nil {
		return 0, err
	}
	return f.src.Read(p)
}

func (a *applier) flush() error {
	if a.err == nil && a.out.Len() > 0 {
		_, a.err = a.pw.Write(a.out.Bytes())
		a.out.Reset()
	}
	return a.err
}

func (a *applier) write(b []byte) {
	if a.held != nil {
		a.heldBody.Write(b)
		if a.heldBody.Len() > maxHeld {
			a.release(false)
		}
		return
	}
	a.out.Write(b)
}

func (a *applier) run(src io.Reader) error {
	z := xhtml.NewTokenizer(src)
	var raw, name []byte
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			if a.held != nil {
				a.release(false) // the page ended inside it: as the origin sent it
			}
			if err := a.flush(); err != nil {
				return err
			}
			if z.Err() == io.EOF {
				return nil
			}
			return z.Err()
		}
		raw = append(raw[:0], z.Raw()...) // TagAttr unescapes in place
		switch tt {
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			a.startTag(startToken(z, tt, raw, &name), raw, tt == xhtml.SelfClosingTagToken)
		case xhtml.EndTagToken:
			t, data := tagName(z, raw, &name)
			a.endTag(t, data, raw)
		default:
			a.write(raw)
		}
	}
}

// voids never have content or an end tag.
var voids = map[atom.Atom]bool{atom.Area: true, atom.Base: true, atom.Br: true, atom.Col: true, atom.Embed: true, atom.Hr: true,
	atom.Img: true, atom.Input: true, atom.Link: true, atom.Meta: true, atom.Source: true, atom.Track: true, atom.Wbr: true,
	atom.Param: true, atom.Keygen: true}

// closesP are the start tags that end an open <p> (HTML's "close a p element").
var closesP = map[atom.Atom]bool{atom.Address: true, atom.Article: true, atom.Aside: true, atom.Blockquote: true, atom.Details: true,
	atom.Div: true, atom.Dl: true, atom.Fieldset: true, atom.Figcaption: true, atom.Figure: true, atom.Footer: true, atom.Form: true,
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true, atom.Header: true, atom.Hr: true,
	atom.Main: true, atom.Nav: true, atom.Ol: true, atom.P: true, atom.Pre: true, atom.Section: true, atom.Table: true, atom.Ul: true}

// impliedEnd closes what a start tag ends without an end tag: <p> before a block, <li> before
// <li>, a cell or row before the next, <option> before <option>, <dt>/<dd> before either.
func (a *applier) impliedEnd(t atom.Atom) {
	for {
		top := a.top().DataAtom
		switch {
		case top == atom.P && closesP[t],
			top == atom.Li && t == atom.Li,
			(top == atom.Dt || top == atom.Dd) && (t == atom.Dt || t == atom.Dd),
			(top == atom.Td || top == atom.Th) && (t == atom.Td || t == atom.Th || t == atom.Tr),
			top == atom.Tr && t == atom.Tr,
			(top == atom.Option) && (t == atom.Option || t == atom.Optgroup):
			a.pop()
		default:
			return
		}
	}
}

func (a *applier) top() *xhtml.Node { return a.open[len(a.open)-1] }

// pop closes the top element. Its children are dropped (no streamable selector looks into an
// earlier sibling's content); it stays as its parent's child for sibling selectors.
func (a *applier) pop() {
	n := a.top()
	a.open = a.open[:len(a.open)-1]
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		c.Parent, c.PrevSibling, c.NextSibling = nil, nil, nil
		c = next
	}
	n.FirstChild, n.LastChild = nil, nil
	if n == a.held {
		a.release(false) // ended by another tag, not its own end tag: passed on unchanged
	}
}

func (a *applier) foreign() bool {
	for _, n := range a.open {
		if n.DataAtom == atom.Svg || n.DataAtom == atom.Math {
			return true
		}
	}
	return false
}

func (a *applier) startTag(t xhtml.Token, raw []byte, selfClosing bool) {
	a.impliedEnd(t.DataAtom)
	n := a.newNode()
	n.Type, n.Data, n.DataAtom, n.Attr = xhtml.ElementNode, t.Data, t.DataAtom, t.Attr
	a.top().AppendChild(n)
	leaf := voids[t.DataAtom] || (selfClosing && a.foreign())
	if !leaf {
		a.open = append(a.open, n)
	}
	if a.held != nil {
		a.write(raw) // inside an element whose content is replaced
		return
	}
	var matched []*changeSet
	done := " " + attr(n, appliedAttr) + " "
	for _, s := range a.sets {
		if !strings.Contains(done, " "+s.id+" ") && s.sel.Match(n) && s.allowedOn(n.Data, a.foreign()) {
			matched = append(matched, s)
		}
	}
	if len(matched) == 0 {
		a.write(raw)
		return
	}
	var text *string
	var ids []string
	for _, s := range matched {
		ids = append(ids, s.id)
		for _, c := range s.changes {
			switch c.Type {
			case "set_attribute":
				setAttr(n, c.Name, c.Value)
			case "set_style":
				addStyle(n, c.Name+": "+c.Value)
			case "hide":
				addStyle(n, "display: none !important")
			}
		}
		if s.text != nil && !leaf {
			text = s.text
		}
	}
	if old := attr(n, appliedAttr); old != "" {
		ids = append([]string{old}, ids...)
	}
	setAttr(n, appliedAttr, strings.Join(ids, " "))
	tag := []byte(xhtml.Token{Type: t.Type, Data: t.Data, Attr: n.Attr}.String())
	if text == nil {
		a.write(tag)
		return
	}
	a.held, a.heldTag, a.heldOrig, a.heldText = n, tag, append([]byte(nil), raw...), *text
	a.heldBody.Reset()
}

func (a *applier) endTag(t atom.Atom, name string, raw []byte) {
	for i := len(a.open) - 1; i > 0; i-- {
		n := a.open[i]
		if n.DataAtom != t || n.Data != name {
			continue
		}
		for len(a.open)-1 > i {
			a.pop()
		}
		if n == a.held {
			a.open = a.open[:i]
			a.release(true)
			a.write(raw)
			n.FirstChild, n.LastChild = nil, nil
			return
		}
		a.pop()
		break
	}
	a.write(raw)
}

// allowedOn says whether every change of the set may land on this element (policy.go): a set
// refused there leaves the element as the origin sent it, and the tracker, which checks the same
// element, refuses it too and reports it.
func (s *changeSet) allowedOn(tag string, foreign bool) bool {
	for _, c := range s.changes {
		if targetProblem(tag, foreign, c) != "" {
			return false
		}
	}
	return true
}

// release ends the hold: complete writes the element with its new text, otherwise it goes out
// as the origin sent it.
func (a *applier) release(complete bool) {
	a.held = nil
	if complete {
		a.out.Write(a.heldTag)
		a.out.WriteString(html.EscapeString(a.heldText))
	} else {
		a.out.Write(a.heldOrig)
		a.out.Write(a.heldBody.Bytes())
	}
	a.heldBody.Reset()
}

func attr(n *xhtml.Node, name string) string {
	for _, x := range n.Attr {
		if x.Namespace == "" && x.Key == name {
			return x.Val
		}
	}
	return ""
}

func setAttr(n *xhtml.Node, name, val string) {
	name = strings.ToLower(name)
	for i, x := range n.Attr {
		if x.Namespace == "" && x.Key == name {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, xhtml.Attribute{Key: name, Val: val})
}

// addStyle appends a declaration to the inline style: the later declaration wins, as the
// tracker's style.setProperty does.
func addStyle(n *xhtml.Node, decl string) {
	old := strings.TrimRight(strings.TrimSpace(attr(n, "style")), ";")
	if old != "" {
		decl = old + "; " + decl
	}
	setAttr(n, "style", decl)
}
