package eventstore

import "time"

// FunnelOrder is how a funnel's steps must follow each other.
type FunnelOrder string

const (
	FunnelOrdered  FunnelOrder = "ordered"
	FunnelStrict   FunnelOrder = "strict"
	FunnelAnyOrder FunnelOrder = "any"
)

// Totals are the summary figures of a period, all derived from analytics_daily.
type Totals struct {
	Visitors          float64 `db:"visitors" json:"visitors"`
	Sessions          float64 `db:"sessions" json:"sessions"`
	Pageviews         float64 `db:"pageviews" json:"pageviews"`
	Bounces           float64 `db:"bounces" json:"bounces"`
	DurationMs        float64 `db:"duration_ms" json:"-"`
	Conversions       float64 `db:"conversions" json:"conversions"`
	ConvertedSessions float64 `db:"converted_sessions" json:"convertedSessions"`
	Revenue           float64 `db:"revenue" json:"revenue"`
	ScrollSum         float64 `db:"scroll_sum" json:"-"`
	ScrollCount       float64 `db:"scroll_count" json:"-"`
	Errors            float64 `db:"errors" json:"errors"`
	Clicks            float64 `db:"clicks" json:"clicks"`
	Micro             float64 `db:"micro_conversions" json:"microConversions"`
	// Exposures the ingest dropped: of experiments not running on the site, or unknown variants.
	DroppedExposures float64 `db:"dropped_exposures" json:"droppedExposures"`
	// Hits the collect endpoint filtered as automated (collect/ua.go): counted, never stored as events.
	AutomatedHits float64 `db:"bot_hits" json:"automatedHits"`
	// Derived.
	ConversionRate float64 `db:"-" json:"conversionRate"`
	BounceRate     float64 `db:"-" json:"bounceRate"`
	AvgDuration    float64 `db:"-" json:"avgDuration"`
	AvgScroll      float64 `db:"-" json:"avgScroll"`
}

// FunnelStep is a page pattern or a goal id, exactly one of them.
type FunnelStep struct {
	Page string `json:"page,omitempty"`
	Goal string `json:"goal,omitempty"`
}

// FunnelQuery asks for a funnel's figures: entries (step-1 events) in [From, To).
type FunnelQuery struct {
	SiteID    string
	Steps     []FunnelStep
	Window    time.Duration
	Order     FunnelOrder
	From, To  time.Time
	Breakdown string
	// Zone is the site's time zone, whose calendar days the stored funnel days follow (nil: UTC).
	Zone *time.Location
}

// FunnelStepFigures are one step's visitors and the median seconds from the previous step to
// this one (0 on the first step and without visitors).
type FunnelStepFigures struct {
	Users         float64 `json:"users"`
	MedianSeconds float64 `json:"medianSeconds"`
}

// FunnelBreakdownFigures are the visitors at each step of the entrants with one value.
type FunnelBreakdownFigures struct {
	Value string    `json:"value"`
	Users []float64 `json:"users"`
}

// FunnelFigures are a funnel's counts; rates are derived by the callers (src/lib/funnels.ts).
type FunnelFigures struct {
	Steps []FunnelStepFigures `json:"steps"`
	// MedianTotalSeconds is the median time from step 1 to the last step of those who finished.
	MedianTotalSeconds float64                  `json:"medianTotalSeconds"`
	Breakdown          []FunnelBreakdownFigures `json:"breakdown"`
}

// FunnelNextPage is where visitors who stopped at a step went next; Path "" is nowhere (they left).
type FunnelNextPage struct {
	Path     string  `json:"path"`
	Visitors float64 `json:"visitors"`
}

// FunnelDropOffFigures describe the visitors who reached a step and not the next one.
type FunnelDropOffFigures struct {
	Visitors float64 `json:"visitors"`
	// NextPages counts where the first MaxDropOffSessions of them (by visitor id) went next.
	NextPages []FunnelNextPage `json:"nextPages"`
	// Sessions are the sessions in which they reached the step (at most MaxDropOffSessions).
	Sessions []string `json:"sessions"`
}

// FeedItem is an experiment exposure or a goal conversion, as the integrations forward them to
// analytics and ad tools.
type FeedItem struct {
	Kind    string // "exposure" or "conversion"
	ID      string // stable: the receivers' idempotency key
	Row     int64  // its place in the order of writing (the feed's cursor)
	Visitor string
	At      time.Time
	// Exposures: the experiment and the variant first shown.
	Experiment, Variant string
	// Conversions: the goal's id ("api:<name>" for a server-side name without a goal), the event's
	// name, the value counted, whether a signed server source sent it, and its source's id.
	Goal, Name   string
	Value        float64
	Verified     bool
	ConversionID string
}

// FeedCursor is where a reader of the feed is, per source table, in the order of writing: batches
// arrive late (a phone offline, a tab reopened), so event time cannot be the cursor.
type FeedCursor struct {
	Exposures   int64 `json:"x"`
	Conversions int64 `json:"c"`
}

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

// DeviceClasses are the layouts a heatmap is drawn for (HeatmapQuery.Device).
var DeviceClasses = []string{"desktop", "tablet", "mobile"}

// HeatmapQuery names a site's page (its path), a device class and the range [From, To).
type HeatmapQuery struct {
	SiteID, Path, Device string
	From, To             time.Time
}

// ClickMapFigures are a page's clicks for one device class.
type ClickMapFigures struct {
	Clicks   int             `json:"clicks"`
	Elements []ElementClicks `json:"elements"`
	Bins     []ClickBin      `json:"bins"`
}

// ElementClicks are one element's clicks, most clicked first; Share is of the page's clicks (0-1).
type ElementClicks struct {
	Selector   string  `json:"selector"`
	Text       string  `json:"text"`
	Clicks     int     `json:"clicks"`
	Share      float64 `json:"share"`
	RageClicks int     `json:"rageClicks"`
	DeadClicks int     `json:"deadClicks"`
}

// ClickBin is the clicks of one offset bin of an element; X and Y are the bin's centre as
// fractions of the element's width and height.
type ClickBin struct {
	Selector string  `json:"selector"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Clicks   int     `json:"clicks"`
}

// ScrollFigures are a page's scroll map: page views with a measured depth, and per tenth of the
// page (Depth 10..100) those that reached it.
type ScrollFigures struct {
	PageViews int          `json:"pageViews"`
	Bands     []ScrollBand `json:"bands"`
}

// ScrollBand is one depth of the scroll map; Share is of ScrollFigures.PageViews (0-1).
type ScrollBand struct {
	Depth     int     `json:"depth"`
	PageViews int     `json:"pageViews"`
	Share     float64 `json:"share"`
}
