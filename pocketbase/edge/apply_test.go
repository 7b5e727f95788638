package edge

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// chunked hands out a page n bytes at a time, as a slow origin does.
type chunked struct {
	s string
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	k := min(c.n, len(c.s), len(p))
	copy(p, c.s[:k])
	c.s = c.s[k:]
	return k, nil
}

func set(t *testing.T, id, selector string, changes ...change) *changeSet {
	t.Helper()
	s := newChangeSet(id, selector, changes)
	if s == nil {
		t.Fatalf("set %s (%s) not applicable", id, selector)
	}
	return s
}

func applyString(t *testing.T, page string, chunk int, sets ...*changeSet) string {
	t.Helper()
	b, err := io.ReadAll(Apply(context.Background(), &chunked{s: page, n: chunk}, sets))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const shop = `<!doctype html><html><head><title>Shop</title></head><body>` +
	`<main><h1 class="hero">Welcome <em>friend</em></h1><p>Intro<p id="x">Second</p>` +
	`<button id="buy" class="cta" data-sku="1">Complete secure checkout</button>` +
	`<ul><li>a<li class="pick">b<li>c</ul><img src="/a.png" class="logo"></main></body></html>`

func TestApplyChangesTheHTMLWhateverTheChunks(t *testing.T) {
	sets := []*changeSet{
		set(t, "r1", "#buy", change{Type: "set_text", Value: "Place order <now> & pay"}, change{Type: "set_attribute", Name: "aria-label", Value: `say "hi"`}),
		set(t, "r2", "main > h1.hero", change{Type: "set_style", Name: "color", Value: "red"}),
		set(t, "r3", "li.pick", change{Type: "hide"}),
		set(t, "r4", "img.logo", change{Type: "set_attribute", Name: "alt", Value: "Logo"}),
	}
	want := `<!doctype html><html><head><title>Shop</title></head><body>` +
		`<main><h1 class="hero" style="color: red" data-cro-on="r2">Welcome <em>friend</em></h1><p>Intro<p id="x">Second</p>` +
		`<button id="buy" class="cta" data-sku="1" aria-label="say &#34;hi&#34;" data-cro-on="r1">Place order &lt;now&gt; &amp; pay</button>` +
		`<ul><li>a<li class="pick" style="display: none !important" data-cro-on="r3">b<li>c</ul><img src="/a.png" class="logo" alt="Logo" data-cro-on="r4"></main></body></html>`
	// One byte at a time splits every tag, attribute and the replaced text across reads.
	for _, n := range []int{1, 3, 7, 64, 1 << 20} {
		if got := applyString(t, shop, n, sets...); got != want {
			t.Fatalf("chunks of %d:\n got %s\nwant %s", n, got, want)
		}
	}
}

func TestApplyMatchesNestedElementsAndSiblings(t *testing.T) {
	page := `<div class="card"><div class="card"><span>inner</span></div><b>x</b><b>y</b></div><span>outer</span>`
	got := applyString(t, page, 5,
		set(t, "a", ".card .card > span", change{Type: "set_text", Value: "changed"}),
		set(t, "b", "b + b", change{Type: "set_attribute", Name: "title", Value: "second"}),
		set(t, "c", "b:first-of-type", change{Type: "set_attribute", Name: "title", Value: "first"}))
	want := `<div class="card"><div class="card"><span data-cro-on="a">changed</span></div><b title="first" data-cro-on="c">x</b><b title="second" data-cro-on="b">y</b></div><span>outer</span>`
	if got != want {
		t.Fatalf("\n got %s\nwant %s", got, want)
	}
}

func TestApplyIsIdempotent(t *testing.T) {
	sets := []*changeSet{
		set(t, "r1", "#buy", change{Type: "set_text", Value: "Place order"}),
		set(t, "r2", ".cta", change{Type: "set_style", Name: "color", Value: "red"}),
	}
	once := applyString(t, shop, 9, sets...)
	if twice := applyString(t, once, 9, sets...); twice != once {
		t.Fatalf("applied twice:\n%s\nonce:\n%s", twice, once)
	}
	if !strings.Contains(once, `data-cro-on="r1 r2">Place order</button>`) {
		t.Fatalf("both sets should mark the button: %s", once)
	}
}

func TestApplyLeavesAnElementItCannotDelimit(t *testing.T) {
	// The <p> is ended by the <div>, not by its end tag: the edge cannot be sure where its text
	// ends, so it passes it on as sent and the tracker changes it.
	page := `<body><p class="lead">Intro <div>block</div></body>`
	got := applyString(t, page, 4, set(t, "r", "p.lead", change{Type: "set_text", Value: "New"}))
	if got != page {
		t.Fatalf("got %s", got)
	}
	// A page cut inside the element is passed on as sent too.
	cut := `<body><h1 class="t">Hel`
	if got := applyString(t, cut, 2, set(t, "r", "h1.t", change{Type: "set_text", Value: "New"})); got != cut {
		t.Fatalf("got %s", got)
	}
}

func TestApplyStreams(t *testing.T) {
	pr, pw := io.Pipe()
	out := Apply(context.Background(), pr, []*changeSet{set(t, "r", "h1", change{Type: "set_text", Value: "Hi"})})
	go func() { _, _ = pw.Write([]byte(`<html><body><h1>Hello</h1><p>first part`)) }()
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 1024)
		n, _ := out.Read(buf)
		got <- string(buf[:n])
	}()
	select {
	case s := <-got:
		if !strings.HasPrefix(s, `<html><body><h1 data-cro-on="r">Hi</h1>`) {
			t.Fatalf("first bytes: %q", s)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("nothing came out before the origin finished the page")
	}
	_ = pw.Close()
}

