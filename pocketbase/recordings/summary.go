package recordings

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
)

// rrweb's event and incremental-source numbers (rrweb's own enums).
const (
	typeFullSnapshot = 2
	typeIncremental  = 3
	typeMeta         = 4
	typeCustom       = 5

	sourceMutation         = 0
	sourceMouseInteraction = 2

	interactionClick = 2
)

// event is the part of an rrweb event the index reads.
type event struct {
	Type      int             `json:"type"`
	Timestamp float64         `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

type eventData struct {
	Source  *int   `json:"source"`
	Type    *int   `json:"type"`
	Href    string `json:"href"`
	Tag     string `json:"tag"`
	Payload struct {
		Href string `json:"href"`
	} `json:"payload"`
}

// Summary is what one chunk adds to its recording's index row.
type Summary struct {
	Events int
	First  int64 // earliest event time, Unix ms
	Last   int64
	Pages  []string // pages entered, in order, origin and path only (never the query)
	Clicks int
	Errors int
}

var errNoEvents = errors.New("the chunk holds no events")

// Summarize parses a chunk's events (a JSON array of rrweb events) and counts what the index shows.
// A chunk that is not such an array, or an event without a type or time, is refused whole.
func Summarize(raw []byte) (Summary, []event, error) {
	var events []event
	if err := json.Unmarshal(raw, &events); err != nil {
		return Summary{}, nil, fmt.Errorf("the chunk is not a JSON array of events: %w", err)
	}
	if len(events) == 0 {
		return Summary{}, nil, errNoEvents
	}
	s := Summary{Events: len(events), First: math.MaxInt64}
	clicks := 0
	for i, ev := range events {
		if ev.Type < 0 || ev.Type > 6 || ev.Timestamp <= 0 || math.IsNaN(ev.Timestamp) {
			return Summary{}, nil, fmt.Errorf("event %d has no valid type and timestamp", i)
		}
		at := int64(ev.Timestamp)
		s.First = min(s.First, at)
		s.Last = max(s.Last, at)
		var d eventData
		if len(ev.Data) > 0 && ev.Data[0] == '{' {
			_ = json.Unmarshal(ev.Data, &d)
		}
		switch ev.Type {
		case typeMeta:
			s.Pages = addPage(s.Pages, d.Href)
		case typeCustom:
			switch d.Tag {
			case "error":
				s.Errors++
			case "page":
				s.Pages = addPage(s.Pages, d.Payload.Href)
			}
		case typeIncremental:
			if d.Source == nil {
				continue
			}
			if *d.Source == sourceMouseInteraction && d.Type != nil && *d.Type == interactionClick {
				clicks++
			}
		}
	}
	// Rage and dead clicks are the session's frustration signals (pocketbase/frustration), counted
	// from its analytics events by the click maps' rule, not from the recording.
	s.Clicks = clicks
	return s, events, nil
}

// maxPages bounds the pages kept on one recording's row.
const maxPages = 50

// addPage appends a page (origin and path) unless it is the last one already or not a web address.
func addPage(pages []string, href string) []string {
	u, err := url.Parse(href)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return pages
	}
	p := u.Scheme + "://" + u.Host + u.EscapedPath()
	if len(p) > 500 || len(pages) >= maxPages || (len(pages) > 0 && pages[len(pages)-1] == p) {
		return pages
	}
	return append(pages, p)
}
