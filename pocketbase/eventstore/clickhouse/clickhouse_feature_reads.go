package clickhouse

import (
	"time"

	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
)

// The features' reads on ClickHouse (eventstore.FeatureReads): sessions are built from their
// events, as RecentSessions does.

// VisitorsSince: a session's referrer, utm and device are its first event's, as the sessions
// rollup's dims and SQLite's session row keep them; its entry is its first page view's.
func (s *chStore) VisitorsSince(siteID string, from time.Time, limit int) ([]eventstore.VisitorLatest, error) {
	rows, err := s.query(`SELECT s_visitor, max(started) AS l_started, argMax(entry, started) AS l_entry, argMax(ref, started) AS l_ref,
		argMax(us, started) AS l_us, argMax(um, started) AS l_um, argMax(uc, started) AS l_uc, argMax(dev, started) AS l_dev,
		argMax(br, started) AS l_br, argMax(ctry, started) AS l_ctry, count() AS n
		FROM (SELECT session, any(visitor) AS s_visitor, min(at) AS started, argMinIf(path, (at, seq), type = 'pageview') AS entry,
			argMin(referrer, (at, seq)) AS ref, argMin(utm_source, (at, seq)) AS us,
			argMin(utm_medium, (at, seq)) AS um, argMin(utm_campaign, (at, seq)) AS uc,
			argMin(device_type, (at, seq)) AS dev, argMin(browser, (at, seq)) AS br, argMin(country, (at, seq)) AS ctry
			FROM events WHERE site_id = {:site} AND session != '' AND visitor IN
				(SELECT visitor FROM events WHERE site_id = {:site} AND ts >= toDateTime({:fromSec}) AND at >= {:from} AND session != '')
			GROUP BY session)
		GROUP BY s_visitor HAVING l_started >= {:from} ORDER BY l_started DESC, s_visitor LIMIT {:max}`,
		map[string]any{"site": siteID, "from": from, "fromSec": from.Unix() - 1, "max": limit})
	out := make([]eventstore.VisitorLatest, 0, len(rows))
	for _, r := range rows {
		out = append(out, eventstore.VisitorLatest{Visitor: r.Str("s_visitor"), StartedAt: time.UnixMilli(int64(r.Num("l_started"))).UTC(),
			EntryPath: r.Str("l_entry"), Referrer: r.Str("l_ref"), UtmSource: r.Str("l_us"), UtmMedium: r.Str("l_um"),
			UtmCampaign: r.Str("l_uc"), Device: r.Str("l_dev"), Browser: r.Str("l_br"), Country: r.Str("l_ctry"), Sessions: r.Int("n")})
	}
	return out, err
}

// PersonalizationArms: a visitor is in each arm whose first event is not after the other's (both
// on a tie, as on SQLite), converting when their latest conversion is at or after that first event.
func (s *chStore) PersonalizationArms(siteID, ruleID, goalID string) ([]eventstore.ArmFigures, error) {
	rows, err := s.query(`SELECT sum(in_ex) AS ex_visitors, sum(in_ex AND last_conv >= ex) AS ex_conv,
		sum(in_ho) AS ho_visitors, sum(in_ho AND last_conv >= ho) AS ho_conv
		FROM (SELECT nex > 0 AND (nho = 0 OR ex <= ho) AS in_ex, nho > 0 AND (nex = 0 OR ho <= ex) AS in_ho, ex, ho, last_conv
			FROM (SELECT visitor, minIf(at, type = 'exposure') AS ex, minIf(at, type = 'holdout_exposure') AS ho,
				countIf(type = 'exposure') AS nex, countIf(type = 'holdout_exposure') AS nho
				FROM events WHERE site_id = {:site} AND rule = {:rule} AND type IN ('exposure', 'holdout_exposure') GROUP BY visitor)
			ANY LEFT JOIN (SELECT visitor, max(at) AS last_conv FROM events WHERE site_id = {:site} AND type = 'conversion'
				AND ({:goal} = '' OR goal = {:goal}) GROUP BY visitor) USING visitor)`,
		map[string]any{"site": siteID, "rule": ruleID, "goal": goalID})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	r := rows[0]
	var out []eventstore.ArmFigures
	if n := r.Int("ex_visitors"); n > 0 {
		out = append(out, eventstore.ArmFigures{Arm: "exposure", Visitors: n, Conversions: r.Int("ex_conv")})
	}
	if n := r.Int("ho_visitors"); n > 0 {
		out = append(out, eventstore.ArmFigures{Arm: eventrow.HoldoutExposure, Visitors: n, Conversions: r.Int("ho_conv")})
	}
	return out, nil
}

