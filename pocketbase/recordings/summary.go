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
	sourceScroll           = 3
	sourceInput            = 5

	interactionClick = 2
)

// Rage and dead clicks, as the replay and click map tools count them: three or more clicks within
// a second close to each other, and a click after which the page did nothing for a second.
const (
	rageWindowMs = 1000
	rageRadiusPx = 30
	rageMinimum  = 3
	deadWindowMs = 1000
)

// event is the part of an rrweb event the index reads.
type event struct {
	Type      int             `json:"type"`
	Timestamp float64         `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

type eventData struct {
	Source  *int    `json:"source"`
	Type    *int    `json:"type"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Href    string  `json:"href"`
	Tag     string  `json:"tag"`
	Payload struct {
		Href string `json:"href"`
	} `json:"payload"`
}

// Summary is what one chunk adds to its recording's index row.
type Summary struct {
	Events     int
	First      int64 // earliest event time, Unix ms
	Last       int64
	Pages      []string // pages entered, in order, origin and path only (never the query)
	Clicks     int
	RageClicks int
	DeadClicks int
	Errors     int
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
	type click struct {
		at   int64
		x, y float64
	}
	var clicks []click
	var reactions []int64 // times the page visibly answered: DOM changes, scrolls, input, a new page
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
			reactions = append(reactions, at)
		case typeFullSnapshot:
			reactions = append(reactions, at)
		case typeCustom:
			switch d.Tag {
			case "error":
				s.Errors++
			case "page":
				s.Pages = addPage(s.Pages, d.Payload.Href)
				reactions = append(reactions, at)
			}
		case typeIncremental:
			if d.Source == nil {
				continue
			}
			switch *d.Source {
			case sourceMouseInteraction:
				if d.Type != nil && *d.Type == interactionClick {
					clicks = append(clicks, click{at, d.X, d.Y})
				}
			case sourceMutation, sourceScroll, sourceInput:
				reactions = append(reactions, at)
			}
		}
	}
	s.Clicks = len(clicks)
	// Rage: a click that is the third (or later) of a run within the window and radius; each click
	// of such a run counts once.
	inRage := make([]bool, len(clicks))
	for i := range clicks {
		run := []int{i}
		for j := i + 1; j < len(clicks) && clicks[j].at-clicks[i].at <= rageWindowMs; j++ {
			if math.Hypot(clicks[j].x-clicks[i].x, clicks[j].y-clicks[i].y) <= rageRadiusPx {
				run = append(run, j)
			}
		}
		if len(run) >= rageMinimum {
			for _, k := range run {
				inRage[k] = true
			}
		}
	}
	for i, c := range clicks {
		if inRage[i] {
			s.RageClicks++
		}
		// Dead: nothing answered within the window, judged only when the chunk covers the window.
		if c.at+deadWindowMs > s.Last {
			continue
		}
		answered := false
		for _, r := range reactions {
			if r >= c.at && r <= c.at+deadWindowMs {
				answered = true
				break
			}
		}
		if !answered {
			s.DeadClicks++
		}
	}
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
