// Command doc-bombs writes the decompression bombs of docstest.Bombs into a directory, for the
// integration test and the benchmark that upload them to a real server (nothing of megabytes is
// committed). Usage: doc-bombs <dir>; prints one file name a line.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"cro/pocketbase/docs/docstest"
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: doc-bombs <dir>")
	}
	for _, b := range docstest.Bombs {
		if err := os.WriteFile(filepath.Join(os.Args[1], b.Name), b.Build(), 0o644); err != nil {
			log.Fatal(err)
		}
		fmt.Println(b.Name)
	}
}
