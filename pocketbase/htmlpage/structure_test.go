package htmlpage

import (
	"strings"
	"testing"
)

const structureDoc = `<!doctype html><html><head>
<link rel="stylesheet" href="/site.css">
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">
<link rel="stylesheet" href="https://cdn.shop.example/late.css" media="print" onload="this.media='all'">
<script src="https://static.shop.example/app.js"></script>
<script src="https://www.googletagmanager.com/gtm.js" async></script>
</head><body>
<nav class="navbar"><a href="/pricing">Pricing</a><a class="btn btn-primary" href="/signup">Start free</a></nav>
<header class="hero"><h1>Lamps</h1><a class="button" href="#shop">Shop lamps</a></header>
<section id="shop">
 <div class="price"><s class="price--compare">$120.00</s> <span>$89.00</span></div>
 <p>Team plan $1,299.00 per year or 49,90 € per month</p>
 <blockquote>We love this lamp, it lights the whole reading corner beautifully.<cite>Ana R.</cite></blockquote>
 <blockquote>A quotation from a book without anyone named after it, just words.</blockquote>
 <div class="rating" role="img" aria-label="4.6 out of 5 stars"></div>
 <div class="clients"><img src="/l/a.svg" alt="Acme"><img src="/l/b.svg" alt="Globex"><img src="/l/c.svg" alt="Initech"></div>
 <div class="gallery"><img src="/p/1.jpg" alt="Front"><img src="/p/2.jpg" alt="Back"><img src="/p/3.jpg" alt="Side"></div>
</section>
<form action="/lead"><label for="e">Email *</label><input id="e" type="email" name="email">
 <label>Phone <input type="tel" name="phone" required></label><input type="hidden" name="src" value="x">
 <input type="checkbox" name="ok" aria-label="I agree"><button>Send</button></form>
<form role="search"><input type="search" name="q"></form>
<footer><a href="#!">here</a></footer>
</body></html>`

func TestStructure(t *testing.T) {
	s := Parse([]byte(structureDoc), "https://www.shop.example/lamps").Structure

	var found []string
	for _, c := range s.Controls {
		found = append(found, c.Text+"|"+c.Region+"|"+map[bool]string{true: "styled", false: "plain"}[c.Styled])
	}
	want := []string{"Pricing|nav|plain", "Start free|nav|styled", "Shop lamps|header|styled", "Send|form|styled", "here|footer|plain"}
	if len(found) != len(want) {
		t.Fatalf("controls %v, want %v", found, want)
	}
	for i := range want {
		if found[i] != want[i] {
			t.Errorf("control %d: %s, want %s", i, found[i], want[i])
		}
	}

	if len(s.Testimonials) != 1 || s.Testimonials[0].Author != "Ana R." || s.Testimonials[0].Selector != "section#shop blockquote" {
		t.Errorf("testimonials %+v: only the attributed quote counts", s.Testimonials)
	}
	if len(s.Ratings) != 1 || s.Ratings[0].Value != 4.6 {
		t.Errorf("ratings %+v", s.Ratings)
	}
	if len(s.LogoRows) != 1 || s.LogoRows[0].Count != 3 || s.LogoRows[0].Selector != "section#shop div.clients" {
		t.Errorf("logo rows %+v: the client logos, not the product gallery", s.LogoRows)
	}

	prices := map[string]Price{}
	for _, p := range s.Prices {
		prices[p.Text] = p
	}
	if !prices["$120.00"].Struck || prices["$89.00"].Struck || prices["$89.00"].Amount != 89 {
		t.Errorf("struck prices: %+v", s.Prices)
	}
	if prices["$1,299.00"].Amount != 1299 || prices["49,90 €"].Amount != 49.9 {
		t.Errorf("amounts: %+v", s.Prices)
	}

	if len(s.Forms) != 2 || s.Forms[1].Search != true || s.Forms[0].Search {
		t.Fatalf("forms %+v", s.Forms)
	}
	lead := s.Forms[0]
	if len(lead.Fields) != 3 || lead.PrivacyLink {
		t.Fatalf("lead form fields %+v (hidden inputs are not fields)", lead.Fields)
	}
	email, phone := lead.Fields[0], lead.Fields[1]
	if email.Label != "Email *" || !email.Required || phone.Label != "Phone" || !phone.Required || phone.Type != "tel" {
		t.Errorf("fields %+v", lead.Fields)
	}

	kinds := map[string]HeadResource{}
	for _, r := range s.HeadResources {
		kinds[r.Host+" "+r.Kind] = r
	}
	cases := []struct {
		key                  string
		blocking, thirdParty bool
	}{
		{"www.shop.example stylesheet", true, false},
		{"fonts.googleapis.com font", true, true},
		{"cdn.shop.example stylesheet", false, false},
		{"static.shop.example script", true, false},
		{"www.googletagmanager.com script", false, true},
	}
	for _, c := range cases {
		r, ok := kinds[c.key]
		if !ok || r.Blocking != c.blocking || r.ThirdParty != c.thirdParty {
			t.Errorf("%s: %+v (present %v), want blocking %v third party %v", c.key, r, ok, c.blocking, c.thirdParty)
		}
	}
	if len(s.IDs) != 2 || s.IDs[0] != "shop" {
		t.Errorf("ids %v", s.IDs)
	}
}

