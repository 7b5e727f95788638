package edge

import (
	"bytes"
	"io"
	"regexp"
)

// headTag finds the end of the document's <head> opening tag.
var headTag = regexp.MustCompile(`(?i)<head(?:\s[^>]*)?>`)

// maxHeadSearch is how far into a page the rewriter looks for <head>: a page without one in its
// first 64 KB is served unchanged rather than held in memory.
const maxHeadSearch = 64 << 10

// injector streams a page through, placing the snippet right after <head ...>. It holds only the
// bytes before the tag; everything after streams as the origin sends it.
type injector struct {
	src       io.Reader
	snippet   []byte
	held      []byte
	out       []byte
	searching bool
	err       error
}

// Inject returns the page with the snippet after its <head> tag.
func Inject(src io.Reader, snippet string) io.Reader {
	return &injector{src: src, snippet: []byte(snippet), searching: true}
}

func (r *injector) Read(p []byte) (int, error) {
	for len(r.out) == 0 {
		if r.err != nil {
			return 0, r.err
		}
		if !r.searching {
			return r.src.Read(p)
		}
		buf := make([]byte, 16<<10)
		n, err := r.src.Read(buf)
		r.held = append(r.held, buf[:n]...)
		r.err = err
		if loc := headTag.FindIndex(r.held); loc != nil {
			r.out = bytes.Join([][]byte{r.held[:loc[1]], r.snippet, r.held[loc[1]:]}, nil)
		} else if len(r.held) >= maxHeadSearch || err != nil {
			r.out = r.held
		} else {
			continue
		}
		r.held, r.searching = nil, false
	}
	n := copy(p, r.out)
	r.out = r.out[n:]
	return n, nil
}
