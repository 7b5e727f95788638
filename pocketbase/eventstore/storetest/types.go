package storetest

import "cro/pocketbase/eventstore"

// The contract's types by their short names, as the stores' packages name them.
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
	ServerConversion       = eventstore.ServerConversion
	SessionSummary         = eventstore.SessionSummary
	SessionsQuery          = eventstore.SessionsQuery
	Store                  = eventstore.Store
	Totals                 = eventstore.Totals
	VariantFigures         = eventstore.VariantFigures
	WorkerTelemetry        = eventstore.WorkerTelemetry

	siteInfo      = eventstore.Site
	goal          = eventstore.Goal
	experimentCfg = eventstore.ExperimentConfig
	variantCfg    = eventstore.VariantConfig
)

const (
	OpenEnd        = eventstore.OpenEnd
	FunnelOrdered  = eventstore.FunnelOrdered
	FunnelStrict   = eventstore.FunnelStrict
	FunnelAnyOrder = eventstore.FunnelAnyOrder
)
