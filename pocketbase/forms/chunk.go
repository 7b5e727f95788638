package forms

import (
	_ "embed"

	"cro/pocketbase/trackerchunk"
)

// The forms chunk built by scripts/build-tracker.mjs from src/forms (an ES module; its budget is in
// scripts/tracker-budgets.mjs).
//
//go:embed forms.gen.js
var chunkJS string

var chunk = trackerchunk.New("f", "forms", chunkJS)

// chunkPath names the chunk by its content (trackerchunk), so a new build is a new URL.
func chunkPath() string { return chunk.Path() }

// chunkHandler is GET /t/f/{file}: the current chunk, any origin, cached for a year.
var chunkHandler = chunk.Handler
