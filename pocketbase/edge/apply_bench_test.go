package edge

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
)

func BenchmarkApply(b *testing.B) {
	var items strings.Builder
	for i := 0; i < 480; i++ {
		fmt.Fprintf(&items, `<li class="product"><a href="/p/%d">Product %d</a> <span>%d.99</span></li>`, i%120, i%120, i%120+9)
	}
	page := `<!doctype html><html><head><title>x</title></head><body><h1>Shop</h1><ul>` + items.String() + `</ul></body></html>`
	for _, sel := range []string{"h1", "ul > li.product:nth-child(400) span", `li.product a[href="/p/7"]`} {
		b.Run(sel, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s := newChangeSet("r", sel, []change{{Type: "set_attribute", Name: "title", Value: "x"}})
				_, _ = io.Copy(io.Discard, Apply(context.Background(), strings.NewReader(page), []*changeSet{s}))
			}
		})
	}
}
