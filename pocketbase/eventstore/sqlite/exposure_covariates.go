package sqlite

import (
	"cro/pocketbase/eventstore/eventrow"
	"database/sql"
	"sort"
	"strings"
	"time"
)

// CUPED's and post-stratification's sums as aggregates (issue 35). Each exposure gets, when it is
// first stored (or moved earlier by a late exposure), a row in experiment_covariates: its strata
// (the device class of the visitor's latest session started by then; new when that is the
// visitor's only session so far, else returning) and its pre-exposure figures in the experiment's
// CUPED window (the goals converted, the revenue). experiment_cuped_sums holds, per experiment,
// window, goal, variant and stratum cell, the engine's sums over those exposures: n (goal ''),
// post, post², pre, pre² and post·pre (goal 'revenue': revenue since the exposure against revenue
// in the window; a goal: converted after against converted in the window, 0 or 1).
//
// Within a transaction every exposure whose figures change is "touched" first: its contribution
// to the sums is taken out as stored, and put back from the stored rows at the end (flush). So
// conversions, purchases, late exposures and late pre-window outcomes all keep the sums exact
// without per-case arithmetic. An exposure without a covariates row (stored before this table,
// or while the experiment had another window) contributes nothing until CatchUpCovariates
// records it; results fall back to the per-visitor query until the sums cover every exposure.

const (
	covExposureSQL = `SELECT x.site_id, x.variant, x.ts, x.revenue, c.device, c.visitor_type, c.window_days, c.pre_revenue, c.pre_goals
		FROM experiment_exposures x JOIN experiment_covariates c ON c.experiment = x.experiment AND c.visitor = x.visitor
		WHERE x.experiment = {:exp} AND x.visitor = {:visitor}`
	// The visitor's goals through (experiment, visitor), forced: SQLite prefers the covering
	// (experiment, goal, visitor) index, a walk of the whole experiment's conversions per visitor.
	covPostGoalsSQL = `SELECT goal FROM experiment_conversions INDEXED BY idx_experiment_conversions_experiment_visitor
		WHERE experiment = {:exp} AND visitor = {:visitor}`
	covStoredSQL = `SELECT site_id, ts FROM experiment_exposures WHERE experiment = {:exp} AND visitor = {:visitor}`
	// The strata, as the per-visitor query reads them (idx_sessions_site_visitor).
	covDeviceSQL = `SELECT COALESCE((SELECT device_type FROM sessions WHERE site_id = {:site} AND visitor = {:visitor}
		AND started_at <= {:ts} ORDER BY started_at DESC LIMIT 1), '')`
	covSessionsSQL = `SELECT COUNT(*) FROM sessions WHERE site_id = {:site} AND visitor = {:visitor} AND started_at <= {:ts}`
	// Pre-exposure behaviour in [from, at) = [ts - window, ts) in events' ms (the partial indexes of
	// conversions and purchases).
	covPreGoalsSQL = `SELECT DISTINCT goal FROM events WHERE type = 'conversion' AND site_id = {:site} AND visitor = {:visitor}
		AND goal != '' AND ts >= {:from} AND ts < {:at}`
	covPreRevenueSQL = `SELECT COALESCE(SUM(value), 0) FROM events WHERE type = 'custom' AND value > 0 AND site_id = {:site}
		AND visitor = {:visitor} AND ts >= {:from} AND ts < {:at}`
	covUpsertSQL = `INSERT INTO experiment_covariates (site_id, experiment, visitor, device, visitor_type, window_days, pre_revenue, pre_goals)
		VALUES ({:site}, {:exp}, {:visitor}, {:device}, {:vtype}, {:window}, {:prerev}, {:pregoals})
		ON CONFLICT(experiment, visitor) DO UPDATE SET device = excluded.device, visitor_type = excluded.visitor_type,
		window_days = excluded.window_days, pre_revenue = excluded.pre_revenue, pre_goals = excluded.pre_goals`
	// Exposures after an outcome, whose window may hold it (a late pre-exposure event).
	covLaterExposuresSQL = `SELECT x.experiment, x.ts, c.window_days, c.pre_revenue, c.pre_goals FROM experiment_exposures x
		JOIN experiment_covariates c ON c.experiment = x.experiment AND c.visitor = x.visitor
		WHERE x.site_id = {:site} AND x.visitor = {:visitor} AND x.ts > {:ts}`
	// Exposures at or after a new session's start, whose strata it may change (a late session).
	covExposuresSinceSQL = `SELECT x.experiment, c.window_days FROM experiment_exposures x
		JOIN experiment_covariates c ON c.experiment = x.experiment AND c.visitor = x.visitor
		WHERE x.site_id = {:site} AND x.visitor = {:visitor} AND x.ts >= {:ts}`
	covSetPreSQL  = `UPDATE experiment_covariates SET pre_revenue = {:prerev}, pre_goals = {:pregoals} WHERE experiment = {:exp} AND visitor = {:visitor}`
	covAddSumsSQL = `INSERT INTO experiment_cuped_sums (site_id, experiment, window_days, goal, variant, device, visitor_type, n, post, post2, pre, pre2, prod)
		VALUES ({:site}, {:exp}, {:window}, {:goal}, {:variant}, {:device}, {:vtype}, {:n}, {:post}, {:post2}, {:pre}, {:pre2}, {:prod})
		ON CONFLICT(experiment, window_days, goal, variant, device, visitor_type) DO UPDATE SET n = n + excluded.n,
		post = post + excluded.post, post2 = post2 + excluded.post2, pre = pre + excluded.pre, pre2 = pre2 + excluded.pre2,
		prod = prod + excluded.prod`
)