// ExposedVisitors: each visitor's first exposure row in experiment_events (kept past retention,
// as SQLite's experiment_exposures).
func (s *chStore) ExposedVisitors(siteID, experimentID string) ([]eventstore.ExposedVisitor, error) {
	rows, err := s.query(`SELECT visitor, argMin(variant, at) AS v, min(at) AS first FROM experiment_events
		WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor ORDER BY visitor`,
		map[string]any{"site": siteID, "exp": experimentID})
	out := make([]eventstore.ExposedVisitor, 0, len(rows))
	for _, r := range rows {
		out = append(out, eventstore.ExposedVisitor{Visitor: r.Str("visitor"), Variant: r.Str("v"), At: time.UnixMilli(int64(r.Num("first"))).UTC()})
	}
	return out, err
}

func (s *chStore) SessionsSeen(siteID string, after, until time.Time, maxAge time.Duration, limit int) ([]eventstore.SessionRef, error) {
	oldest := until.Add(-maxAge)
	rows, err := s.query(`SELECT session, min(at) AS started, max(at) AS last, argMinIf(path, (at, seq), type = 'pageview') AS entry,
		argMin(device_type, at) AS dev, argMin(country, at) AS ctry, argMinIf(referrer, at, type = 'pageview') AS ref,
		countIf(type = 'conversion') AS conv, sumIf(value, type = 'leave') AS duration_ms
		FROM events WHERE site_id = {:site} AND ts >= toDateTime({:oldestSec}) AND session != ''
		GROUP BY session HAVING started >= {:oldest} AND last > {:after} AND last <= {:until} ORDER BY last, session LIMIT {:limit}`,
		map[string]any{"site": siteID, "oldestSec": oldest.Unix() - 1, "oldest": oldest, "after": after, "until": until, "limit": limit})
	out := make([]eventstore.SessionRef, 0, len(rows))
	for _, r := range rows {
		out = append(out, eventstore.SessionRef{Session: r.Str("session"), StartedAt: time.UnixMilli(int64(r.Num("started"))).UTC(),
			LastSeenAt: time.UnixMilli(int64(r.Num("last"))).UTC(), EntryPath: r.Str("entry"), Device: r.Str("dev"),
			Country: r.Str("ctry"), Source: collect.Source(r.Str("ref")), Converted: r.Int("conv") > 0,
			DurationSec: eventrow.Round2(r.Num("duration_ms") / 1000)})
	}
	return out, err
}

func (s *chStore) SessionTrail(siteID, session string) ([]eventstore.TrailEvent, error) {
	rows, err := s.query(`SELECT type, path, selector, at, value, x FROM events WHERE site_id = {:site} AND session = {:session}
		AND type IN ('pageview', 'leave', 'click', 'error') ORDER BY at, seq`, map[string]any{"site": siteID, "session": session})
	out := make([]eventstore.TrailEvent, 0, len(rows))
	for _, r := range rows {
		out = append(out, eventstore.TrailEvent{Type: r.Str("type"), Path: r.Str("path"), Selector: r.Str("selector"), At: r.Num("at"),
			Value: r.Num("value"), X: r.Num("x")})
	}
	return out, err
}
