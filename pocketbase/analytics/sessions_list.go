package analytics

// isoMillis is how a session's start is answered: the same width every time (Go's RFC 3339
// drops trailing zeros of the fraction).
const isoMillis = "2006-01-02T15:04:05.000Z"

// SessionsPerPage is the size of a page of Analytics' session list (as Session Recordings' list).
const SessionsPerPage = 50