func covariateStatements() []string {
	return []string{covExposureSQL, covPostGoalsSQL, covStoredSQL, covDeviceSQL, covSessionsSQL, covPreGoalsSQL, covPreRevenueSQL,
		covUpsertSQL, covLaterExposuresSQL, covExposuresSinceSQL, covSetPreSQL, covAddSumsSQL}
}

// sqlRunner is what the covariate bookkeeping needs of a transaction: the writer's prepared
// statements (txStmts) or a plain one (CatchUpCovariates).
type sqlRunner interface {
	row(q string, p map[string]any, dest ...any) error
	query(q string, p map[string]any) (*sql.Rows, error)
	exec(q string, p map[string]any) error
}

type cupedDelta struct{ n, post, post2, pre, pre2, prod float64 }

// cupedCellKey is one row of experiment_cuped_sums.
type cupedCellKey struct {
	site, experiment, goal, variant, device, vtype string
	window                                         int
}

type exposureKey struct{ experiment, visitor string }

// covariateTracker is one transaction's covariate bookkeeping.
type covariateTracker struct {
	tx      sqlRunner
	window  func(experiment string) int // the experiment's CUPED window now
	touched map[exposureKey]bool
	redo    map[exposureKey]int // exposures (new or moved) whose covariates are recorded at flush, with the window
	cells   map[cupedCellKey]*cupedDelta
}

func newCovariateTracker(tx sqlRunner, window func(string) int) *covariateTracker {
	return &covariateTracker{tx: tx, window: window, touched: map[exposureKey]bool{}, redo: map[exposureKey]int{},
		cells: map[cupedCellKey]*cupedDelta{}}
}

// exposureFigures is one exposure as the sums see it.
type exposureFigures struct {
	site, variant, ts, device, vtype string
	window                           int
	revenue, preRevenue              float64
	preGoals, postGoals              []string
}

func (t *covariateTracker) figures(k exposureKey) (*exposureFigures, error) {
	f := &exposureFigures{}
	var preGoals string
	p := map[string]any{"exp": k.experiment, "visitor": k.visitor}
	err := t.tx.row(covExposureSQL, p, &f.site, &f.variant, &f.ts, &f.revenue, &f.device, &f.vtype, &f.window, &f.preRevenue, &preGoals)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	f.preGoals = splitGoals(preGoals)
	rows, err := t.tx.query(covPostGoalsSQL, p)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		if g != eventrow.RevenueGoal {
			f.postGoals = append(f.postGoals, g)
		}
	}
	return f, rows.Err()
}

