package eventstore

import "time"

// FeatureReads are the reads of the features built on the event path (audiences'
// reach, personalization's measured effect, ecommerce's orders per variant, frustration
// signals): part of Store, so that they answer the same on every store instead of reading
// SQLite's tables themselves.
type FeatureReads interface {
	// VisitorsSince lists the visitors with a session started at or after from, each with their
	// latest session (within retention) and how many sessions they have had, latest first, at most limit.
	VisitorsSince(siteID string, from time.Time, limit int) ([]VisitorLatest, error)
	// PersonalizationArms counts a personalization's visitors per arm: each visitor in the arm
	// ("exposure" or "holdout_exposure") of their first such event of the rule, converting when
	// they reached the goal (any non-micro goal when goalID is "") at or after it.
	PersonalizationArms(siteID, ruleID, goalID string) ([]ArmFigures, error)
	// ExposedVisitors lists an experiment's exposed visitors, each with its first exposure.
	ExposedVisitors(siteID, experimentID string) ([]ExposedVisitor, error)
	// SessionsSeen lists the site's sessions whose last event is in (after, until], started at most
	// maxAge before until, at most limit of them (oldest activity first).
	SessionsSeen(siteID string, after, until time.Time, maxAge time.Duration, limit int) ([]SessionRef, error)
	// SessionTrail reads one session's page views, leaves, clicks and errors in time order.
	SessionTrail(siteID, session string) ([]TrailEvent, error)
	// ProgramVisitors lists the visitors with a session with page views started at or after from
	// (the Program impact card), each converted when one of those sessions reached a goal (micro
	// goals excluded; only goalID when set), with those sessions' revenue.
	ProgramVisitors(siteID string, from time.Time, goalID string) ([]VisitorOutcome, error)
	// FirstExposures counts an experiment's visitors per variant whose first exposure is at or
	// after from and before to (no end when to is zero): a bandit period's observed split.
	FirstExposures(siteID, experimentID string, from, to time.Time) (map[string]int, error)
}

// VisitorOutcome is one visitor's sessions in a window: converted or not, and their revenue.
type VisitorOutcome struct {
	Visitor   string
	Converted bool
	Revenue   float64
}

// VisitorLatest is a visitor's latest session, as an audience's conditions see it.
type VisitorLatest struct {
	Visitor                           string
	StartedAt                         time.Time
	EntryPath                         string
	Referrer                          string
	UtmSource, UtmMedium, UtmCampaign string
	Device, Browser, Country          string
	Sessions                          int
}

// ArmFigures are one arm of a personalization: its visitors and those converting.
type ArmFigures struct {
	Arm         string // "exposure" or "holdout_exposure"
	Visitors    int
	Conversions int
}

// ExposedVisitor is one visitor's first exposure to an experiment: its variant and time.
type ExposedVisitor struct {
	Visitor string
	Variant string
	At      time.Time
}

// SessionRef is a session seen in a time window, with the dimensions its list filters by.
type SessionRef struct {
	Session     string
	StartedAt   time.Time
	LastSeenAt  time.Time
	EntryPath   string
	Device      string
	Country     string
	Source      string // Source of its referrer
	Converted   bool   // a goal conversion (micro goals excluded)
	DurationSec float64
}

// TrailEvent is one of a session's page views, leaves, clicks and errors, in time order.
type TrailEvent struct {
	Type     string // pageview, leave, click, error
	Path     string
	Selector string  // clicks
	At       float64 // Unix ms
	Value    float64 // leave: time on page (ms)
	X        float64 // leave: max scroll (%)
}
