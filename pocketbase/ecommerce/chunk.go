package ecommerce

import (
	_ "embed"
	"encoding/json"

	"cro/pocketbase/trackerchunk"
)

// The ecommerce chunk built by scripts/build-tracker.mjs from src/ecommerce (an ES module that
// reads the GA4 ecommerce events of the page's dataLayer); the full build imports it at idle time
// when the site's config carries `o`.
//
//go:embed ecommerce.gen.js
var chunkJS string

var chunk = trackerchunk.New("o", "ecommerce", chunkJS)

// chunkPath names the chunk by its content (trackerchunk), so a new build is a new URL.
func chunkPath() string { return chunk.Path() }

// scriptConfig is the site's `o`: the chunk's path, for sites that capture ecommerce events.
func scriptConfig(cap *capture) func(siteID string) json.RawMessage {
	return func(siteID string) json.RawMessage {
		if !cap.on(siteID) {
			return nil
		}
		raw, _ := json.Marshal(chunkPath())
		return raw
	}
}

// chunkHandler is GET /t/o/{file}: the current chunk, any origin, cached for a year.
var chunkHandler = chunk.Handler
