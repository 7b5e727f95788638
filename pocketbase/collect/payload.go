package collect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"cro/pocketbase/eventstore"
)

// TypeNames are the event types of a batch and the names the events table stores.
var TypeNames = map[string]string{
	"pv": "pageview", "lv": "leave", "ck": "click", "ob": "outbound", "ev": "custom",
	"er": "error", "wv": "vital", "id": "identify", "ex": "exposure", "ae": "apply_error", "xp": "experiment_exposure",
	"fs": "form_submit",
}

// Limits of one batch; anything larger is refused, never truncated silently.
const (
	MaxBodyBytes  = 32 * 1024
	MaxEvents     = 50
	maxPath       = 300
	maxURL        = 500
	maxShort      = 100
	maxSelector   = 300
	maxText       = 100
	maxMessage    = 300
	maxPropsBytes = 1000
	maxFutureSkew = 10 * time.Minute
	maxDurationMs = 6 * 60 * 60 * 1000
	maxValue      = 1e9
	maxCoordinate = 1e6
	maxViewport   = 1e5
	maxOffset     = 10
)

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)
var ruleIDPattern = regexp.MustCompile(`^[a-z0-9]{15}$`)
var variantKeyPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// KeyPattern is a site's public key.
var KeyPattern = regexp.MustCompile(`^[a-z0-9]{8,64}$`)
var vitalNames = map[string]bool{"LCP": true, "CLS": true, "INP": true, "FCP": true, "TTFB": true}

// ValidationError is a client error with a message naming what is wrong.
type ValidationError struct{ Msg string }

func (v *ValidationError) Error() string { return v.Msg }

func bad(format string, a ...any) error { return &ValidationError{fmt.Sprintf(format, a...)} }