func TestSetsTheEdgeCannotApplyAreLeftToTheTracker(t *testing.T) {
	for _, c := range []struct {
		sel     string
		changes []change
	}{
		{"li:last-child", []change{{Type: "hide"}}},
		{"div:has(> p)", []change{{Type: "hide"}}},
		{"#x", []change{{Type: "set_html", Value: "<b>x</b>"}}},
		{"#x", []change{{Type: "insert_after", Value: "<b>x</b>"}}},
		{"#x", []change{{Type: "set_attribute", Name: "onclick", Value: "alert(1)"}}},
		{"#x", []change{{Type: "set_attribute", Name: "href", Value: "javascript:alert(1)"}}},
		{"#x", []change{{Type: "set_style", Name: "background", Value: "url(https://evil.test/)"}}},
		{"", []change{{Type: "inject_css", Value: "body{color:red}"}}},
		{"#x[", []change{{Type: "hide"}}},
	} {
		if newChangeSet("r", c.sel, c.changes) != nil {
			t.Errorf("%q %v should be left to the tracker", c.sel, c.changes)
		}
	}
}

func readFixture(t *testing.T, name string, into any) {
	t.Helper()
	raw, err := os.ReadFile("../../tests/fixtures/contracts/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, into); err != nil {
		t.Fatal(err)
	}
}