// add puts an exposure's contribution into the sums (sign -1 takes it out).
func (t *covariateTracker) add(k exposureKey, f *exposureFigures, sign float64) {
	cell := func(goal string) *cupedDelta {
		key := cupedCellKey{f.site, k.experiment, goal, f.variant, f.device, f.vtype, f.window}
		if t.cells[key] == nil {
			t.cells[key] = &cupedDelta{}
		}
		return t.cells[key]
	}
	cell("").n += sign
	r := cell(eventrow.RevenueGoal)
	r.post += sign * f.revenue
	r.post2 += sign * f.revenue * f.revenue
	r.pre += sign * f.preRevenue
	r.pre2 += sign * f.preRevenue * f.preRevenue
	r.prod += sign * f.revenue * f.preRevenue
	post := map[string]bool{}
	for _, g := range f.postGoals {
		post[g] = true
		c := cell(g)
		c.post += sign
		c.post2 += sign
	}
	for _, g := range f.preGoals {
		c := cell(g)
		c.pre += sign
		c.pre2 += sign
		if post[g] {
			c.prod += sign
		}
	}
}

// touch takes an exposure's stored contribution out of the sums before its figures change; flush
// puts the new one back. Once per exposure and transaction.
func (t *covariateTracker) touch(experiment, visitor string) error {
	k := exposureKey{experiment, visitor}
	if t.touched[k] {
		return nil
	}
	t.touched[k] = true
	f, err := t.figures(k)
	if err != nil || f == nil {
		return err
	}
	t.add(k, f, -1)
	return nil
}

// record marks a new or moved exposure, whose covariates are read at flush with the experiment's
// window.
func (t *covariateTracker) record(experiment, visitor string) error {
	if err := t.touch(experiment, visitor); err != nil {
		return err
	}
	t.redo[exposureKey{experiment, visitor}] = t.window(experiment)
	return nil
}

// recordWithWindow is record with a given window (CatchUpCovariates).
func (t *covariateTracker) recordWithWindow(experiment, visitor string, window int) error {
	if err := t.touch(experiment, visitor); err != nil {
		return err
	}
	t.redo[exposureKey{experiment, visitor}] = window
	return nil
}

// preOutcome adds an outcome that arrived after the exposures it precedes to their covariates when
// it falls in their window.
func (t *covariateTracker) preOutcome(o outcome) error {
	rows, err := t.tx.query(covLaterExposuresSQL, map[string]any{"site": o.site, "visitor": o.visitor, "ts": dbTime(o.at)})
	if err != nil {
		return err
	}
	type later struct {
		experiment, ts, preGoals string
		window                   int
		preRevenue               float64
	}
	var all []later
	for rows.Next() {
		var l later
		if err := rows.Scan(&l.experiment, &l.ts, &l.window, &l.preRevenue, &l.preGoals); err != nil {
			rows.Close()
			return err
		}
		all = append(all, l)
	}
	rows.Close()
	for _, l := range all {
		at, err := parseDBTime(l.ts)
		if err != nil || o.at.Before(windowStart(at, l.window)) {
			continue
		}
		goals := splitGoals(l.preGoals)
		if o.goal == eventrow.RevenueGoal {
			l.preRevenue += o.value
		} else if !containsGoal(goals, o.goal) {
			goals = append(goals, o.goal)
		} else {
			continue
		}
		if err := t.touch(l.experiment, o.visitor); err != nil {
			return err
		}
		if err := t.tx.exec(covSetPreSQL, map[string]any{"exp": l.experiment, "visitor": o.visitor, "prerev": l.preRevenue,
			"pregoals": strings.Join(goals, ",")}); err != nil {
			return err
		}
	}
	return nil
}

// newSession records again the covariates of the visitor's exposures since a session's start: a
// session that arrived after them changes their device class or new/returning.
func (t *covariateTracker) newSession(site, visitor string, started time.Time) error {
	rows, err := t.tx.query(covExposuresSinceSQL, map[string]any{"site": site, "visitor": visitor, "ts": dbTime(started)})
	if err != nil {
		return err
	}
	type later struct {
		experiment string
		window     int
	}
	var all []later
	for rows.Next() {
		var l later
		if err := rows.Scan(&l.experiment, &l.window); err != nil {
			rows.Close()
			return err
		}
		all = append(all, l)
	}
	rows.Close()
	for _, l := range all {
		if err := t.recordWithWindow(l.experiment, visitor, l.window); err != nil {
			return err
		}
	}
	return nil
}