// Stars drawn by an icon font or SVG, with no number or ★ in the text, are a rating; a row of
// decorative icons that are not stars, or a single star divider, is not.
func TestDrawnStarRatings(t *testing.T) {
	doc := `<html><body>
<div class="card"><h4>Macbook Air</h4><ul class="product-ratings"><li><i class="fa fa-star"></i></li></ul>
 <div class="stars"><i class="fa fa-star"></i><i class="fa fa-star"></i><i class="fa fa-star"></i><i class="fa fa-star"></i><i class="fa fa-star-o"></i></div></div>
<p class="score"><svg class="icon star"></svg><svg class="icon star"></svg><svg class="icon star"></svg></p>
<ul class="list-inline"><li><i class="fa fa-star"></i></li><li><i class="fa fa-star"></i></li><li><i class="fa fa-star"></i></li></ul>
<div class="divider"><i class="fas fa-star"></i></div>
<div class="social"><i class="fa fa-twitter"></i><i class="fa fa-facebook"></i><i class="fa fa-linkedin"></i></div>
</body></html>`
	s := Parse([]byte(doc), "https://shop.example/").Structure
	if len(s.Ratings) != 3 {
		t.Fatalf("want the icon-font row, the SVG row and the list of stars, got %+v", s.Ratings)
	}
	if s.Ratings[0].Value != 4 || s.Ratings[1].Value != 3 || s.Ratings[2].Value != 3 {
		t.Fatalf("full stars are the value: %+v", s.Ratings)
	}
}

// An icon font draws its stars on any element: five empty divs classed bi-star-fill are a rating,
// and empty divs with other icons are not.
func TestStarsDrawnOnAnyElement(t *testing.T) {
	doc := `<html><body><div class="card"><h5>Special Item</h5>
 <div class="d-flex small text-warning"><div class="bi-star-fill"></div><div class="bi-star-fill"></div><div class="bi-star-fill"></div><div class="bi-star-fill"></div><div class="bi-star-fill"></div></div>
 <div class="icons"><div class="bi-truck"></div><div class="bi-box"></div><div class="bi-gift"></div></div></div></body></html>`
	s := Parse([]byte(doc), "https://shop.example/").Structure
	if len(s.Ratings) != 1 || s.Ratings[0].Value != 5 {
		t.Fatalf("want one rating of five drawn stars, got %+v", s.Ratings)
	}
}

