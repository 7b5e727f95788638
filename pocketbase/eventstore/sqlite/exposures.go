package sqlite

import (
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/zones"
	"database/sql"
	"sort"
	"time"
)

// Experiment aggregates are kept at ingest, so that results read a few rows whatever the traffic:
//
//   - experiment_exposures: one row per visitor and experiment, the first exposure's variant and
//     time, and the visitor's revenue since then;
//   - experiment_conversions: one row per exposed visitor, experiment and goal ('revenue' for
//     purchases), with the first time they converted after their first exposure;
//   - experiment_daily: per experiment, variant and UTC day, visitors first exposed that day and
//     revenue of exposed visitors that day; experiment_goal_daily: per goal too, first conversions.
//
// At commit, after the raw events are written, outcomes of this transaction (conversions and
// purchases) are applied to the exposures stored before it; then this transaction's exposures are
// stored, each new one backfilled from the visitor's events since its time (which include this
// transaction's). An exposure earlier than the stored one replaces it: its old contribution is
// undone and redone from the earlier time. Either way each outcome counts once.

type pendingExposure struct {
	site, experiment, variant, visitor string
	at                                 time.Time
}

// outcome is a conversion of a goal or a purchase (goal revenueGoal, value > 0).
type outcome struct {
	site, visitor, goal string
	value               float64
	at                  time.Time
}

// expose keeps the transaction's earliest exposure per visitor and experiment.
func (a *applier) expose(site, experiment, variant, visitor string, at time.Time) {
	k := [2]string{experiment, visitor}
	if x := a.exposures[k]; x == nil || at.Before(x.at) {
		a.exposures[k] = &pendingExposure{site: site, experiment: experiment, variant: variant, visitor: visitor, at: at}
	}
}

const (
	exposuresOfVisitorSQL = `SELECT experiment, variant FROM experiment_exposures WHERE site_id = {:site} AND visitor = {:visitor} AND ts <= {:ts}`
	storedExposureSQL     = `SELECT variant, ts FROM experiment_exposures WHERE experiment = {:exp} AND visitor = {:visitor}`
	insertExposureSQL     = `INSERT INTO experiment_exposures (id, site_id, experiment, variant, visitor, ts, revenue)
		VALUES ({:id}, {:site}, {:exp}, {:variant}, {:visitor}, {:ts}, {:revenue})`
	moveExposureSQL = `UPDATE experiment_exposures SET variant = {:variant}, ts = {:ts}, revenue = {:revenue}
		WHERE experiment = {:exp} AND visitor = {:visitor}`
	addRevenueSQL       = `UPDATE experiment_exposures SET revenue = revenue + {:value} WHERE experiment = {:exp} AND visitor = {:visitor}`
	conversionOfSQL     = `SELECT ts FROM experiment_conversions WHERE experiment = {:exp} AND goal = {:goal} AND visitor = {:visitor}`
	insertConversionSQL = `INSERT INTO experiment_conversions (id, site_id, experiment, goal, variant, visitor, ts)
		VALUES ({:id}, {:site}, {:exp}, {:goal}, {:variant}, {:visitor}, {:ts})`
	moveConversionSQL       = `UPDATE experiment_conversions SET ts = {:ts} WHERE experiment = {:exp} AND goal = {:goal} AND visitor = {:visitor}`
	conversionsOfVisitorSQL = `SELECT goal, variant, ts FROM experiment_conversions WHERE experiment = {:exp} AND visitor = {:visitor}`
	dropConversionsSQL      = `DELETE FROM experiment_conversions WHERE experiment = {:exp} AND visitor = {:visitor}`
	upsertGoalDaySQL        = `INSERT INTO experiment_goal_daily (site_id, experiment, goal, variant, day, conversions)
		VALUES ({:site}, {:exp}, {:goal}, {:variant}, {:day}, {:n})
		ON CONFLICT(experiment, goal, variant, day) DO UPDATE SET conversions = conversions + excluded.conversions`
	// The visitor's outcomes since a time, from the raw events (partial indexes by visitor).
	visitorGoalsSinceSQL = `SELECT goal, MIN(ts) FROM events WHERE type = 'conversion' AND site_id = {:site} AND visitor = {:visitor}
		AND ts >= {:ts} GROUP BY goal`
	// A purchase's x is what it counted for experiments (capped browser revenue; apply.go).
	visitorPurchasesSinceSQL = `SELECT ts, x FROM events e WHERE ` + purchaseSQL + ` AND e.site_id = {:site} AND e.visitor = {:visitor}
		AND e.ts >= {:ts}`
	upsertExperimentDaySQL = `INSERT INTO experiment_daily (site_id, experiment, variant, day, users, revenue)
		VALUES ({:site}, {:exp}, {:variant}, {:day}, {:users}, {:revenue})
		ON CONFLICT(experiment, variant, day) DO UPDATE SET users = users + excluded.users, revenue = revenue + excluded.revenue`
	upsertDroppedSQL = `INSERT INTO analytics_daily (site_id, day, dropped_exposures) VALUES ({:site}, {:day}, {:n})
		ON CONFLICT(site_id, day) DO UPDATE SET dropped_exposures = dropped_exposures + excluded.dropped_exposures`
)