// flush records the new and moved exposures' covariates, puts every touched exposure's
// contribution back and writes the sums' changes.
func (t *covariateTracker) flush() error {
	keys := make([]exposureKey, 0, len(t.touched))
	for k := range t.touched {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].experiment+"\x00"+keys[i].visitor < keys[j].experiment+"\x00"+keys[j].visitor
	})
	for _, k := range keys {
		if window, ok := t.redo[k]; ok {
			if err := t.recordCovariates(k, window); err != nil {
				return err
			}
		}
		f, err := t.figures(k)
		if err != nil {
			return err
		}
		if f != nil {
			t.add(k, f, 1)
		}
	}
	cells := make([]cupedCellKey, 0, len(t.cells))
	for k := range t.cells {
		cells = append(cells, k)
	}
	sort.Slice(cells, func(i, j int) bool { return cellLess(cells[i], cells[j]) })
	for _, k := range cells {
		d := t.cells[k]
		if *d == (cupedDelta{}) {
			continue
		}
		if err := t.tx.exec(covAddSumsSQL, map[string]any{"site": k.site, "exp": k.experiment, "window": k.window, "goal": k.goal,
			"variant": k.variant, "device": k.device, "vtype": k.vtype, "n": d.n, "post": d.post, "post2": d.post2, "pre": d.pre,
			"pre2": d.pre2, "prod": d.prod}); err != nil {
			return err
		}
	}
	return nil
}

func cellLess(a, b cupedCellKey) bool {
	as := []string{a.experiment, a.goal, a.variant, a.device, a.vtype}
	bs := []string{b.experiment, b.goal, b.variant, b.device, b.vtype}
	for i := range as {
		if as[i] != bs[i] {
			return as[i] < bs[i]
		}
	}
	return a.window < b.window
}

// recordCovariates reads an exposure's strata and pre-exposure figures from the sessions and raw
// events and stores them.
func (t *covariateTracker) recordCovariates(k exposureKey, window int) error {
	var site, ts string
	p := map[string]any{"exp": k.experiment, "visitor": k.visitor}
	if err := t.tx.row(covStoredSQL, p, &site, &ts); err != nil {
		if err == sql.ErrNoRows {
			return nil
		}
		return err
	}
	at, err := parseDBTime(ts)
	if err != nil {
		return err
	}
	q := map[string]any{"site": site, "visitor": k.visitor, "ts": ts, "at": eventTime(at), "from": eventTime(windowStart(at, window))}
	var device string
	var sessions int
	if err := t.tx.row(covDeviceSQL, q, &device); err != nil {
		return err
	}
	if err := t.tx.row(covSessionsSQL, q, &sessions); err != nil {
		return err
	}
	vtype := "new"
	if sessions > 1 {
		vtype = "returning"
	}
	preRevenue := 0.0
	var goals []string
	if window > 0 {
		if err := t.tx.row(covPreRevenueSQL, q, &preRevenue); err != nil {
			return err
		}
		rows, err := t.tx.query(covPreGoalsSQL, q)
		if err != nil {
			return err
		}
		for rows.Next() {
			var g string
			if err := rows.Scan(&g); err != nil {
				rows.Close()
				return err
			}
			goals = append(goals, g)
		}
		rows.Close()
		sort.Strings(goals)
	}
	return t.tx.exec(covUpsertSQL, map[string]any{"site": site, "exp": k.experiment, "visitor": k.visitor, "device": device,
		"vtype": vtype, "window": window, "prerev": preRevenue, "pregoals": strings.Join(goals, ",")})
}

// windowStart is the start of the CUPED window before an exposure (the per-visitor query's
// strftime(ts, '-N days'): whole days of UTC time).
func windowStart(at time.Time, days int) time.Time {
	return at.Add(-time.Duration(days) * 24 * time.Hour)
}

func splitGoals(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func containsGoal(goals []string, g string) bool {
	for _, x := range goals {
		if x == g {
			return true
		}
	}
	return false
}
