package analytics

import (
	"testing"

	"cro/pocketbase/eventstore/storetest"
)

// Guardrails and ratio metrics after late events, every store against SQLite's answers (the first
// factory): ClickHouse keeps them per day (eventstore/clickhouse/clickhouse_metric_days.go).
func TestStoreContractMetricsFollowLateEvents(t *testing.T) {
	storetest.MetricsFollowLateEvents(t, storeFactories)
}