// ParseBatch decodes and validates a whole batch: one invalid event refuses the batch.
func ParseBatch(body []byte, now time.Time, maxAge time.Duration) (*eventstore.Batch, error) {
	if len(body) == 0 {
		return nil, bad("empty body")
	}
	if len(body) > MaxBodyBytes {
		return nil, bad("batch larger than %d bytes", MaxBodyBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var b eventstore.Batch
	if err := dec.Decode(&b); err != nil {
		return nil, bad("malformed JSON batch: %s", trimErr(err))
	}
	if dec.More() {
		return nil, bad("malformed JSON batch: trailing data")
	}
	if !KeyPattern.MatchString(b.Key) {
		return nil, bad("k: invalid site key")
	}
	if !idPattern.MatchString(b.Visitor) {
		return nil, bad("v: visitor id must be 8-64 characters of A-Z a-z 0-9 _ -")
	}
	if !idPattern.MatchString(b.Session) {
		return nil, bad("s: session id must be 8-64 characters of A-Z a-z 0-9 _ -")
	}
	if b.ID != "" && !idPattern.MatchString(b.ID) {
		return nil, bad("b: batch id must be 8-64 characters of A-Z a-z 0-9 _ -")
	}
	if len(b.Events) == 0 {
		return nil, bad("e: no events")
	}
	if len(b.Events) > MaxEvents {
		return nil, bad("e: more than %d events", MaxEvents)
	}
	for i := range b.Events {
		if err := validateEvent(&b.Events[i], now, maxAge); err != nil {
			return nil, bad("e[%d]: %s", i, err.Error())
		}
	}
	return &b, nil
}

func trimErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "json: ")
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

func validateEvent(ev *eventstore.Event, now time.Time, maxAge time.Duration) error {
	if _, ok := TypeNames[ev.Type]; !ok {
		return bad("t: unknown event type")
	}
	if ev.TS <= 0 || math.IsNaN(ev.TS) || ev.TS != math.Trunc(ev.TS) {
		return bad("ts: must be a timestamp in milliseconds")
	}
	at := time.UnixMilli(int64(ev.TS)).UTC()
	if at.After(now.Add(maxFutureSkew)) || at.Before(now.Add(-maxAge)) {
		return bad("ts: outside the accepted time window")
	}
	ev.At = at
	if ev.Type != "id" {
		if err := checkPath(ev.Path); err != nil {
			return err
		}
	}
	checks := []struct {
		field, val string
		max        int
	}{
		{"r", ev.Referrer, maxURL}, {"us", ev.UtmSource, maxShort}, {"um", ev.UtmMedium, maxShort},
		{"uc", ev.UtmCamp, maxShort}, {"sel", ev.Selector, maxSelector}, {"tx", ev.Text, maxText},
		{"gm", ev.GoalMatch, maxSelector}, {"u", ev.URL, maxURL}, {"n", ev.Name, maxShort},
		{"m", ev.Message, maxMessage}, {"src", ev.Source, maxURL}, {"id", ev.ID, 200},
	}
	for _, c := range checks {
		if err := checkText(c.field, c.val, c.max); err != nil {
			return err
		}
	}
	for _, u := range []struct{ f, v string }{{"r", ev.Referrer}, {"u", ev.URL}, {"src", ev.Source}} {
		if u.v != "" && !strings.HasPrefix(u.v, "http://") && !strings.HasPrefix(u.v, "https://") {
			return bad("%s: must be an http(s) URL", u.f)
		}
	}
	if !finiteIn(ev.Duration, 0, maxDurationMs) {
		return bad("d: duration out of range")
	}
	if ev.Scroll != nil && !finiteIn(*ev.Scroll, 0, 100) {
		return bad("sc: scroll depth must be 0-100")
	}
	if !finiteIn(ev.X, 0, maxCoordinate) || !finiteIn(ev.Y, 0, maxCoordinate) {
		return bad("x/y: coordinates out of range")
	}
	if !finiteIn(ev.OffsetX, -maxOffset, maxOffset) || !finiteIn(ev.OffsetY, -maxOffset, maxOffset) {
		return bad("ox/oy: offsets out of range")
	}
	// A child overflowing the clicked element's box gives a little more than 1 or less than 0.
	ev.OffsetX, ev.OffsetY = min(1, max(0, ev.OffsetX)), min(1, max(0, ev.OffsetY))
	if !finiteIn(ev.Viewport, 0, maxViewport) || ev.Viewport != math.Trunc(ev.Viewport) {
		return bad("vw: viewport width must be a whole number of pixels")
	}
	if !finiteIn(ev.Value, -maxValue, maxValue) {
		return bad("val: value out of range")
	}
	if !finiteIn(ev.Line, 0, 1e7) {
		return bad("ln: line out of range")
	}
	if string(ev.Props) == "null" {
		ev.Props = nil // null is no properties, as for every other field
	}
	if len(ev.Props) > 0 {
		// Measured compact, as JSON.stringify writes it: whitespace in the body does not count.
		var compact bytes.Buffer
		if err := json.Compact(&compact, ev.Props); err == nil {
			ev.Props = compact.Bytes()
		}
		if len(ev.Props) > maxPropsBytes {
			return bad("pr: properties larger than %d bytes", maxPropsBytes)
		}
		var m map[string]any
		if err := json.Unmarshal(ev.Props, &m); err != nil {
			return bad("pr: properties must be an object")
		}
		if len(m) > 20 {
			return bad("pr: more than 20 properties")
		}
	}
	switch ev.Type {
	case "ev":
		if ev.Name == "" {
			return bad("n: custom events need a name")
		}
	case "wv":
		if !vitalNames[ev.Name] {
			return bad("n: unknown web vital")
		}
		if ev.Value < 0 {
			return bad("val: web vitals are not negative")
		}
	case "er":
		if ev.Message == "" {
			return bad("m: errors need a message")
		}
	case "ob":
		if ev.URL == "" {
			return bad("u: outbound events need a URL")
		}
	case "id":
		if ev.ID == "" {
			return bad("id: identify needs an id")
		}
	case "ex", "ae":
		if !ruleIDPattern.MatchString(ev.ID) {
			return bad("id: exposures and apply errors need the rule id")
		}
	case "xp":
		if !ruleIDPattern.MatchString(ev.ID) {
			return bad("id: experiment exposures need the experiment id")
		}
		if !variantKeyPattern.MatchString(ev.Name) {
			return bad("n: experiment exposures need the variant key")
		}
	}
	return nil
}

func checkPath(p string) error {
	if p == "" || p[0] != '/' {
		return bad("p: path must start with /")
	}
	if len(p) > maxPath {
		return bad("p: path longer than %d characters", maxPath)
	}
	return checkText("p", p, maxPath)
}

func checkText(field, v string, max int) error {
	if len(v) > max*4 || utf8.RuneCountInString(v) > max {
		return bad("%s: longer than %d characters", field, max)
	}
	if !utf8.ValidString(v) {
		return bad("%s: not valid UTF-8", field)
	}
	for _, r := range v {
		if r < 0x20 || r == 0x7f {
			return bad("%s: control characters are not allowed", field)
		}
	}
	return nil
}

func finiteIn(v, lo, hi float64) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0) && v >= lo && v <= hi
}
