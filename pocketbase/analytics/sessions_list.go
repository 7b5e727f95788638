package analytics

import "time"

// isoMillis is how a session's start is answered: the same width every time (Go's RFC 3339
// drops trailing zeros of the fraction).
const isoMillis = "2006-01-02T15:04:05.000Z"

// SessionsPerPage is the size of a page of Analytics' session list (as Session Recordings' list).
const SessionsPerPage = 50

// SessionsQuery asks for page Page (1-based) of PerPage sessions of a site that started at or
// after From and before To.
type SessionsQuery struct {
	SiteID        string
	From, To      time.Time
	Page, PerPage int
}

// SessionSummary is one session as Analytics lists it. Duration is the time on its pages as the
// tracker's leave events report it (the same the Analytics average duration sums). Converted means
// a goal conversion (micro goals excluded, as everywhere conversions are counted) or a purchase
// (a custom event with a value) in the session. Recorded is not the store's: the route fills it
// from session_recordings.
type SessionSummary struct {
	SessionID       string  `json:"sessionId"`
	StartedAt       string  `json:"startedAt"` // ISO 8601 in UTC, always with milliseconds
	DurationSeconds float64 `json:"durationSeconds"`
	PageViews       int     `json:"pageViews"`
	EntryPage       string  `json:"entryPage"`
	ExitPage        string  `json:"exitPage"`
	Device          string  `json:"device"`
	Browser         string  `json:"browser"`
	Country         string  `json:"country"`
	Source          string  `json:"source"` // Source of the session's referrer, as the Traffic Sources table counts it
	Converted       bool    `json:"converted"`
	Recorded        bool    `json:"recorded"`
}

// SessionsPage is one page of sessions; HasMore says whether an older page exists (the list is
// not counted: a count would read every session of the range).
type SessionsPage struct {
	Items   []SessionSummary `json:"items"`
	Page    int              `json:"page"`
	PerPage int              `json:"perPage"`
	HasMore bool             `json:"hasMore"`
}
