package recordings

import (
	_ "embed"

	"cro/pocketbase/trackerchunk"
)

// The recorder chunk built by scripts/build-tracker.mjs from src/recorder (rrweb's recorder and
// fflate, an ES module; budget 30 KB gzip).
//
//go:embed recorder.gen.js
var recorderJS string

var recorder = trackerchunk.New("r", "recorder", recorderJS)

// recorderPath names the chunk by its content (trackerchunk), so a new build is a new URL.
func recorderPath() string { return recorder.Path() }

// recorderHandler is GET /t/r/{file}: the current recorder chunk, any origin, cached for a year.
var recorderHandler = recorder.Handler