func configOf(t *testing.T, js string) *trackerConfig {
	t.Helper()
	cfg := &trackerConfig{}
	if err := json.Unmarshal([]byte(js), cfg); err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestARuleOutsideItsRolloutIsNotApplied(t *testing.T) {
	var f struct {
		Cases []struct {
			Visitor    string  `json:"visitor"`
			Seed       string  `json:"seed"`
			Percentage float64 `json:"percentage"`
			InRollout  bool    `json:"inRollout"`
		} `json:"cases"`
	}
	readFixture(t, "rule-rollouts.json", &f)
	seen := map[bool]int{}
	for _, c := range f.Cases {
		if c.Visitor == "" {
			continue
		}
		cfg := configOf(t, `{"dnt":true,"r":[{"i":"rule1","s":"`+c.Seed+`","p":`+jsonNum(c.Percentage)+`,"u":"/checkout","q":"#buy","c":[{"type":"set_text","value":"Place order"}]}]}`)
		sets, _ := cfg.plan(visitorInfo{id: c.Visitor, href: "https://shop.test/checkout"})
		page := applyString(t, shop, 11, sets...)
		applied := strings.Contains(page, ">Place order</button>")
		if applied != c.InRollout {
			t.Errorf("%s at %v%% of %s: applied %v, in rollout %v", c.Visitor, c.Percentage, c.Seed, applied, c.InRollout)
		}
		seen[applied]++
		// Another page than the rule's pattern: never.
		if other, _ := cfg.plan(visitorInfo{id: c.Visitor, href: "https://shop.test/cart"}); len(other) != 0 {
			t.Errorf("rule applied outside its URL pattern")
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("the vectors should cover both: %v", seen)
	}
	// A visitor who may not be tracked gets only the rules rolled out to everyone.
	cfg := configOf(t, `{"dnt":true,"r":[{"i":"half","s":"s","p":50,"q":"h1","c":[{"type":"hide"}]},{"i":"all","s":"s","p":100,"q":"#buy","c":[{"type":"hide"}]},{"i":"test","s":"s","p":100,"x":true,"q":"p","c":[{"type":"hide"}]}]}`)
	if sets, _ := cfg.plan(visitorInfo{href: "https://shop.test/"}); len(sets) != 1 || sets[0].id != "all" {
		t.Fatalf("untracked visitor: %v", sets)
	}
	// A testing-mode rule only with its preview parameter.
	if sets, _ := cfg.plan(visitorInfo{href: "https://shop.test/", preview: []string{"test"}}); len(sets) != 2 {
		t.Fatalf("preview: %d sets", len(sets))
	}
}

func jsonNum(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

func TestTheVisitorGetsTheVariantOfTheAssignmentVectors(t *testing.T) {
	var f struct {
		Cases []struct {
			Visitor string    `json:"visitor"`
			Seed    string    `json:"seed"`
			Traffic float64   `json:"traffic"`
			Weights []float64 `json:"weights"`
			Variant int       `json:"variant"`
		} `json:"cases"`
	}
	readFixture(t, "experiment-assignments.json", &f)
	for _, c := range f.Cases {
		var variants []string
		for k, w := range c.Weights {
			changes := `[{"type":"set_text","value":"variant ` + string(rune('0'+k)) + `"}]`
			if k == 0 {
				changes = `[]`
			}
			variants = append(variants, `{"k":"v`+string(rune('0'+k))+`","w":`+jsonNum(w)+`,"c":`+changes+`}`)
		}
		cfg := configOf(t, `{"dnt":true,"x":[{"i":"exp1","s":"`+c.Seed+`","p":`+jsonNum(c.Traffic*100)+`,"q":"#buy","v":[`+strings.Join(variants, ",")+`]}]}`)
		sets, _ := cfg.plan(visitorInfo{id: c.Visitor, href: "https://shop.test/", device: "desktop"})
		page := applyString(t, shop, 13, sets...)
		switch {
		case c.Variant < 0:
			if strings.Contains(page, "data-cro-on") {
				t.Errorf("%s is outside the traffic but was changed", c.Visitor)
			}
		case c.Variant == 0:
			// The control's element is marked, unchanged, so both arms reach the tracker alike.
			if !strings.Contains(page, `data-cro-on="exp1">Complete secure checkout</button>`) {
				t.Errorf("%s (control): %s", c.Visitor, page)
			}
		default:
			if !strings.Contains(page, `data-cro-on="exp1">variant `+string(rune('0'+c.Variant))+`</button>`) {
				t.Errorf("%s should see variant %d: %s", c.Visitor, c.Variant, page)
			}
		}
	}
	// Targeting a device or new visitors: another device sees nothing; visitor types are the tracker's.
	cfg := configOf(t, `{"dnt":true,"x":[{"i":"e","s":"s","p":100,"q":"h1","d":"mobile","v":[{"k":"a","w":0.5,"c":[]},{"k":"b","w":0.5,"c":[{"type":"hide"}]}]},`+
		`{"i":"f","s":"s","p":100,"q":"h1","n":"new","v":[{"k":"a","w":0.5,"c":[]},{"k":"b","w":0.5,"c":[{"type":"hide"}]}]}]}`)
	if sets, _ := cfg.plan(visitorInfo{id: "v0k2m0", href: "https://shop.test/", device: "desktop"}); len(sets) != 0 {
		t.Fatalf("desktop visitor got %d sets", len(sets))
	}
	if sets, _ := cfg.plan(visitorInfo{id: "v0k2m0", href: "https://shop.test/", device: "mobile"}); len(sets) != 1 || sets[0].id != "e" {
		t.Fatalf("mobile visitor got %v", sets)
	}
}