func experimentStatements() []string {
	return append([]string{exposuresOfVisitorSQL, storedExposureSQL, insertExposureSQL, moveExposureSQL, addRevenueSQL,
		conversionOfSQL, insertConversionSQL, moveConversionSQL, conversionsOfVisitorSQL, dropConversionsSQL, upsertGoalDaySQL,
		visitorGoalsSinceSQL, visitorPurchasesSinceSQL, upsertExperimentDaySQL,
		upsertDroppedSQL, upsertMetricLateSQL}, covariateStatements()...)
}

type experimentDayKey struct{ site, experiment, variant, day string }

type experimentDelta struct{ users, revenue float64 }

type goalDayKey struct{ site, experiment, goal, variant, day string }

// experimentWriter is one commit's experiment bookkeeping.
type experimentWriter struct {
	tx        *txStmts
	zones     map[string]*time.Location // per site: its days are the site's local days
	daily     map[experimentDayKey]*experimentDelta
	goalDaily map[goalDayKey]float64 // first conversions per goal, variant and day
	cov       *covariateTracker      // CUPED's sums (exposure_covariates.go)
}

// convert records an exposed visitor's conversion of a goal at ts if it is their first since the
// exposure, moving the day it counts on when an earlier one arrives late.
func (w *experimentWriter) convert(site, exp, goal, variant, visitor, ts string) error {
	p := map[string]any{"id": nextEventID(), "site": site, "exp": exp, "goal": goal, "variant": variant, "visitor": visitor, "ts": ts}
	var old string
	switch err := w.tx.row(conversionOfSQL, p, &old); {
	case err == sql.ErrNoRows:
		w.goalDaily[goalDayKey{site, exp, goal, variant, w.dayOfTS(site, ts)}]++
		return w.tx.exec(insertConversionSQL, p)
	case err != nil:
		return err
	case ts >= old:
		return nil
	}
	w.goalDaily[goalDayKey{site, exp, goal, variant, w.dayOfTS(site, old)}]--
	w.goalDaily[goalDayKey{site, exp, goal, variant, w.dayOfTS(site, ts)}]++
	return w.tx.exec(moveConversionSQL, p)
}

// dropConversions forgets an exposure's conversions (a late earlier exposure recounts them).
func (w *experimentWriter) dropConversions(site, exp, visitor string) error {
	p := map[string]any{"exp": exp, "visitor": visitor}
	rows, err := w.tx.query(conversionsOfVisitorSQL, p)
	if err != nil {
		return err
	}
	for rows.Next() {
		var goal, variant, ts string
		if err := rows.Scan(&goal, &variant, &ts); err != nil {
			rows.Close()
			return err
		}
		w.goalDaily[goalDayKey{site, exp, goal, variant, w.dayOfTS(site, ts)}]--
	}
	rows.Close()
	return w.tx.exec(dropConversionsSQL, p)
}

