package sqlite

// EventTables are the SQLite tables the event store owns (created by the analytics migrations).
// Only this package's SQL names them; hooks read them through $analytics, and
// tests/unit/hooks-no-event-sql.test.ts reads this list to keep SQL on them out of pb_hooks.
var EventTables = []string{"events", "sessions", "analytics_daily", "analytics_pages", "analytics_dims", "experiment_exposures",
	"experiment_conversions", "experiment_daily", "experiment_goal_daily", "funnel_days", "funnel_late",
	"click_days", "click_late", "experiment_covariates", "experiment_cuped_sums", "metric_late", "metric_settled", "metric_visitors"}
