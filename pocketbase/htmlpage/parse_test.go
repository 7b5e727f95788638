package htmlpage

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the committed fixture pages (tests/fixtures/scan/*.page.json)")

const fixtureDir = "../../tests/fixtures/scan"

// TestFixturePages: every scan fixture's committed page JSON (the scored set in quality/
// included), which the TypeScript tests audit, is what this parser gives today. After changing
// the parser on purpose: go test ./htmlpage -run TestFixturePages -update
func TestFixturePages(t *testing.T) {
	fixtures, _ := filepath.Glob(filepath.Join(fixtureDir, "*.html"))
	quality, _ := filepath.Glob(filepath.Join(fixtureDir, "quality", "*.html"))
	fixtures = append(fixtures, quality...)
	if len(fixtures) < 18 {
		t.Fatalf("fixtures not found: %v", fixtures)
	}
	// The scored pages are parsed at the address they stand for: which hosts are third parties
	// depends on it.
	var expected map[string]struct{ URL string }
	if raw, err := os.ReadFile(filepath.Join(fixtureDir, "quality", "expected.json")); err != nil || json.Unmarshal(raw, &expected) != nil {
		t.Fatalf("quality/expected.json unreadable: %v", err)
	}
	for _, f := range fixtures {
		name := strings.TrimSuffix(filepath.Base(f), ".html")
		if filepath.Base(filepath.Dir(f)) == "quality" {
			name = "quality/" + name
		}
		t.Run(name, func(t *testing.T) {
			doc, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			url := "https://fixture.example/" + filepath.Base(name) + ".html"
			if e, ok := expected[filepath.Base(name)]; ok && strings.HasPrefix(name, "quality/") {
				url = e.URL
			}
			got, err := Parse(doc, url).JSON()
			if err != nil {
				t.Fatal(err)
			}
			committed := strings.TrimSuffix(f, ".html") + ".page.json"
			if *update {
				if err := os.WriteFile(committed, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(committed)
			if err != nil {
				t.Fatalf("%v (write it with -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s is stale: the parser now gives another page; rerun with -update after checking the change", committed)
			}
		})
	}
}

// TestTrickyMarkup: implied closes, a nested form ignored, a skipped noscript, entities decoded.
func TestTrickyMarkup(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(fixtureDir, "tricky.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := Parse(doc, "https://fixture.example/")
	var forms []string
	paragraphs, title := 0, ""
	for _, e := range page.Elements {
		switch e.Tag {
		case "form":
			forms = append(forms, e.Attrs["id"])
		case "p":
			paragraphs++
		case "img":
			t.Error("the noscript pixel was parsed")
		case "title":
			if title == "" { // the document's title, not the svg's
				title = e.Text
			}
		}
	}
	if len(forms) != 1 || forms[0] != "outer" {
		t.Errorf("forms %v, want [outer]", forms)
	}
	if paragraphs != 3 {
		t.Errorf("%d paragraphs, want 3", paragraphs)
	}
	if title != "Café & Bäckerei  — Öffnungszeiten" {
		t.Errorf("title %q", title)
	}
	ld, _ := Parse(doc, "x").JSON()
	if !bytes.Contains(ld, []byte(`"name": "Bäckerei & Café"`)) || !bytes.Contains(ld, []byte(`"LocalBusiness",`)) {
		t.Errorf("JSON-LD not kept: %s", page.JSONLD)
	}
}

// TestMalformedAndEmpty: unclosed tags, a script holding a closing tag and an empty document parse.
func TestMalformedAndEmpty(t *testing.T) {
	page := Parse([]byte(`<div><p>unclosed <b>tags <script>var x = "</div>";`), "https://x.example/")
	if page.Text != "unclosed tags" {
		t.Errorf("text %q", page.Text)
	}
	empty := Parse(nil, "https://x.example/")
	if len(empty.Elements) != 0 || empty.WordCount != 0 {
		t.Errorf("empty page: %+v", empty)
	}
}

// TestTimeElementsKept: a post card's <time> is an element of the page with its datetime and its
// text, so the audit can date posts whose text reads "3 days ago" (a closing note suspected the
// parser dropped <time>; it does not, and this keeps it so).
func TestTimeElementsKept(t *testing.T) {
	page := Parse([]byte(`<article><h3>Post</h3><time datetime="2024-03-02T10:00">3 days ago</time><p>Summary.</p></article>`), "https://x.example/")
	var found *Element
	for _, el := range page.Elements {
		if el.Tag == "time" {
			found = el
		}
	}
	if found == nil {
		t.Fatalf("no <time> element in %d elements", len(page.Elements))
	}
	if found.Attrs["datetime"] != "2024-03-02T10:00" || found.Text != "3 days ago" || found.Ancestors[len(found.Ancestors)-1] != "article" {
		t.Fatalf("time element = %+v", found)
	}
}
