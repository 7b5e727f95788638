// Command htmlpage prints the audit's Page summary of the HTML on standard input, parsed by the
// server's parser (package htmlpage), so the TypeScript tests audit exactly what production audits:
//
//	htmlpage https://example.com/page < page.html
package main

import (
	"fmt"
	"io"
	"os"

	"cro/pocketbase/htmlpage"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: htmlpage <final url> < page.html")
		os.Exit(2)
	}
	doc, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, err := htmlpage.Parse(doc, os.Args[1]).JSON()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	_, _ = os.Stdout.Write(out)
}
