// Command doc-extract-bench measures text extraction and language detection (pocketbase/docs)
// per format on documents of about -mb megabytes built by docstest (xls: the committed fixture),
// and prints one JSON line per format: {"name":"doc-extract-<format>","value":<ms per MB>,"unit":"ms/MB"}.
// scripts/bench/55-doc-extract.part.mjs runs it.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"
	"time"

	"cro/pocketbase/docs"
	"cro/pocketbase/docs/docstest"
)

func main() {
	mb := flag.Float64("mb", 1, "approximate size of each document, in MB")
	runs := flag.Int("runs", 5, "extractions per format; the median is reported")
	flag.Parse()
	for _, f := range []string{"pdf", "docx", "pptx", "xlsx", "xls", "csv", "md", "txt"} {
		data := build(f, int(*mb*(1<<20)))
		format, err := docs.Check("bench."+f, data)
		if err != nil {
			log.Fatalf("%s: %v", f, err)
		}
		times := make([]float64, *runs)
		for i := range times {
			start := time.Now()
			text, err := docs.Extract(format, data)
			if err != nil {
				log.Fatalf("%s: %v", f, err)
			}
			_ = docs.Language(text)
			times[i] = float64(time.Since(start).Microseconds()) / 1000
		}
		sort.Float64s(times)
		perMB := times[len(times)/2] / (float64(len(data)) / (1 << 20))
		line, _ := json.Marshal(map[string]any{"name": "doc-extract-" + f, "value": round(perMB), "unit": "ms/MB", "bytes": len(data)})
		fmt.Println(string(line))
	}
}

func round(x float64) float64 { return float64(int(x*100+0.5)) / 100 }

// build grows the text until the document reaches size bytes (xls stays the fixture). The text is
// the fixture's sentences between pseudo-random words, so that it compresses like prose, not like
// one line repeated (a zip of repeated lines would be a few KB for megabytes of text).
func build(format string, size int) []byte {
	if format == "xls" {
		data, err := docstest.Build(format, nil)
		if err != nil {
			log.Fatal(err)
		}
		return data
	}
	words := vocabulary(3000)
	seed := uint32(1)
	var paragraphs []string
	for n := 64; ; n *= 2 {
		for len(paragraphs) < n {
			i := len(paragraphs)
			var b strings.Builder
			b.WriteString(docstest.Paragraphs[i%len(docstest.Paragraphs)])
			for w := 0; w < 24; w++ {
				seed = seed*1664525 + 1013904223
				b.WriteByte(' ')
				b.WriteString(words[seed%uint32(len(words))])
			}
			b.WriteByte('.')
			paragraphs = append(paragraphs, b.String())
		}
		data, err := docstest.Build(format, paragraphs)
		if err != nil {
			log.Fatal(err)
		}
		if len(data) >= size {
			return data
		}
	}
}

// vocabulary makes n deterministic lowercase words of 3 to 9 letters.
func vocabulary(n int) []string {
	out := make([]string, n)
	seed := uint32(7)
	for i := range out {
		seed = seed*1664525 + 1013904223
		b := make([]byte, 3+seed%7)
		for j := range b {
			seed = seed*1664525 + 1013904223
			b[j] = 'a' + byte(seed>>24)%26
		}
		out[i] = string(b)
	}
	return out
}

func init() { log.SetOutput(os.Stderr) }
