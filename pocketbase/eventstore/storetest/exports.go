package storetest

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore"
)

// The contract's fixtures for a store's own tests (its plans, caches, copies and clusters are
// tested on the same traffic).
const (
	SiteA   = siteA
	SiteB   = siteB
	RuleOne = ruleOne
	RuleTwo = ruleTwo
	ExpOne  = expOne
	// Day is Now's UTC day.
	Day = contractDay
)

// Now is the queries' "now" (20:00 UTC).
var Now = contractNow

// Site is a contract site's config: its goals (Purchase, Signup, the micro goal Newsletter) and rules.
func Site(id string) *eventstore.Site { return contractSite(id) }

// Ago is the time d before Now.
func Ago(d time.Duration) time.Time { return ago(d) }

// At is e at time t.
func At(e eventstore.Event, t time.Time) eventstore.Event { return at(e, t) }

// Traffic is the overview's sessions (see contractTraffic).
func Traffic() []eventstore.Ingest { return contractTraffic() }

// ExperimentTraffic is the experiment part's exposures and outcomes; LateConversions arrive after them.
func ExperimentTraffic() []eventstore.Ingest { return experimentTraffic() }

// ExperimentSite is site A with the contract's experiment (ExpOne) running.
func ExperimentSite() *eventstore.Site { return experimentSite() }

// LateConversions are conversions written in later batches than their exposures.
func LateConversions() [][]eventstore.Ingest { return lateConversions() }

// The overview's checks, each on a store given Traffic.
var (
	CheckLive             func(*testing.T, eventstore.Store) = checkLive
	CheckRollups          func(*testing.T, eventstore.Store) = checkRollups
	CheckRuleHealth       func(*testing.T, eventstore.Store) = checkRuleHealth
	CheckRuleRevenue      func(*testing.T, eventstore.Store) = checkRuleRevenue
	CheckSessionConverted func(*testing.T, eventstore.Store) = checkSessionConverted
	CheckWorkers          func(*testing.T, eventstore.Store) = checkWorkers
	CheckDistinctVisitors func(*testing.T, eventstore.Store) = checkDistinctVisitors
	CheckGoalCompletions  func(*testing.T, eventstore.Store) = checkGoalCompletions
)
