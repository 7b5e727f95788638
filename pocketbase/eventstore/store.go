package eventstore

import (
	"errors"
	"time"
)

// ErrDuplicate is Submit's answer to a batch whose id it has already stored: nothing was written,
// and the sender is told its batch is stored (it was, by the earlier send).
var ErrDuplicate = errors.New("batch already stored")

// Store is the event store: the only owner of raw events, sessions and their rollups. Routes,
// crons, the live refresher, the seed command and the JS hooks ($analytics) use it and nothing
// else, so that another engine can take SQLite's place by implementing this interface and
// passing the contract test (eventstore/storetest, run by each store's tests).
//
// Queries return plain sums; the rates and rounding the product shows are derived by the callers
// (analytics' deriveTotals, the handlers), once for every implementation.
type Store interface {
	// Start begins accepting writes (the server is serving); Stop drains and ends them.
	Start()
	Stop()
	// Submit stores one validated batch and returns once it is durable (acknowledged means stored);
	// a batch whose ID it stored already is not stored again (ErrDuplicate).
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

	// ExperimentResults aggregates an experiment's exposed visitors per variant for one goal:
	// conversions and revenue count only after each visitor's first exposure.
	ExperimentResults(q ExperimentQuery) (ExperimentFigures, error)

	// ExperimentGuardrails counts, per variant, the exposed visitors with a page error after their
	// first exposure and those who bounced, from raw events and sessions (so within retention).
	ExperimentGuardrails(siteID, experimentID string) ([]GuardrailFigures, error)
	// GoalConverters counts the distinct visitors converting a goal (with Revenue: purchasing) at or
	// after from, the planner's measured baseline with DistinctVisitors.
	GoalConverters(q ExperimentQuery, from time.Time) (int, error)
	// FunnelResults counts a funnel's visitors per step (eventstore/funnelpath has the semantics), with the
	// median time between steps and, when asked, per value of a breakdown.
	FunnelResults(q FunnelQuery) (FunnelFigures, error)
	// FunnelDropOff describes the visitors who reached step (0-based) and not the next one.
	FunnelDropOff(q FunnelQuery, step int) (FunnelDropOffFigures, error)
	// Feed returns a site's first exposures to experiments and its goal conversions written after
	// the cursor, at most limit of each (the integrations forward them to analytics tools);
	// FeedStart is the cursor before the first row written about a time at or after since.
	Feed(siteID string, after FeedCursor, limit int) ([]FeedItem, error)
	FeedStart(siteID string, since time.Time) (FeedCursor, error)

	// Prune deletes raw events and sessions older than before; rollups and experiment aggregates are kept.
	Prune(before time.Time) error
	// PruneSite does the same for one site (each site may keep its raw events for its own time).
	PruneSite(siteID string, before time.Time) error

	// RuleRevenue measures an optimization rule between from (included) and to (excluded): the
	// visitors it reached, revenue per session of the sessions it reached, and of the sessions on
	// its pages (urlPattern, every page when empty) it did not reach: its holdout.
	RuleRevenue(siteID, ruleID, urlPattern string, from, to time.Time) (RuleRevenue, error)

	// GoalCompletions counts, per goal, the sessions that completed the given micro goals between
	// from (included) and to (excluded); goals without a completion are absent.
	GoalCompletions(siteID string, goalIDs []string, from, to time.Time) (map[string]int, error)

	// CountAutomated adds one hit filtered as automated (a robot's user agent) to a site's day;
	// it returns once the count is durable, like Submit.
	CountAutomated(siteID string, at time.Time) error

	// ClickMap counts a page's clicks of one device class in a range per element (with rage and dead
	// clicks) and per element and offset bin, the heat layer (eventstore/clickmap has the semantics).
	ClickMap(q HeatmapQuery) (ClickMapFigures, error)
	// ScrollDepth counts the page views of a page and device class in a range that reached each
	// tenth of the page.
	ScrollDepth(q HeatmapQuery) (ScrollFigures, error)

	// DistinctVisitors counts the different visitors with a session started at or after from
	// (plan metering: tracked visitors this month).
	DistinctVisitors(siteID string, from time.Time) (int, error)
	// SessionConverted says whether a session (its tracker session id) converted: the session
	// recordings' index shows it.
	SessionConverted(siteID, sessionKey string) (bool, error)
	// RecentSessions returns one page of a site's sessions with page views that started in the
	// query's range, newest first (sessions_list.go has the fields and what converted means).
	RecentSessions(q SessionsQuery) (SessionsPage, error)

	FeatureReads
	RatioReads
}

