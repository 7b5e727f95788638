package docs

import "github.com/abadojack/whatlanggo"

// Language is the ISO 639-1 code of the text's language, or "unknown" when the detector is not
// confident (too little text, or a mix).
func Language(text string) string {
	sample := text
	if len(sample) > 20000 {
		sample = sample[:20000]
	}
	info := whatlanggo.Detect(sample)
	code := info.Lang.Iso6391()
	if code == "" || !info.IsReliable() {
		return "unknown"
	}
	return code
}
