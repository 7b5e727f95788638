package htmlpage

import (
	"bytes"
	"encoding/json"
)

// JSON is the Page as the tests' committed fixture pages store it: indented, with <, > and &
// left as they are so the files read like the HTML they came from.
func (p *Page) JSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
