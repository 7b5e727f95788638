package clickhouse

// experiment_day_counts (migration 22): experiment_events' rows per site, experiment, goal and day,
// summed at insert by a view. They are the bases of the experiments' kept figures (strataState:
// the exposure rows per day, the outcome rows per goal and day), which every results request reads
// first: from experiment_events (ordered by visitor) that read was every row of the site, each
// time (four times a page of results with revenue beside a goal), growing with the site's traffic;
// from here it is a row per day and goal. experiment_events is never pruned (it outlives
// retention), so neither is this table. A row inserted while the step runs may be counted twice
// (the view and the backfill): bases then differ from the rows' counts, which only makes the kept
// figures be computed once again.
const (
	experimentDayCountsTable = `CREATE TABLE IF NOT EXISTS {T:experiment_day_counts} (site_id String, experiment String, goal String,
		day Date, n UInt64) ENGINE = SummingMergeTree(n) PARTITION BY toYYYYMM(day) ORDER BY (site_id, experiment, goal, day)`
	experimentDayCountsSelect = `SELECT site_id, experiment, goal, day, count() AS n FROM {T:experiment_events} WHERE 1 {{backfill}}
		GROUP BY site_id, experiment, goal, day`
)

var experimentDayCountsStep = Migration{Version: 22, Name: "experiment_day_counts", SQL: []string{experimentDayCountsTable,
	view("experiment_day_counts", experimentDayCountsSelect), backfill("experiment_day_counts", experimentDayCountsSelect)}}
