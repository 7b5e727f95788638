package analytics

// SessionsPerPage is the size of a page of Analytics' session list (as Session Recordings' list).
const SessionsPerPage = 50
