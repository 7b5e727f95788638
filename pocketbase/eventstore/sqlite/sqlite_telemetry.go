package sqlite

import (
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// Telemetry queries read raw events of the last day at most, through the (site_id, ts) and
// (session) indexes.

// A rule's sessions: exposed ones, and touched ones (exposed or failed to apply).
const (
	exposedSessionsSQL = `SELECT DISTINCT session FROM events WHERE site_id = {:site} AND type = 'exposure' AND rule = {:rule} AND ts >= {:since}`
	touchedSessionsSQL = `SELECT DISTINCT session FROM events WHERE site_id = {:site} AND (type = 'exposure' OR type = 'apply_error')
		AND rule = {:rule} AND ts >= {:since}`
)

// errorAfterExposureSQL selects page errors that came after an exposure to the rule in the same
// session: an error counts against the rule only then.
const errorAfterExposureSQL = `FROM events e WHERE e.site_id = {:site} AND e.type = 'error' AND e.ts >= {:since} AND EXISTS (
	SELECT 1 FROM events x WHERE x.site_id = e.site_id AND x.session = e.session AND x.type = 'exposure' AND x.rule = {:rule}
	AND x.ts >= {:since} AND x.ts <= e.ts)`

// sourceSQL names an event's source; without a recorded client, its visitor (see RuleTelemetry).
const sourceSQL = `COALESCE(NULLIF(client, ''), 'visitor:' || visitor)`

const (
	exposuresSQL     = `FROM events WHERE site_id = {:site} AND type = 'exposure' AND rule = {:rule} AND ts >= {:since}`
	applyFailuresSQL = `FROM events WHERE site_id = {:site} AND type = 'apply_error' AND rule = {:rule} AND ts >= {:since}`
)

var ruleHealthSQL = []string{
	`SELECT COUNT(*) FROM (` + exposedSessionsSQL + `)`,
	`SELECT COUNT(DISTINCT e.session) ` + errorAfterExposureSQL,
	`SELECT COUNT(DISTINCT session) FROM events WHERE site_id = {:site} AND type = 'conversion' AND ts >= {:since}
		AND session IN (` + exposedSessionsSQL + `)`,
	`SELECT COUNT(DISTINCT session) FROM events WHERE site_id = {:site} AND type = 'pageview' AND ts >= {:since}
		AND session NOT IN (` + touchedSessionsSQL + `)`,
	`SELECT COUNT(DISTINCT session) FROM events WHERE site_id = {:site} AND type = 'error' AND ts >= {:since}
		AND session NOT IN (` + touchedSessionsSQL + `)`,
	`SELECT COUNT(DISTINCT session) FROM events WHERE site_id = {:site} AND type = 'conversion' AND ts >= {:since}
		AND session NOT IN (` + touchedSessionsSQL + `)`,
	`SELECT COUNT(*) ` + applyFailuresSQL,
	`SELECT COUNT(DISTINCT visitor) ` + exposuresSQL,
	`SELECT COUNT(DISTINCT ` + sourceSQL + `) ` + exposuresSQL,
	`SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(DISTINCT visitor) AS n ` + exposuresSQL + ` GROUP BY ` + sourceSQL + `)`,
	`SELECT COUNT(DISTINCT e.visitor) ` + errorAfterExposureSQL,
}

// Per-source lists: distinct visitors per source, largest first.
var (
	errorVisitorsBySourceSQL = `SELECT COUNT(DISTINCT e.visitor) AS n ` + errorAfterExposureSQL +
		` GROUP BY COALESCE(NULLIF(e.client, ''), 'visitor:' || e.visitor) ORDER BY n DESC LIMIT ` + strconv.Itoa(eventstore.MaxSourcesReported)
	applyFailureVisitorsBySourceSQL = `SELECT COUNT(DISTINCT visitor) AS n ` + applyFailuresSQL +
		` GROUP BY ` + sourceSQL + ` ORDER BY n DESC LIMIT ` + strconv.Itoa(eventstore.MaxSourcesReported)
)

func (s *sqliteStore) RuleHealth(siteID, ruleID string, since time.Time) (eventstore.RuleTelemetry, error) {
	var t eventstore.RuleTelemetry
	dest := []*int{&t.ExposedSessions, &t.ExposedErrorSessions, &t.ExposedConversions, &t.UnexposedSessions,
		&t.UnexposedErrorSessions, &t.UnexposedConversions, &t.ApplyFailures, &t.ExposedVisitors, &t.ExposedSources,
		&t.TopExposedSourceVisitors, &t.ExposedErrorVisitors}
	p := dbx.Params{"site": siteID, "rule": ruleID, "since": eventTime(since)}
	for i, q := range ruleHealthSQL {
		if err := s.app.DB().NewQuery(q).Bind(p).Row(dest[i]); err != nil {
			return eventstore.RuleTelemetry{}, err
		}
	}
	t.ErrorVisitorsBySource, t.ApplyFailureVisitorsBySource = []int{}, []int{}
	if err := s.app.DB().NewQuery(errorVisitorsBySourceSQL).Bind(p).Column(&t.ErrorVisitorsBySource); err != nil {
		return eventstore.RuleTelemetry{}, err
	}
	if err := s.app.DB().NewQuery(applyFailureVisitorsBySourceSQL).Bind(p).Column(&t.ApplyFailureVisitorsBySource); err != nil {
		return eventstore.RuleTelemetry{}, err
	}
	// Empty lists, not null, in the hooks' JSON.
	if t.ErrorVisitorsBySource == nil {
		t.ErrorVisitorsBySource = []int{}
	}
	if t.ApplyFailureVisitorsBySource == nil {
		t.ApplyFailureVisitorsBySource = []int{}
	}
	return t, nil
}

func (s *sqliteStore) WorkerTelemetry(siteID string, ruleIDs []string, now time.Time) (eventstore.WorkerTelemetry, error) {
	var t eventstore.WorkerTelemetry
	db := s.app.DB()
	hour, day := eventTime(now.Add(-time.Hour)), eventTime(now.Add(-24*time.Hour))
	if len(ruleIDs) > 0 {
		p := dbx.Params{"site": siteID}
		names := make([]string, len(ruleIDs))
		for i, id := range ruleIDs {
			names[i] = "{:r" + strconv.Itoa(i) + "}"
			p["r"+strconv.Itoa(i)] = id
		}
		exposures := `FROM events WHERE site_id = {:site} AND type = 'exposure' AND ts >= {:since} AND rule IN (` + strings.Join(names, ",") + `)`
		p["since"] = hour
		if err := db.NewQuery(`SELECT COUNT(*) ` + exposures).Bind(p).Row(&t.AppliedLastHour); err != nil {
			return t, err
		}
		p["since"] = day
		if err := db.NewQuery(`SELECT COUNT(*), COALESCE(AVG(value), 0) `+exposures).Bind(p).Row(&t.ExposuresLastDay, &t.MeanApplyMs); err != nil {
			return t, err
		}
	}
	p := dbx.Params{"site": siteID, "since": day}
	if err := db.NewQuery(`SELECT COUNT(*) FROM events WHERE site_id = {:site} AND type = 'pageview' AND ts >= {:since}`).
		Bind(p).Row(&t.PageLoadsLastDay); err != nil {
		return t, err
	}
	// A page load failed when its session reported an error on that page.
	err := db.NewQuery(`SELECT COUNT(DISTINCT session || ' ' || path) FROM events WHERE site_id = {:site} AND type = 'error' AND ts >= {:since}`).
		Bind(p).Row(&t.FailedLoadsLastDay)
	return t, err
}
