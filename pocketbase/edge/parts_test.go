package edge

import (
	"fmt"
	"testing"

	"cro/pocketbase/experiments"
)

// A multi-page test reaches the edge as one config entry per page with the test's id and seed
// (expparts/parts.go), and a multivariate test as one per section: each visitor gets
// the same variant on every page and section, the one experiments.Assign (and the tracker) gives.
func TestMultiPageAndMultivariatePartsAssignOneVariantPerVisitor(t *testing.T) {
	variants := func(part string) string {
		return `[{"k":"control","w":0.34,"c":[]},{"k":"b","w":0.33,"c":[{"type":"set_text","value":"b ` + part + `"}]},` +
			`{"k":"c","w":0.33,"c":[{"type":"set_text","value":"c ` + part + `"}]}]`
	}
	cfg := configOf(t, `{"dnt":true,"x":[`+
		`{"i":"mp","s":"seed1","p":90,"u":"/product/*","q":"#buy","v":`+variants("product")+`},`+
		`{"i":"mp","s":"seed1","p":90,"u":"/cart","q":".checkout","v":`+variants("cart")+`},`+
		`{"i":"mv","s":"seed2","p":100,"u":"/landing","q":"h1","v":`+variants("headline")+`},`+
		`{"i":"mv","s":"seed2","p":100,"u":"/landing","q":"#cta","v":`+variants("button")+`}]}`)
	keys := []string{"control", "b", "c"}
	seen := map[string]bool{}
	for n := range 300 {
		id := fmt.Sprintf("visitor%d", n)
		pick := func(href, expID string) (string, int) {
			sets, _ := cfg.plan(visitorInfo{id: id, href: href, device: "desktop"})
			var got []string
			for _, s := range sets {
				if s.id != expID {
					continue
				}
				if len(s.changes) == 0 {
					got = append(got, "control")
				} else {
					got = append(got, s.changes[0].Value[:1])
				}
			}
			if len(got) == 0 {
				return "", 0
			}
			for _, g := range got[1:] {
				if g != got[0] {
					t.Fatalf("%s on %s got different variants in one page's sections: %v", id, href, got)
				}
			}
			return got[0], len(got)
		}
		want := ""
		if k := experiments.Assign(id, "seed1", 0.9, []float64{0.34, 0.33, 0.33}); k >= 0 {
			want = keys[k][:1]
			if k == 0 {
				want = "control"
			}
		}
		product, _ := pick("https://shop.test/product/42", "mp")
		cart, _ := pick("https://shop.test/cart", "mp")
		if product != want || cart != want {
			t.Fatalf("%s: product %q, cart %q, want %q on both", id, product, cart, want)
		}
		seen[want] = true
		landing, sections := pick("https://shop.test/landing", "mv")
		if sections != 2 {
			t.Fatalf("%s: %d of the landing page's 2 sections decided", id, sections)
		}
		if k := experiments.Assign(id, "seed2", 1, []float64{0.34, 0.33, 0.33}); (k == 0) != (landing == "control") {
			t.Fatalf("%s: landing %q, Assign %d", id, landing, k)
		}
	}
	if len(seen) != 4 {
		t.Fatalf("300 visitors met only %v (want every arm and some outside the traffic)", seen)
	}
}
