package integrations

import "time"

// Kinds of events the bus carries.
const (
	EventRollback       = "rollback"          // an optimization rolled back (automatic or by hand)
	EventGuardrailPause = "guardrail_pause"   // an A/B test paused by a guardrail
	EventWinner         = "experiment_winner" // a winner declared
	EventSRM            = "srm_alert"         // a running test's traffic split is off
	EventWeeklySummary  = "weekly_summary"    // the week's figures (Slack)
	EventExposure       = "exposure"          // a visitor saw a test's variant
	EventConversion     = "conversion"        // a verified purchase or goal
	EventTest           = "test"              // 'Test connection'
)

// Event is one thing that happened on a site, in the shape every channel formats from.
type Event struct {
	ID     string // stable: the idempotency key of every delivery of it
	Kind   string
	SiteID string
	Domain string
	At     time.Time
	// Title and Text are the human summary (Slack, the webhook's data.summary); Link a dashboard path.
	Title, Text, Link string
	// Data is the kind's own fields, sent as the webhook's data.
	Data map[string]any

	Visitor    string      // exposures and conversions: the tracker's visitor id
	Exposure   *Exposure   // EventExposure
	Conversion *Conversion // EventConversion
}

// Exposure is a visitor's first sight of a test's variant.
type Exposure struct {
	ExperimentID, ExperimentName, Variant string
}

// Conversion is a verified conversion, most often a purchase from an order webhook.
type Conversion struct {
	Goal     string
	Value    float64
	Currency string
	OrderID  string
	Email    string // only ever sent hashed (SHA-256 of the trimmed lower-case address)
	Source   string // shopify, woocommerce, stripe, api
}

// alertKinds are the events people read: Slack gets these only.
var alertKinds = map[string]bool{
	EventRollback: true, EventGuardrailPause: true, EventWinner: true, EventSRM: true, EventWeeklySummary: true, EventTest: true,
}

// accepts says which events each delivering type receives.
func accepts(integrationType, kind string) bool {
	switch integrationType {
	case "slack":
		return alertKinds[kind]
	case "webhook", "zapier":
		return kind != EventExposure || integrationType == "webhook"
	case "google_analytics", "segment", "mixpanel", "amplitude":
		return kind == EventExposure || kind == EventConversion || kind == EventTest
	case "facebook_pixel":
		return kind == EventConversion || kind == EventTest
	}
	return false
}

// Outbound is the set of types that deliver events to a vendor.
var Outbound = map[string]bool{
	"slack": true, "webhook": true, "zapier": true, "google_analytics": true, "segment": true, "mixpanel": true,
	"amplitude": true, "facebook_pixel": true,
}

// Inbound is the set of types that receive signed order webhooks.
var Inbound = map[string]bool{"shopify": true, "woocommerce": true, "stripe": true}
