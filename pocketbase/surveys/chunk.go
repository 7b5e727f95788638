package surveys

import (
	_ "embed"

	"cro/pocketbase/trackerchunk"
)

// The survey widget built by scripts/build-tracker.mjs from src/survey (an ES module); the full
// build imports it at idle time when the site's config carries `y`.
//
//go:embed survey.gen.js
var chunkJS string

var chunk = trackerchunk.New("s", "survey", chunkJS)

// chunkPath names the chunk by its content (trackerchunk), so a new build is a new URL.
func chunkPath() string { return chunk.Path() }

// chunkHandler is GET /t/s/{file}: the current chunk, any origin, cached for a year.
var chunkHandler = chunk.Handler