// Tailwind and Flowbite draw a rating as the same unnamed SVG five times in a star's colour; a row
// of different icons, or of grey ones, is not a rating.
func TestUnnamedSVGStars(t *testing.T) {
	star := `<svg class="w-4 h-4 text-yellow-300" fill="currentColor" viewBox="0 0 22 20"><path d="M20.924 7.625a1.523 1.523 0 0 0-1.238-1.044"/></svg>`
	grey := `<svg class="w-4 h-4 text-gray-300" viewBox="0 0 22 20"><path d="M1 1h20"/></svg>`
	doc := `<html><body><div class="flex items-center">` + strings.Repeat(star, 4) + grey + `</div>
<div class="flex">` + strings.Repeat(grey, 5) + `</div>
<div class="social"><svg class="text-yellow-500"><path d="M1 2"/></svg><svg class="text-yellow-500"><path d="M3 4"/></svg><svg class="text-yellow-500"><path d="M5 6"/></svg></div></body></html>`
	s := Parse([]byte(doc), "https://shop.example/").Structure
	if len(s.Ratings) != 1 || s.Ratings[0].Value != 4 {
		t.Fatalf("want one rating of four drawn stars, got %+v", s.Ratings)
	}
}

// Customer logos drawn as unnamed SVG links count as a logo row when a heading says whose logos
// they are; the same row under another heading (social icons, features) does not.
func TestUnnamedSVGLogos(t *testing.T) {
	logos := strings.Repeat(`<a href="#"><svg viewBox="0 0 125 35"><path d="M64 7"/></svg></a>`, 4)
	doc := `<html><body><section><h2>Trusted by teams at</h2><div class="grid">` + logos + `</div></section>
<section><h2>Follow us</h2><div class="icons">` + logos + `</div></section></body></html>`
	s := Parse([]byte(doc), "https://saas.example/").Structure
	if len(s.LogoRows) != 1 || s.LogoRows[0].Count != 4 || s.LogoRows[0].Label != "Trusted by teams at" {
		t.Fatalf("want the labelled row of four logos, got %+v", s.LogoRows)
	}
}

// A price split across elements ("$" and "29" and "/ month") or written with its currency after
// the amount ("39.00 $") is still one price.
func TestSplitPrices(t *testing.T) {
	doc := `<html><body><div class="plan"><span class="currency">$</span>
  <span class="amount">29</span><span class="per">/ month</span></div><div class="ticket"><h2>39.00 $</h2></div></body></html>`
	s := Parse([]byte(doc), "https://events.example/").Structure
	if len(s.Prices) != 2 || s.Prices[0].Amount != 29 || s.Prices[1].Amount != 39 {
		t.Fatalf("want $29 and 39.00 $, got %+v", s.Prices)
	}
}

// A rendered page (package render) marks hidden elements and the boxes of links and buttons.
func TestRenderedMarks(t *testing.T) {
	doc := `<html><body><div data-cro-hidden=""><p><a href="/x" data-cro-box="1,2,3,4">Hidden offer</a></p></div>
<a class="btn" href="/buy" data-cro-box="10,1200,200,48">Buy now</a><a href="/plain">Plain</a></body></html>`
	s := Parse([]byte(doc), "https://shop.example/").Structure
	if len(s.Controls) != 3 || !s.Controls[0].Hidden || s.Controls[1].Hidden || s.Controls[2].Hidden {
		t.Fatalf("hidden marks: %+v", s.Controls)
	}
	if b := s.Controls[1].Box; len(b) != 4 || b[1] != 1200 || s.Controls[2].Box != nil {
		t.Fatalf("boxes: %+v", s.Controls)
	}
}

// Stars written as characters are a rating whether they are ★ or the ⭐ emoji, and a row with
// empty stars (★★☆☆☆) counts its full ones; one star beside a word is a decoration.
func TestWrittenStarRatings(t *testing.T) {
	doc := `<html><body><div class="review"><div class="stars">⭐️⭐️⭐️⭐️</div><span>by Sarah N.</span></div>
 <p class="score">★★☆☆☆</p><h3 class="badge">⭐ Featured</h3><p>Rated ★ by our staff</p></body></html>`
	s := Parse([]byte(doc), "https://shop.example/").Structure
	if len(s.Ratings) != 2 || s.Ratings[0].Value != 4 || s.Ratings[1].Value != 2 {
		t.Fatalf("want the emoji row (4) and the written row (2), got %+v", s.Ratings)
	}
}