// Ingest is one validated batch with what the collector knows about its sender, or one
// server-side conversion (Conversion set, Batch nil) from the public API.
type Ingest struct {
	Site                     *Site
	Conversion               *ServerConversion
	Batch                    *Batch
	Device, Browser, Country string
	// Client is the sender's source (clientSource: a keyed hash of its address), stored with each
	// event so that the health evaluation can tell one client from many.
	Client string
	// Verified marks a batch from a signed server-side source, whose revenue is trusted as sent.
	// The collect endpoint never sets it: browser revenue is capped and stored as unverified.
	Verified bool
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
//
// A source is the client an event came from (Ingest.Client); an event stored without one (written
// by a superuser through the API: the collect endpoint always records it) counts its visitor as
// its own source.
type RuleTelemetry struct {
	ExposedSessions        int `json:"exposedSessions"`        // sessions with the rule applied
	ExposedErrorSessions   int `json:"exposedErrorSessions"`   // of those, with a page error after an exposure
	ExposedConversions     int `json:"exposedConversions"`     // of those, converting
	UnexposedSessions      int `json:"unexposedSessions"`      // sessions with page views that never met the rule
	UnexposedErrorSessions int `json:"unexposedErrorSessions"` // of those, with a page error
	UnexposedConversions   int `json:"unexposedConversions"`   // of those, converting
	ApplyFailures          int `json:"applyFailures"`          // apply_error events of the rule

	ExposedVisitors          int `json:"exposedVisitors"`          // distinct visitors with the rule applied
	ExposedSources           int `json:"exposedSources"`           // distinct sources of those exposures
	TopExposedSourceVisitors int `json:"topExposedSourceVisitors"` // most exposed visitors from one source
	ExposedErrorVisitors     int `json:"exposedErrorVisitors"`     // distinct visitors with a page error after an exposure
	// Visitors with a page error after an exposure, counted per source, largest first (at most
	// MaxSourcesReported sources: past that many the evidence is plain anyway).
	ErrorVisitorsBySource []int `json:"errorVisitorsBySource"`
	// Visitors whose tracker failed to apply the rule, per source, largest first (at most MaxSourcesReported).
	ApplyFailureVisitorsBySource []int `json:"applyFailureVisitorsBySource"`
}

// MaxSourcesReported bounds the per-source lists of RuleTelemetry.
const MaxSourcesReported = 100

// WorkerTelemetry is the CRO workers screen's raw figures.
type WorkerTelemetry struct {
	AppliedLastHour    int     `json:"appliedLastHour"`    // exposures of the given rules, last hour
	ExposuresLastDay   int     `json:"exposuresLastDay"`   // exposures of the given rules, last 24 hours
	MeanApplyMs        float64 `json:"meanApplyMs"`        // their mean time to apply, 0 without exposures
	PageLoadsLastDay   int     `json:"pageLoadsLastDay"`   // page views, last 24 hours
	FailedLoadsLastDay int     `json:"failedLoadsLastDay"` // distinct (session, page) with an error, last 24 hours
}

// ExperimentQuery names an experiment and the goal its results count. A visitor converts when,
// after their first exposure, they convert the goal record GoalID (its conversions as the ingest
// records them, eventstore/goalmatch), or with Revenue when they make a purchase.
type ExperimentQuery struct {
	SiteID, ExperimentID string
	GoalID               string
	Revenue              bool
}

// RuleRevenue is what a rule's revenue impact is measured from (RuleRevenue above).
type RuleRevenue struct {
	ExposedVisitors int         `json:"exposedVisitors"`
	Exposed         MeanFigures `json:"exposed"` // per exposed session
	Holdout         MeanFigures `json:"holdout"` // per session on the rule's pages it did not reach
}

// MeanFigures summarize a per-visitor amount: visitors, the amounts' sum and sum of squares.
type MeanFigures struct {
	Count      float64 `json:"count"`
	Sum        float64 `json:"sum"`
	SumSquares float64 `json:"sum_squares"`
}

// VariantFigures are one variant's totals: exposed visitors, those converting after their first
// exposure, and revenue per exposed visitor (every exposed visitor counts, with 0 if none).
type VariantFigures struct {
	Variant     string      `json:"variant"`
	Users       float64     `json:"users"`
	Conversions float64     `json:"conversions"`
	Revenue     MeanFigures `json:"revenue"`
}

// ExperimentDay is one day of the cumulative series (the uplift-over-time chart): per variant,
// the totals up to and including that UTC day.
type ExperimentDay struct {
	Day      string              `json:"day"`
	Variants []CumulativeFigures `json:"variants"`
}

// CumulativeFigures are a variant's totals up to a day.
type CumulativeFigures struct {
	Variant     string  `json:"variant"`
	Users       float64 `json:"users"`
	Conversions float64 `json:"conversions"`
	Revenue     float64 `json:"revenue"`
}

// GuardrailFigures are one variant's guardrail counts. A visitor bounced when the sessions they
// were active in from their first exposure on hold at most one page view; revenue per visitor
// comes from ExperimentResults.
type GuardrailFigures struct {
	Variant         string  `db:"variant" json:"variant"`
	Users           float64 `db:"users" json:"users"`
	ErrorVisitors   float64 `db:"error_visitors" json:"errorVisitors"`
	BouncedVisitors float64 `db:"bounced_visitors" json:"bouncedVisitors"`
}

// ExperimentFigures are an experiment's results: per variant seen in its exposures (ordered by
// key), and the daily cumulative series, oldest first.
type ExperimentFigures struct {
	Variants []VariantFigures `json:"variants"`
	Daily    []ExperimentDay  `json:"daily"`
}
