package eventstore

import (
	"encoding/json"
	"time"
)

// Site is what ingestion and the script need to know about a site (the collector's cached
// config of it), handed to the store with each batch.
type Site struct {
	ID        string
	Key       string
	Domain    string
	Staging   string // the staging host testing mode runs on; its origin may send events too
	IgnoreDNT bool
	// ConsentFree: nothing on the visitor's device; visitors are named by the server (collect/consent_free.go).
	ConsentFree bool
	Goals       []Goal
	// Zone is the site's time zone: its days, "today" and weeks (UTC when unset).
	Zone    *time.Location
	Rules   []RuleConfig // enabled optimization rules, inlined into the script
	RuleIDs map[string]bool
	// Running experiments, inlined into the script; exposures of anything else are dropped.
	Experiments map[string]*ExperimentConfig
	// ExperimentList are the same experiments in the script's order (oldest first).
	ExperimentList []ExperimentConfig
	// Recording is the session recorder's config (key `v`), nil when the site does not record.
	Recording json.RawMessage
	// TagManager: Google Tag Manager is connected; the tracker pushes exposures to dataLayer.
	TagManager bool
	// Ecommerce is the ecommerce chunk's config (key `o`), nil when the site captures none.
	Ecommerce json.RawMessage
	// Surveys is the survey widget's config (key `y`), nil when the site has no active survey.
	Surveys json.RawMessage
	// Audiences the enabled rules and running experiments target, by id (analytics/audiences.go).
	Audiences map[string]json.RawMessage
	// AudienceKinds: the condition kinds those audiences use (country is then inlined per request).
	AudienceKinds map[string]bool
	// Holdout is the global holdout's percent of tracked visitors (no rule, no test), 0 for none.
	Holdout int
}

// Goal is one of the site's enabled goals, matched against each event as it is written.
type Goal struct {
	ID    string  `json:"-"`
	Name  string  `json:"-"`
	Type  string  `json:"-"`
	Match string  `json:"-"`
	Value float64 `json:"-"`
	// Micro goals are small steps (a newsletter signup, an add to cart): counted as micro
	// conversions with their points, never as the site's conversions or revenue.
	Micro bool `json:"-"`
}

// RuleConfig is an enabled optimization rule as the tracker applies it (src/tracker/rules.ts).
type RuleConfig struct {
	ID       string          `json:"i"`
	Seed     string          `json:"s"`
	Pct      int             `json:"p"`
	URL      string          `json:"u,omitempty"`
	Selector string          `json:"q,omitempty"`
	Changes  json.RawMessage `json:"c"`
	Testing  bool            `json:"x,omitempty"`
	// Except: URL patterns where a running experiment changes the same element; not applied there.
	Except []string `json:"xu,omitempty"`
	// Audience: the id of the audience the rule is shown to (a personalization), Holdout the
	// percent of that audience who keep the original so its effect can be measured.
	Audience string `json:"a,omitempty"`
	Holdout  int    `json:"h,omitempty"`
}

// ExperimentConfig is a running experiment as the tracker needs it (short keys, like RuleConfig):
// who is in it (traffic, targeting), how a visitor is bucketed (seed, weights) and what each
// variant changes. Overrides lists the enabled rules it takes the tested element from.
type ExperimentConfig struct {
	ID        string          `json:"i"`
	Seed      string          `json:"s"`
	Traffic   float64         `json:"p"` // percent of the targeted visitors in the experiment
	URL       string          `json:"u,omitempty"`
	Selector  string          `json:"q,omitempty"`
	Device    string          `json:"d,omitempty"` // desktop, mobile or tablet; absent: any
	Visitor   string          `json:"n,omitempty"` // new or returning; absent: any
	Variants  []VariantConfig `json:"v"`
	Overrides []string        `json:"o,omitempty"`
	Audience  string          `json:"a,omitempty"` // the targeted audience's id; absent: everyone
	// Group: the exclusive group's seed and this experiment's [A, B) range of its namespace
	// (src/lib/assignment.ts inGroupRange); then Traffic is 100, the range being its share.
	Group *GroupSlot `json:"g,omitempty"`
}

// GroupSlot is an experiment's place in its exclusive group: the group's seed and its range.
type GroupSlot struct {
	Seed  string  `json:"s"`
	Start float64 `json:"a"`
	End   float64 `json:"b"`
}

// VariantConfig is one variant of a running experiment: its key, weight and changes.
type VariantConfig struct {
	Key     string          `json:"k"`
	Weight  float64         `json:"w"`
	Changes json.RawMessage `json:"c"`
	// URL is a split-URL test variant's address (src/lib/contracts/split-url.ts); absent otherwise.
	URL string `json:"l,omitempty"`
}
