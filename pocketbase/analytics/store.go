package analytics

import "time"

// Store is the event store: the only owner of raw events, sessions and their rollups. Routes,
// crons, the live refresher, the seed command and the JS hooks ($analytics) use it and nothing
// else, so that another engine can take SQLite's place by implementing this interface and
// passing store_contract_test.go.
//
// Queries return plain sums; the rates and rounding the product shows are derived by the callers
// (Totals.derive, the handlers), once for every implementation.
type Store interface {
	// Start begins accepting writes (the server is serving); Stop drains and ends them.
	Start()
	Stop()
	// Submit stores one validated batch and returns once it is durable (acknowledged means stored).
	Submit(in Ingest) error
	// WriteAll stores batches synchronously, in order (the seed command and tests).
	WriteAll(in []Ingest) error
	// TakeDirty returns and forgets the ids of sites written to since the last call.
	TakeDirty() []string
	// ActiveVisitors counts the distinct visitors of a site seen in the five minutes before now.
	ActiveVisitors(siteID string, now time.Time) int

	// Totals sums a site's daily rollups over a range of days.
	Totals(siteID string, days DayRange) (Totals, error)
	// Daily returns a site's daily rollups in the range, oldest first, only days with data.
	Daily(siteID string, days DayRange) ([]DayFigures, error)
	// TopPages returns the range's pages with most conversions, then revenue, then page views.
	TopPages(siteID string, days DayRange, limit int) ([]PageFigures, error)
	// Dimensions returns every (dimension, value) of the range, most sessions first.
	Dimensions(siteID string, days DayRange) ([]DimFigures, error)

	// RuleHealth counts an optimization rule's telemetry since a time (the health evaluation).
	RuleHealth(siteID, ruleID string, since time.Time) (RuleTelemetry, error)
	// WorkerTelemetry counts the CRO workers' telemetry over the hour and the day before now.
	WorkerTelemetry(siteID string, ruleIDs []string, now time.Time) (WorkerTelemetry, error)

	// Prune deletes raw events and sessions older than before; rollups are kept.
	Prune(before time.Time) error
	// PruneSite does the same for one site (each site may keep its raw events for its own time).
	PruneSite(siteID string, before time.Time) error
}

// Ingest is one validated batch with what the collector knows about its sender, or one
// server-side conversion (Conversion set, Batch nil) from the public API.
type Ingest struct {
	Site                     *siteInfo
	Conversion               *ServerConversion
	Batch                    *Batch
	Device, Browser, Country string
}

// DayRange is an inclusive range of UTC days ("2006-01-02"); To may be OpenEnd.
type DayRange struct{ From, To string }

// OpenEnd as a range's end includes every day from From on.
const OpenEnd = "9999-12-31"

// DayFigures is one day of a site's rollup.
type DayFigures struct {
	Day               string  `db:"day" json:"day"`
	Visitors          float64 `db:"visitors" json:"visitors"`
	Sessions          float64 `db:"sessions" json:"sessions"`
	Pageviews         float64 `db:"pageviews" json:"pageviews"`
	Conversions       float64 `db:"conversions" json:"conversions"`
	ConvertedSessions float64 `db:"converted_sessions" json:"-"`
	Revenue           float64 `db:"revenue" json:"revenue"`
}

// PageFigures is one page's rollup over a range; the derived fields are filled by the caller.
type PageFigures struct {
	Path        string  `db:"path" json:"path"`
	Visitors    float64 `db:"visitors" json:"visitors"`
	Pageviews   float64 `db:"pageviews" json:"pageviews"`
	Entries     float64 `db:"entries" json:"entries"`
	Bounces     float64 `db:"bounces" json:"-"`
	Conversions float64 `db:"conversions" json:"conversions"`
	Revenue     float64 `db:"revenue" json:"revenue"`
	DurationMs  float64 `db:"duration_ms" json:"-"`
	ScrollSum   float64 `db:"scroll_sum" json:"-"`
	ScrollCount float64 `db:"scroll_count" json:"-"`
	Errors      float64 `db:"errors" json:"errors"`
	// Derived.
	ConversionRate float64 `db:"-" json:"conversionRate"`
	BounceRate     float64 `db:"-" json:"bounceRate"`
	AvgTime        float64 `db:"-" json:"avgTime"`
	AvgScroll      float64 `db:"-" json:"avgScroll"`
}

// DimFigures is one value of a dimension (source, device, country...) over a range.
type DimFigures struct {
	Dim         string  `db:"dim" json:"-"`
	Value       string  `db:"value" json:"value"`
	Sessions    float64 `db:"sessions" json:"sessions"`
	Visitors    float64 `db:"visitors" json:"visitors"`
	Conversions float64 `db:"conversions" json:"conversions"`
	Revenue     float64 `db:"revenue" json:"revenue"`
	Rate        float64 `db:"-" json:"conversionRate"`
}

// RuleTelemetry is what the health evaluation (src/lib/health.ts) needs about one rule. The field
// order is part of the contract: the hooks keep JSON.stringify of it as the sample's key.
type RuleTelemetry struct {
	ExposedSessions        int `json:"exposedSessions"`        // sessions with the rule applied
	ExposedErrorSessions   int `json:"exposedErrorSessions"`   // of those, with a page error after an exposure
	ExposedConversions     int `json:"exposedConversions"`     // of those, converting
	UnexposedSessions      int `json:"unexposedSessions"`      // sessions with page views that never met the rule
	UnexposedErrorSessions int `json:"unexposedErrorSessions"` // of those, with a page error
	UnexposedConversions   int `json:"unexposedConversions"`   // of those, converting
	ApplyFailures          int `json:"applyFailures"`          // apply_error events of the rule
}

// WorkerTelemetry is the CRO workers screen's raw figures.
type WorkerTelemetry struct {
	AppliedLastHour    int     `json:"appliedLastHour"`    // exposures of the given rules, last hour
	ExposuresLastDay   int     `json:"exposuresLastDay"`   // exposures of the given rules, last 24 hours
	MeanApplyMs        float64 `json:"meanApplyMs"`        // their mean time to apply, 0 without exposures
	PageLoadsLastDay   int     `json:"pageLoadsLastDay"`   // page views, last 24 hours
	FailedLoadsLastDay int     `json:"failedLoadsLastDay"` // distinct (session, page) with an error, last 24 hours
}
