package clickhouse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Exposure strata (migration 19): each exposed visitor of an experiment with what their first
// exposure fixes once its day is whole: the variant, time and day of the first exposure, the device
// class of the latest session started by then and whether an earlier session was (returning). CUPED
// and the results read these plain rows instead of merging exposures and grouping the exposed
// visitors' sessions on every request (the sessions rollup is ordered by day, not by visitor, so
// that grouping read every session of the site).
//
// A visitor's strata depend only on events at or before their first exposure, so the rows of the
// visitors first exposed on a day D hold while the events stored on D and before (day_figures.n)
// and the experiment's exposure rows on D and before are unchanged: that cumulative count is D's
// basis. A late event of any earlier day (a session before the exposure, an earlier exposure)
// changes the basis of D and of every later day, which are computed again; so does retention. Rows
// are written with a version (the day, its basis and a nonce) and exposure_strata_days records a
// day's version only when it was computed from whole inserts (wholeDays before and after, bases
// read again unchanged), as settled days are; a request reads only the versions recorded for the
// current bases, or those it just computed. Closed or open, every day is kept while its basis
// holds (an open day's changes with each insert into it); the settle pass computes the active
// sites' experiments in the background, so that a request seldom computes history.
var exposureStrataStep = Migration{Version: 19, Name: "exposure_strata", SQL: []string{
	`CREATE TABLE IF NOT EXISTS exposure_strata (site_id String, experiment String, x_day Date, version String, visitor String,
		x_variant String, x_at UInt64, device String, returning UInt8)
		ENGINE = MergeTree PARTITION BY toYYYYMM(x_day) ORDER BY (site_id, experiment, version, visitor)`,
	`CREATE TABLE IF NOT EXISTS exposure_strata_days (site_id String, experiment String, x_day Date, basis String, version String,
		written DateTime DEFAULT now()) ENGINE = MergeTree ORDER BY (site_id, experiment, x_day)`,
}}

// chStrataSQL are the experiment's exposed visitors (the versions exposureStrata returned).
const chStrataSQL = `SELECT visitor, x_variant, x_at, x_day, device, returning FROM exposure_strata
	WHERE site_id = {:site} AND experiment = {:exp} AND version IN {:strata}`

// chStrataExposuresSQL is each exposed visitor's first exposure from the raw rows of the days up
// to {:last} ({:days}: only those first exposed on those days), with the meaning of the exposures
// table (a visitor first exposed by {:last} has their first exposure among those rows).
const chStrataExposuresSQL = `SELECT visitor, argMin(variant, at) AS x_variant, min(at) AS x_at, argMin(day, at) AS x_day
	FROM experiment_events WHERE site_id = {:site} AND experiment = {:exp} AND day <= toDate({:last})
	GROUP BY visitor HAVING toString(x_day) IN {:days}`

// chStrataInsertSQL computes the strata of the visitors first exposed on {:days}, with the
// definitions CUPED used (device: the latest session started by the exposure; returning: more than
// one such session), from the sessions rollup (chVisitorSessionsSQL's meaning).
var chStrataInsertSQL = `INSERT INTO exposure_strata (site_id, experiment, x_day, version, visitor, x_variant, x_at, device, returning)
	SELECT {:site} AS s_site, {:exp} AS s_exp, x_day, transform(toString(x_day), array{:days}, array{:versions}, '') AS s_version, visitor,
		x_variant, x_at, argMaxIf(s_device, s_at, s_at <= x_at) AS s_dev, countIf(s_at > 0 AND s_at <= x_at) > 1 AS s_returning
	FROM (` + chStrataExposuresSQL + `)
	ALL LEFT JOIN (SELECT visitor, session, s_start AS s_at, s_device FROM (` + strings.NewReplacer(
	"{{columns}}", ", minMerge(started) AS s_start, tupleElement(argMinMerge(dims), 5) AS s_device", "{{names}}", ", s_start, s_device",
	chExposedVisitorsSQL, `SELECT visitor FROM (`+chStrataExposuresSQL+`)`,
	// a session started by an exposure up to {:last} has its first row (start, first device) by then
	"FROM sessions WHERE site_id = {:site} AND", "FROM sessions WHERE site_id = {:site} AND day <= toDate({:last}) AND").Replace(chVisitorSessionsSQL) + `)) USING (visitor)
	GROUP BY visitor, x_variant, x_at, x_day`

// chStrataRun is how many exposure days one insert computes: the join holds the sessions of the
// visitors first exposed in the run, so a site's first computation (every day) is bounded by a
// run's visitors, not the experiment's.
const chStrataRun = 7

// strataSnapshot is what strataState read: the events stored per day (counts), the experiment's
// exposure rows per day (xdays), the recorded strata versions by day and basis (have) and the
// site's outcome rows per goal and day (outcomes, clickhouse_outcome_days.go).
type strataSnapshot struct {
	counts, xdays map[string]uint64
	have          map[string]string
	outcomes      map[string]map[string]uint64
}