// A link drawn as a button with utility classes is styled like one; a menu link with a hover
// colour, or a padded card with a background, is not.
func TestUtilityClassButtons(t *testing.T) {
	doc := `<html><body><header><a href="#kontakt" class="rounded-lg bg-cyan-600 px-4 py-2 text-white">Umów wizytę</a>
 <a href="#onas" class="hover:text-cyan-700 hover:bg-gray-100 px-2 rounded">O nas</a></header>
 <main><a href="/case" class="block bg-white p-6 shadow">Case study</a><a href="/x" class="bg-cover bg-center px-4 rounded">Gallery</a></main></body></html>`
	s := Parse([]byte(doc), "https://salon.example/").Structure
	styled := map[string]bool{}
	for _, c := range s.Controls {
		styled[c.Text] = c.Styled
	}
	if !styled["Umów wizytę"] || styled["O nas"] || styled["Case study"] || styled["Gallery"] {
		t.Fatalf("only the filled, padded, rounded link is a button: %v", styled)
	}
}

// Prices are found in the currencies real shops write, with the code or sign before or after the
// amount; a form number or a room number is not a price.
func TestPriceCurrencies(t *testing.T) {
	doc := `<html><body><p class="a">RM 189.00</p><p class="b">Rs. 499</p><p class="c">৳3,500 /visit</p><p class="d">120 zł</p>
 <p class="e">CHF 49</p><p>Fill in FORM 1040 by April, room 12.</p></body></html>`
	s := Parse([]byte(doc), "https://shop.example/").Structure
	var got []float64
	for _, p := range s.Prices {
		got = append(got, p.Amount)
	}
	want := []float64{189, 499, 3500, 120, 49}
	if len(got) != len(want) {
		t.Fatalf("prices %+v, want amounts %v", s.Prices, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("prices %+v, want amounts %v", s.Prices, want)
		}
	}
}

// A score stated in an element's name is a rating whatever its class: an aria-label, an image's
// alt text, a rating widget's data attribute. A slide counter, an image counter and a repository's
// star count state no score.
func TestNamedScoreRatings(t *testing.T) {
	doc := `<html><body><div class="r" aria-label="Rated 4.5 out of 5"><svg></svg><svg></svg></div>
 <img src="/i/stars.png" alt="4 stars"><div class="stars" data-rating="3"></div>
 <button aria-label="Slide 1 of 5"></button><img src="/g/1.jpg" alt="Image 1/5">
 <a aria-label="12,345 stars on GitHub" href="https://github.com/acme/x">12k</a></body></html>`
	s := Parse([]byte(doc), "https://shop.example/").Structure
	if len(s.Ratings) != 3 || s.Ratings[0].Value != 4.5 || s.Ratings[1].Value != 4 || s.Ratings[2].Value != 3 {
		t.Fatalf("want the labelled (4.5), the image (4) and the widget (3) ratings only, got %+v", s.Ratings)
	}
	if s.Ratings[1].Text != "4 stars" {
		t.Fatalf("an image's rating quotes its alt text, got %q", s.Ratings[1].Text)
	}
}

// A row of logos named only by the companies' names counts when its own heading, or the line
// before it, says whose they are ("As seen in", "Used by 4,000 finance teams"); the same row of
// images under a heading about the product is a gallery.
func TestLogoRowLabels(t *testing.T) {
	imgs := `<img src="/c/a.png" alt="Acme"><img src="/c/b.png" alt="Globex"><img src="/c/c.png" alt="Initech">`
	doc := `<html><body><h1>Ledgerline</h1><section><h2>As seen in</h2>` + imgs + `</section>
<section><p>Used by 4,000 finance teams</p><div>` + imgs + `</div></section>
<section><h2>Screens</h2>` + imgs + `</section></body></html>`
	s := Parse([]byte(doc), "https://saas.example/").Structure
	if len(s.LogoRows) != 2 || s.LogoRows[0].Label != "As seen in" || s.LogoRows[1].Label != "Used by 4,000 finance teams" {
		t.Fatalf("want the two labelled rows, got %+v", s.LogoRows)
	}
}