// dayOfTS is the site-local day of a stored timestamp.
func (w *experimentWriter) dayOfTS(site, ts string) string {
	t, err := parseDBTime(ts)
	if err != nil && len(ts) >= 10 {
		return ts[:10] // not the stored shape: its UTC date is the best there is
	}
	return zones.LocalDay(t, w.zones[site])
}

func (w *experimentWriter) day(site, exp, variant string, at time.Time) *experimentDelta {
	k := experimentDayKey{site, exp, variant, zones.LocalDay(at, w.zones[site])}
	if w.daily[k] == nil {
		w.daily[k] = &experimentDelta{}
	}
	return w.daily[k]
}

// writeExperiments runs after the raw events are written (see the comment at the top).
func (a *applier) writeExperiments() error {
	w := &experimentWriter{tx: a.tx, zones: a.zones, daily: map[experimentDayKey]*experimentDelta{}, goalDaily: map[goalDayKey]float64{}}
	w.cov = newCovariateTracker(a.tx, func(exp string) int { return experimentWindows.of(a.w.app, exp) })
	for _, s := range a.newSessions {
		if err := w.cov.newSession(s.siteID, s.visitor, s.started); err != nil {
			return err
		}
	}
	for _, o := range a.outcomes {
		if err := w.applyOutcome(o); err != nil {
			return err
		}
		if err := w.cov.preOutcome(o); err != nil {
			return err
		}
	}
	keys := make([][2]string, 0, len(a.exposures))
	for k := range a.exposures {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+keys[i][1] < keys[j][0]+keys[j][1] })
	for _, k := range keys {
		if err := w.store(a.exposures[k]); err != nil {
			return err
		}
	}
	if err := w.cov.flush(); err != nil {
		return err
	}
	for k, d := range w.daily {
		if err := a.tx.exec(upsertExperimentDaySQL, map[string]any{"site": k.site, "exp": k.experiment, "variant": k.variant,
			"day": k.day, "users": d.users, "revenue": d.revenue}); err != nil {
			return err
		}
	}
	for k, n := range w.goalDaily {
		if n == 0 {
			continue
		}
		if err := a.tx.exec(upsertGoalDaySQL, map[string]any{"site": k.site, "exp": k.experiment, "goal": k.goal,
			"variant": k.variant, "day": k.day, "n": n}); err != nil {
			return err
		}
	}
	for k, n := range a.dropped {
		if err := a.tx.exec(upsertDroppedSQL, map[string]any{"site": k[0], "day": k[1], "n": n}); err != nil {
			return err
		}
	}
	return nil
}

// applyOutcome credits an outcome to every experiment the visitor was exposed to before it.
func (w *experimentWriter) applyOutcome(o outcome) error {
	rows, err := w.tx.query(exposuresOfVisitorSQL, map[string]any{"site": o.site, "visitor": o.visitor, "ts": dbTime(o.at)})
	if err != nil {
		return err
	}
	var exposed [][2]string
	for rows.Next() {
		var exp, variant string
		if err := rows.Scan(&exp, &variant); err != nil {
			rows.Close()
			return err
		}
		exposed = append(exposed, [2]string{exp, variant})
	}
	rows.Close()
	for _, x := range exposed {
		if err := w.credit(o.site, x[0], x[1], o.visitor, o.goal, o.value, o.at); err != nil {
			return err
		}
	}
	return nil
}

// credit records one outcome of an exposed visitor: the goal's first conversion, and a purchase's
// value on the visitor's revenue and the day's.
func (w *experimentWriter) credit(site, exp, variant, visitor, goal string, value float64, at time.Time) error {
	if err := w.cov.touch(exp, visitor); err != nil {
		return err
	}
	if err := w.convert(site, exp, goal, variant, visitor, dbTime(at)); err != nil {
		return err
	}
	if goal != eventrow.RevenueGoal {
		return nil
	}
	w.day(site, exp, variant, at).revenue += value
	return w.tx.exec(addRevenueSQL, map[string]any{"exp": exp, "visitor": visitor, "value": value})
}