// exposureStrata returns the versions of the experiment's strata rows that cover every exposure
// day with its current basis, computing the days without one (on db: a request's client, or the
// settle pass's background one), and the state it read first.
func (s *chStore) exposureStrata(db *Client, siteID, expID string) ([]string, strataSnapshot, error) {
	if db.pin != nil { // a pinned view's read (clickhouse_pinned.go)
		return db.pin.strata(siteID, expID, func() ([]string, strataSnapshot, error) { return s.takeStrata(db, siteID, expID) })
	}
	return s.takeStrata(db, siteID, expID)
}

// takeStrata is exposureStrata's snapshot, taken now.
func (s *chStore) takeStrata(db *Client, siteID, expID string) ([]string, strataSnapshot, error) {
	st, err := s.strataState(db, siteID, expID)
	if err != nil {
		return nil, st, err
	}
	bases := strataBases(st.counts, st.xdays)
	var versions, missing []string
	for d, b := range bases {
		if v, ok := st.have[d+"|"+b]; ok {
			versions = append(versions, v)
		} else {
			missing = append(missing, d)
		}
	}
	if len(missing) == 0 {
		return versions, st, nil
	}
	computed, err := s.computeStrata(db, siteID, expID, missing, bases, st.counts)
	return append(versions, computed...), st, err
}

// strataState reads in one query the events stored per day, the experiment's exposure rows per
// day, the recorded versions (by day and basis) and the site's outcome rows per goal and day (the
// rows counted per day at insert: experiment_day_counts, clickhouse_outcome_days_counts.go).
func (s *chStore) strataState(db *Client, siteID, expID string) (strataSnapshot, error) {
	rows, err := queryOn(db, `SELECT 'e' AS k, toString(day) AS d, '' AS b, sum(n) AS n FROM day_figures WHERE site_id = {:site} GROUP BY day
		UNION ALL SELECT if(experiment = '', 'o', 'x') AS k, toString(day) AS d, if(experiment = '', goal, '') AS b, sum(n) AS n
			FROM experiment_day_counts WHERE site_id = {:site} AND (experiment = {:exp} OR experiment = '') GROUP BY k, day, b
		UNION ALL SELECT 'v' AS k, toString(x_day) AS d, concat(basis, '|', max(version)) AS b, toUInt64(0) AS n FROM exposure_strata_days
			WHERE site_id = {:site} AND experiment = {:exp} GROUP BY x_day, basis`, map[string]any{"site": siteID, "exp": expID})
	st := strataSnapshot{counts: map[string]uint64{}, xdays: map[string]uint64{}, have: map[string]string{}, outcomes: map[string]map[string]uint64{}}
	for _, r := range rows {
		switch d := r.Str("d"); r.Str("k") {
		case "e":
			st.counts[d] = uint64(r.Num("n"))
		case "x":
			st.xdays[d] = uint64(r.Num("n"))
		case "o":
			if st.outcomes[r.Str("b")] == nil {
				st.outcomes[r.Str("b")] = map[string]uint64{}
			}
			st.outcomes[r.Str("b")][d] = uint64(r.Num("n"))
		default:
			basis, version, _ := strings.Cut(r.Str("b"), "|")
			st.have[d+"|"+basis] = version
		}
	}
	return st, err
}

// strataBases is each exposure day's basis: the events stored and the experiment's exposure rows
// on that day and before.
func strataBases(counts, xdays map[string]uint64) map[string]string {
	var days []string
	for d := range counts {
		days = append(days, d)
	}
	for d := range xdays {
		if _, ok := counts[d]; !ok {
			days = append(days, d)
		}
	}
	sort.Strings(days)
	out := map[string]string{}
	var events, exposures uint64
	for _, d := range days {
		events += counts[d]
		exposures += xdays[d]
		if xdays[d] > 0 {
			out[d] = fmt.Sprintf("%d/%d", events, exposures)
		}
	}
	return out
}

