package htmlpage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func elementText(page *Page, tag, class string) string {
	for _, el := range page.Elements {
		if el.Tag == tag && el.Attrs["class"] == class {
			return el.Text
		}
	}
	return "<none>"
}

// TestNeighboursStayApart: a block that opens right after text, and a link after text, start a new
// word in the page's text and in the text of the elements around them (a product card read as
// "$49.00Rated 4.5" hid both the price and the rating from the checks).
func TestNeighboursStayApart(t *testing.T) {
	page := Parse([]byte(`<div class="card"><span>$49.00</span><div class="rating">Rated 4.5</div>`+
		`<a href="/p">Details</a><a href="/cart" class="button">Add to cart</a></div>`+
		`<nav class="menu"><a href="/">Home</a><a href="/about">About</a></nav>`), "https://x.example/")
	if want := "$49.00 Rated 4.5 Details Add to cart Home About"; page.Text != want {
		t.Errorf("page text %q, want %q", page.Text, want)
	}
	if got := elementText(page, "div", "card"); got != "$49.00 Rated 4.5 Details Add to cart" {
		t.Errorf("card text %q", got)
	}
	if got := elementText(page, "nav", "menu"); got != "Home About" {
		t.Errorf("menu text %q", got)
	}
}

// TestInlineTextStaysWhole: inline markup inside a word or a sentence adds no space: a styled
// letter, a link's end before the full stop, emphasis.
func TestInlineTextStaysWhole(t *testing.T) {
	page := Parse([]byte(`<p class="x"><b>W</b>elcome. See our <a href="/pricing">prices</a>. It is <em>fast</em>!</p>`), "https://x.example/")
	if want := "Welcome. See our prices. It is fast!"; page.Text != want || elementText(page, "p", "x") != want {
		t.Errorf("page text %q, paragraph %q, want %q", page.Text, elementText(page, "p", "x"), want)
	}
}

// TestElementTextIsInPageText: on every scan fixture, each element's text (as far as it is kept)
// is found in the page's text as it is, so what a check quotes from an element is on the page.
func TestElementTextIsInPageText(t *testing.T) {
	fixtures, _ := filepath.Glob(filepath.Join(fixtureDir, "*.html"))
	quality, _ := filepath.Glob(filepath.Join(fixtureDir, "quality", "*.html"))
	for _, f := range append(fixtures, quality...) {
		doc, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		page := Parse(doc, "https://fixture.example/")
		for _, el := range page.Elements {
			text := el.Text
			if el.textUnits >= textCap || el.Tag == "title" || text == "" {
				continue // capped, or not part of the visible text
			}
			if !strings.Contains(page.Text, text) {
				t.Errorf("%s: <%s> text %q is not in the page text", filepath.Base(f), el.Tag, text)
				break
			}
		}
	}
}