// store keeps an exposure if it is the visitor's first in the experiment, and counts what the
// visitor did since.
func (w *experimentWriter) store(x *pendingExposure) error {
	p := map[string]any{"exp": x.experiment, "visitor": x.visitor}
	var oldVariant, oldTS string
	err := w.tx.row(storedExposureSQL, p, &oldVariant, &oldTS)
	stored := err == nil
	var old time.Time
	if stored {
		var perr error
		old, perr = time.Parse("2006-01-02 15:04:05.000Z", oldTS)
		if perr != nil || !x.at.Before(old) {
			return nil // the stored exposure is the first
		}
	}
	if err := w.cov.record(x.experiment, x.visitor); err != nil {
		return err
	}
	if stored {
		// An earlier exposure arrived late: undo the stored one's visitor and revenue.
		w.day(x.site, x.experiment, oldVariant, old).users--
		purchases, err := w.purchasesSince(x.site, x.visitor, old)
		if err != nil {
			return err
		}
		for _, pu := range purchases {
			w.day(x.site, x.experiment, oldVariant, pu.at).revenue -= pu.value
		}
		if err := w.dropConversions(x.site, x.experiment, x.visitor); err != nil {
			return err
		}
	}
	purchases, err := w.purchasesSince(x.site, x.visitor, x.at)
	if err != nil {
		return err
	}
	total := 0.0
	for _, pu := range purchases {
		total += pu.value
	}
	q := map[string]any{"id": nextEventID(), "site": x.site, "exp": x.experiment, "variant": x.variant, "visitor": x.visitor,
		"ts": dbTime(x.at), "revenue": total}
	if stored {
		err = w.tx.exec(moveExposureSQL, q)
	} else {
		err = w.tx.exec(insertExposureSQL, q)
	}
	if err != nil {
		return err
	}
	w.day(x.site, x.experiment, x.variant, x.at).users++
	for _, pu := range purchases {
		w.day(x.site, x.experiment, x.variant, pu.at).revenue += pu.value
		if err := w.convert(x.site, x.experiment, eventrow.RevenueGoal, x.variant, x.visitor, dbTime(pu.at)); err != nil {
			return err
		}
	}
	return w.backfillGoals(x)
}

type paid struct {
	at    time.Time
	value float64
}

func (w *experimentWriter) purchasesSince(site, visitor string, since time.Time) ([]paid, error) {
	rows, err := w.tx.query(visitorPurchasesSinceSQL, map[string]any{"site": site, "visitor": visitor, "ts": eventTime(since)})
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []paid
	for rows.Next() {
		var ms int64
		var v float64
		if err := rows.Scan(&ms, &v); err != nil {
			return nil, err
		}
		out = append(out, paid{at: eventAt(ms), value: v})
	}
	return out, rows.Err()
}

// backfillGoals records the goals the visitor converted since the exposure.
func (w *experimentWriter) backfillGoals(x *pendingExposure) error {
	rows, err := w.tx.query(visitorGoalsSinceSQL, map[string]any{"site": x.site, "visitor": x.visitor, "ts": eventTime(x.at)})
	if err != nil {
		return err
	}
	type first struct {
		goal string
		ms   int64
	}
	var firsts []first
	for rows.Next() {
		var f first
		if err := rows.Scan(&f.goal, &f.ms); err != nil {
			rows.Close()
			return err
		}
		firsts = append(firsts, f)
	}
	rows.Close()
	for _, f := range firsts {
		if err := w.convert(x.site, x.experiment, f.goal, x.variant, x.visitor, eventTimeISO(f.ms)); err != nil {
			return err
		}
	}
	return nil
}
