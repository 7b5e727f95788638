package clickhouse

import "cro/pocketbase/eventstore"

// The store's files (clickhouse_*.go) moved here from analytics by git mv and kept the names
// analytics gave the contract's types, so the move changed nothing but their package: these
// aliases name them. Qualifying them as eventstore.X is a later, separate change.
type (
	ArmFigures           = eventstore.ArmFigures
	ClickMapFigures      = eventstore.ClickMapFigures
	DayFigures           = eventstore.DayFigures
	DayRange             = eventstore.DayRange
	DimFigures           = eventstore.DimFigures
	ExperimentFigures    = eventstore.ExperimentFigures
	ExperimentQuery      = eventstore.ExperimentQuery
	ExposedVisitor       = eventstore.ExposedVisitor
	FeedCursor           = eventstore.FeedCursor
	FeedItem             = eventstore.FeedItem
	FunnelDropOffFigures = eventstore.FunnelDropOffFigures
	FunnelFigures        = eventstore.FunnelFigures
	FunnelQuery          = eventstore.FunnelQuery
	GuardrailFigures     = eventstore.GuardrailFigures
	HeatmapQuery         = eventstore.HeatmapQuery
	Ingest               = eventstore.Ingest
	PageFigures          = eventstore.PageFigures
	RatioQuery           = eventstore.RatioQuery
	RatioSums            = eventstore.RatioSums
	RuleRevenue          = eventstore.RuleRevenue
	RuleTelemetry        = eventstore.RuleTelemetry
	ScrollFigures        = eventstore.ScrollFigures
	ServerConversion     = eventstore.ServerConversion
	SessionRef           = eventstore.SessionRef
	SessionSummary       = eventstore.SessionSummary
	SessionsPage         = eventstore.SessionsPage
	SessionsQuery        = eventstore.SessionsQuery
	Store                = eventstore.Store
	Totals               = eventstore.Totals
	TrailEvent           = eventstore.TrailEvent
	VisitorLatest        = eventstore.VisitorLatest
	VisitorOutcome       = eventstore.VisitorOutcome
	WorkerTelemetry      = eventstore.WorkerTelemetry

	siteInfo = eventstore.Site
)

const (
	MaxSourcesReported     = eventstore.MaxSourcesReported
	ServerConversionSource = eventstore.ServerConversionSource
	RatioRevenue           = eventstore.RatioRevenue
	RatioSessions          = eventstore.RatioSessions
	RatioPages             = eventstore.RatioPages
	RatioOrders            = eventstore.RatioOrders
	RatioGoal              = eventstore.RatioGoal
)