// computeStrata writes the strata of the visitors first exposed on days (runs of chStrataRun days)
// and records the days' versions when the inserts they read were whole and nothing arrived
// meanwhile.
func (s *chStore) computeStrata(db *Client, siteID, expID string, days []string, bases map[string]string, counts map[string]uint64) ([]string, error) {
	sort.Strings(days)
	nonce := strconv.FormatInt(time.Now().UnixNano(), 10) // pruneStrata reads its age
	versions := make([]string, len(days))
	for i, d := range days {
		versions[i] = d + "/" + bases[d] + "/" + nonce
	}
	// The days whose inserts must be whole: those after the last exposure day before them (its
	// basis, recorded from whole inserts, still holds, so no insert into it or an earlier day is
	// half-applied: its first rollup would have changed that basis), or all without one.
	first, prev := days[0], ""
	for d := range bases {
		if d < days[0] && d > prev {
			prev = d
		}
	}
	for d, n := range counts {
		if n > 0 && d < first && d > prev {
			first = d
		}
	}
	last := days[len(days)-1]
	whole, err := s.wholeDays(db, siteID, first, last, counts)
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(days); i += chStrataRun {
		j := min(i+chStrataRun, len(days))
		p := map[string]any{"site": siteID, "exp": expID, "days": days[i:j], "versions": versions[i:j], "last": days[j-1]}
		q, err := Bind(chStrataInsertSQL, p)
		if err != nil {
			return nil, err
		}
		if err := db.Exec(q); err != nil {
			return nil, err
		}
	}
	if !whole {
		return versions, nil
	}
	// Kept only if nothing arrived meanwhile: the inserts read were whole and the bases unchanged.
	if whole, err = s.wholeDays(db, siteID, first, last, counts); err != nil || !whole {
		return versions, err
	}
	st, err := s.strataState(db, siteID, expID)
	if err != nil {
		return versions, err
	}
	after := strataBases(st.counts, st.xdays)
	rows := make([]any, 0, len(days))
	for i, d := range days {
		if after[d] != bases[d] {
			return versions, nil
		}
		rows = append(rows, map[string]any{"site_id": siteID, "experiment": expID, "x_day": d, "basis": bases[d], "version": versions[i]})
	}
	return versions, db.Insert("exposure_strata_days", rows)
}

// settleStrata computes in the background (at background priority: a request's reads go first)
// the strata of the site's experiments with exposures and their outcome days for every goal with
// outcomes (the settle pass; migrations 19 and 20 add the tables empty and this fills them).
func (s *chStore) settleStrata(siteID string) error {
	db := s.background()
	rows, err := queryOn(db, `SELECT DISTINCT experiment FROM exposures WHERE site_id = {:site}`, map[string]any{"site": siteID})
	if err != nil {
		return err
	}
	for _, r := range rows {
		exp := r.Str("experiment")
		versions, st, err := s.exposureStrata(db, siteID, exp)
		if err == nil {
			err = s.pruneStrata(siteID, exp, versions, chStrataPruneAge)
		}
		if err == nil {
			goals := make([]string, 0, len(st.outcomes))
			for g := range st.outcomes {
				if g != "" { // exposure_outcomes' goal "": the strata versions' visitor counts
					goals = append(goals, g)
				}
			}
			sort.Strings(goals)
			_, err = s.outcomeDays(db, siteID, exp, goals, versions, st, true)
		}
		if err == nil {
			_, err = s.strataUsers(db, siteID, exp, versions)
		}
		if err == nil {
			err = s.settleCuped(db, siteID, exp, versions, st) // clickhouse_cuped_days.go
		}
		if err == nil {
			err = s.settleMetrics(db, siteID, exp, versions) // clickhouse_metric_days.go
		}
		if err == nil {
			err = s.pruneOutcomes(siteID, exp, versions, chStrataPruneAge)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// chStrataPruneAge is how old a version must be before pruneStrata deletes it: a computation
// still running writes its rows, then records them, under a version not yet read.
const chStrataPruneAge = time.Hour

// pruneStrata deletes the rows of versions no longer read (older than age) once they outnumber
// the rows read: each computation of a changed day (an open one after every insert into it)
// writes its visitors again.
func (s *chStore) pruneStrata(siteID, expID string, versions []string, age time.Duration) error {
	p := map[string]any{"site": siteID, "exp": expID, "strata": versions, "before": uint64(time.Now().Add(-age).UnixNano())}
	cond := `site_id = {:site} AND experiment = {:exp} AND version NOT IN {:strata}
		AND toUInt64OrZero(splitByChar('/', version)[4]) < {:before}`
	rows, err := queryOn(s.background(), `SELECT countIf(`+cond+`) AS stale, count() AS n FROM exposure_strata WHERE site_id = {:site} AND experiment = {:exp}`, p)
	if err != nil || len(rows) == 0 {
		return err
	}
	if stale := rows[0].Num("stale"); stale == 0 || stale < rows[0].Num("n")-stale {
		return nil
	}
	for _, table := range []string{"exposure_strata", "exposure_strata_days"} {
		q, err := Bind(cond, p)
		if err == nil {
			err = s.background().Delete(table, q)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// clusterTables is a step of new tables on a cluster: each table as <name>_local on every shard and
// <name> as a Distributed table over them (sharded by site).
func clusterTables(m Migration, cluster, database string) Migration {
	out := Migration{Version: m.Version, Name: m.Name}
	for _, stmt := range m.SQL {
		name := createdTable.FindStringSubmatch(stmt)[1]
		out.SQL = append(out.SQL, strings.Replace(stmt, "EXISTS "+name+" (", "EXISTS "+name+"_local (", 1),
			"CREATE TABLE IF NOT EXISTS "+name+" AS "+name+"_local ENGINE = Distributed("+cluster+", "+database+", "+name+"_local, cityHash64(site_id))")
	}
	return out
}
