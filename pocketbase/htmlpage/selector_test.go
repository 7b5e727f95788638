package htmlpage

import "testing"

// The selector of a form names its id or a class as valid CSS: a plain identifier as written, any
// other name escaped as CSS.escape does, so the selector selects the form in a browser.
func TestSelectorNames(t *testing.T) {
	cases := []struct{ form, want string }{
		{`<form id="signup">`, "form#signup"},
		{`<form id="hero.main">`, `form#hero\.main`},
		{`<form id="radix-:r1:">`, `form#radix-\:r1\:`},
		{`<form id="w-1/2">`, `form#w-1\/2`},
		{`<form id="[x]">`, `form#\[x\]`},
		{`<form id="1st">`, `form#\31 st`},
		{`<form id="-2">`, `form#-\32 `},
		{`<form id="-">`, `form#\-`},
		{`<form id="kontakt-ü">`, "form#kontakt-ü"},
		{`<form id="联系">`, "form#联系"},
		// A plain class before an escaped id; the first plain class before an escaped one.
		{`<form id="radix-:r1:" class="signup">`, "form.signup"},
		{`<form class="md:flex w-1/2 [&>p]:mt-2 card">`, "form.card"},
		{`<form class="md:flex w-1/2">`, `form.md\:flex`},
		{`<form class="2col">`, `form.\32 col`},
		{`<form class="größe">`, "form.größe"},
		// An id with whitespace in it is not one a selector can name.
		{`<form id=" signup" class="x">`, "form.x"},
		{`<form>`, "form"},
	}
	for _, c := range cases {
		s := Parse([]byte(`<html><body>`+c.form+`<input name="e"></form></body></html>`), "https://a.example/").Structure
		if len(s.Forms) != 1 || s.Forms[0].Selector != c.want {
			t.Errorf("%s: forms %+v, want selector %q", c.form, s.Forms, c.want)
		}
	}
}

// An element without an id of its own is named after its nearest ancestor with an id or class,
// escaped the same way; one whose own id is named stands alone.
func TestSelectorAncestor(t *testing.T) {
	doc := `<html><body><div id="hero.main"><form class="md:flex"><input name="e"></form></div>` +
		`<div class="wrap"><form id="radix-:r2:"><input name="f"></form></div></body></html>`
	s := Parse([]byte(doc), "https://a.example/").Structure
	if len(s.Forms) != 2 || s.Forms[0].Selector != `div#hero\.main form.md\:flex` || s.Forms[1].Selector != `form#radix-\:r2\:` {
		t.Errorf("forms %+v", s.Forms)
	}
}
