package sqlite

import "cro/pocketbase/eventstore"

// The store's files moved here from analytics by git mv and kept the names analytics gave the
// contract's types (a copy of analytics' eventstore_aliases.go), so the move changed nothing but
// their package. Qualifying them as eventstore.X is a later, separate change.
type (
	Batch                  = eventstore.Batch
	ClickBin               = eventstore.ClickBin
	ClickMapFigures        = eventstore.ClickMapFigures
	CumulativeFigures      = eventstore.CumulativeFigures
	DayFigures             = eventstore.DayFigures
	DayRange               = eventstore.DayRange
	DimFigures             = eventstore.DimFigures
	ElementClicks          = eventstore.ElementClicks
	Event                  = eventstore.Event
	ExperimentDay          = eventstore.ExperimentDay
	ExperimentFigures      = eventstore.ExperimentFigures
	ExperimentQuery        = eventstore.ExperimentQuery
	FeedCursor             = eventstore.FeedCursor
	FeedItem               = eventstore.FeedItem
	FunnelBreakdownFigures = eventstore.FunnelBreakdownFigures
	FunnelDropOffFigures   = eventstore.FunnelDropOffFigures
	FunnelFigures          = eventstore.FunnelFigures
	FunnelNextPage         = eventstore.FunnelNextPage
	FunnelOrder            = eventstore.FunnelOrder
	FunnelQuery            = eventstore.FunnelQuery
	FunnelStep             = eventstore.FunnelStep
	FunnelStepFigures      = eventstore.FunnelStepFigures
	GuardrailFigures       = eventstore.GuardrailFigures
	HeatmapQuery           = eventstore.HeatmapQuery
	Ingest                 = eventstore.Ingest
	MeanFigures            = eventstore.MeanFigures
	PageFigures            = eventstore.PageFigures
	RuleRevenue            = eventstore.RuleRevenue
	RuleTelemetry          = eventstore.RuleTelemetry
	ScrollBand             = eventstore.ScrollBand
	ScrollFigures          = eventstore.ScrollFigures
	ServerConversion       = eventstore.ServerConversion
	SessionSummary         = eventstore.SessionSummary
	SessionsPage           = eventstore.SessionsPage
	SessionsQuery          = eventstore.SessionsQuery
	Store                  = eventstore.Store
	Totals                 = eventstore.Totals
	VariantFigures         = eventstore.VariantFigures
	WorkerTelemetry        = eventstore.WorkerTelemetry
)

// The site's config as the collector caches it and the writer reads it, by their old names here.
type (
	siteInfo      = eventstore.Site
	goal          = eventstore.Goal
	ruleCfg       = eventstore.RuleConfig
	experimentCfg = eventstore.ExperimentConfig
	variantCfg    = eventstore.VariantConfig
	// GroupSlot is an experiment's place in its exclusive group (groups.go).
	GroupSlot = eventstore.GroupSlot
)

// DeviceClasses are the layouts a heatmap is drawn for.
var DeviceClasses = eventstore.DeviceClasses

const (
	OpenEnd                = eventstore.OpenEnd
	MaxSourcesReported     = eventstore.MaxSourcesReported
	ServerConversionSource = eventstore.ServerConversionSource
	FunnelOrdered          = eventstore.FunnelOrdered
	FunnelStrict           = eventstore.FunnelStrict
	FunnelAnyOrder         = eventstore.FunnelAnyOrder
	RatioRevenue           = eventstore.RatioRevenue
	RatioSessions          = eventstore.RatioSessions
	RatioPages             = eventstore.RatioPages
	RatioOrders            = eventstore.RatioOrders
	RatioGoal              = eventstore.RatioGoal
)

// The features' reads (eventstore/features.go).
type (
	VisitorLatest = eventstore.VisitorLatest
	ArmFigures    = eventstore.ArmFigures
	// VisitorOutcome is a visitor's sessions in the Program impact card's window.
	VisitorOutcome = eventstore.VisitorOutcome
	RatioQuery     = eventstore.RatioQuery
	RatioSums      = eventstore.RatioSums
)
