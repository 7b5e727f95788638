package analytics

import (
	"testing"

	"cro/pocketbase/eventstore/storetest"
)

// The event store's contract (eventstore/storetest) runs against both stores of this package.
var storeFactories = []storetest.Factory{
	{Name: "sqlite", Open: openSQLiteStore},
	{Name: "clickhouse", Open: openClickHouseStore},
	// Every day settled as soon as it is read, so the contract also checks the settled figures and
	// their invalidation by later events (clickhouse_settled.go).
	{Name: "clickhouse-settled", Open: openClickHouseSettledStore},
}

func TestStoreContract(t *testing.T) { storetest.Run(t, storeFactories...) }

// The contract's fixtures by the names this package's other tests use.
const (
	siteA       = storetest.SiteA
	siteB       = storetest.SiteB
	ruleOne     = storetest.RuleOne
	ruleTwo     = storetest.RuleTwo
	expOne      = storetest.ExpOne
	contractDay = storetest.Day
)

var (
	contractNow           = storetest.Now
	contractSite          = storetest.Site
	ago                   = storetest.Ago
	at                    = storetest.At
	contractTraffic       = storetest.Traffic
	experimentTraffic     = storetest.ExperimentTraffic
	experimentSite        = storetest.ExperimentSite
	lateConversions       = storetest.LateConversions
	checkLive             = storetest.CheckLive
	checkRollups          = storetest.CheckRollups
	checkRuleHealth       = storetest.CheckRuleHealth
	checkRuleRevenue      = storetest.CheckRuleRevenue
	checkSessionConverted = storetest.CheckSessionConverted
	checkWorkers          = storetest.CheckWorkers
	checkDistinctVisitors = storetest.CheckDistinctVisitors
	checkGoalCompletions  = storetest.CheckGoalCompletions
)
