package eventstore

import (
	"encoding/json"
	"time"
)

// Batch is what the tracker posts to the collect endpoint (short keys keep the tracker small).
type Batch struct {
	Key     string `json:"k"`
	Visitor string `json:"v"`
	Session string `json:"s"`
	// ID is the tracker's id of this batch, the same when it is re-sent ("" from older scripts):
	// a store writes one id once (batchonce).
	ID     string  `json:"b,omitempty"`
	Events []Event `json:"e"`
}

// Event is one tracker event; which fields apply depends on its type.
type Event struct {
	Type      string          `json:"t"`
	TS        float64         `json:"ts"`
	Path      string          `json:"p"`
	Referrer  string          `json:"r,omitempty"`
	UtmSource string          `json:"us,omitempty"`
	UtmMedium string          `json:"um,omitempty"`
	UtmCamp   string          `json:"uc,omitempty"`
	Duration  float64         `json:"d,omitempty"`
	Scroll    *float64        `json:"sc,omitempty"`
	Selector  string          `json:"sel,omitempty"`
	Text      string          `json:"tx,omitempty"`
	X         float64         `json:"x,omitempty"`
	Y         float64         `json:"y,omitempty"`
	GoalMatch string          `json:"gm,omitempty"`
	OffsetX   float64         `json:"ox,omitempty"`
	OffsetY   float64         `json:"oy,omitempty"`
	Viewport  float64         `json:"vw,omitempty"`
	URL       string          `json:"u,omitempty"`
	Name      string          `json:"n,omitempty"`
	Value     float64         `json:"val,omitempty"`
	Props     json.RawMessage `json:"pr,omitempty"`
	Message   string          `json:"m,omitempty"`
	Source    string          `json:"src,omitempty"`
	Line      float64         `json:"ln,omitempty"`
	ID        string          `json:"id,omitempty"`

	// At is the validated timestamp (the collector sets it from TS; never sent).
	At time.Time `json:"-"`
}

// ServerConversion is a conversion reported by the site's own server through the public API. Only
// the holder of one of the site's secret keys can send it, so it is stored as verified (the raw
// event's properties carry source "api" and verified true), unlike conversions seen by browsers.
type ServerConversion struct {
	ID      string // the API's id of the conversion
	Visitor string // the tracker's visitor id
	Goal    string
	// GoalID is the site's custom-event goal of the same name (a server-side conversion named
	// like a cro('track', name) goal is that goal), or "" when none matches.
	GoalID   string
	Value    float64
	Currency string
	At       time.Time
}

// ServerConversionSource is the source property of conversions reported through the public API.
const ServerConversionSource = "api"
