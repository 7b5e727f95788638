package clickhouse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/expfigures"
)

// Experiment outcomes per outcome day (migration 20). ExperimentResults' outcome figures of a day
// D depend only on the experiment's exposure rows and the goal's outcome rows on D and before: a
// visitor's first conversion after their first exposure is on D only if none came before, and a
// purchaser's sum of squares grows on D by t * (2 * (their total before D) + t), t being D's
// purchases (so the per-visitor squares split per purchase day). A day's figures of a goal
// therefore hold while its basis does (the experiment's exposure rows and the goal's outcome rows
// on that day and before, cumulative as the strata's: a late row of an earlier day changes every
// later day's basis), and a request computes only the days whose basis changed (today, after its
// inserts), reading every other day's few rows per variant instead of every exposed visitor's
// outcomes. Days are kept in the server's memory (outcomeMemo) and closed days (chSettleLag) in
// exposure_outcomes too, under a version (a nonce), so the settle pass of a bulk writer
// (analytics-seed, events-copy) or another server serves a fresh one. A computation is kept only if
// the bases read before it are unchanged after it (an insert meanwhile: returned, not kept). The
// strata give each visitor's first exposure (variant, time) from the exposure rows alone, whatever
// strata version holds them.
var exposureOutcomesStep = Migration{Version: 20, Name: "exposure_outcomes", SQL: []string{
	`CREATE TABLE IF NOT EXISTS exposure_outcomes (site_id String, experiment String, goal String, o_day Date, basis String,
		version String, variant String, k UInt8, n UInt64, total String, squares String, written DateTime DEFAULT now())
		ENGINE = MergeTree PARTITION BY toYYYYMM(o_day) ORDER BY (site_id, experiment, goal, o_day)`,
}}

// chOutcomeDaysSQL are the outcomes of the exposed visitors (the strata versions {:strata}) after
// their first exposure on the days from {:from}, per goal, variant, kind k and day d: k 0 a
// goal's first conversions (not revenue), k 1 revenue's purchases (total) and the growth of the
// purchasers' sums of squares (squares), k 2 revenue's first purchases. {{visitors}} narrows the
// rows read to the visitors with outcomes from {:from} (their earlier rows still count: a first
// conversion before it, a total before a purchase). Totals and squares come back as strings, as
// the table keeps them: exact when settled and read back.
const chOutcomeDaysSQL = `SELECT o_goal, variant, k, d, count() AS n, toString(sum(o_value)) AS total, toString(sum(o_sq)) AS squares FROM (
	SELECT goal AS o_goal, x_variant AS variant, tupleElement(e, 1) AS k, tupleElement(e, 2) AS d, tupleElement(e, 3) AS o_value,
		tupleElement(e, 4) AS o_sq FROM (
		SELECT goal, x_variant, days, arrayCumSum(arrayMap(x -> tupleElement(x, 2), days)) AS cum, first_day FROM (
			SELECT visitor, x_variant, goal, arraySort(x -> tupleElement(x, 1), groupArray((o_day, o_total))) AS days,
				argMin(o_day, o_first) AS first_day FROM (
				SELECT visitor, x_variant, goal, o_day0 AS o_day, sum(o_value0) AS o_total, min(o_at) AS o_first
				FROM (SELECT visitor, goal, at AS o_at, day AS o_day0, value AS o_value0 FROM experiment_events
					WHERE site_id = {:site} AND experiment = '' AND goal IN {:goals}{{visitors}})
				ALL INNER JOIN (SELECT visitor, x_variant, x_at FROM exposure_strata
					WHERE site_id = {:site} AND experiment = {:exp} AND version IN {:strata}{{visitors}}) USING (visitor)
				WHERE o_at >= x_at GROUP BY visitor, x_variant, goal, o_day)
			GROUP BY visitor, x_variant, goal))
	ARRAY JOIN arrayFilter(e -> tupleElement(e, 2) >= {:from}, arrayConcat(
		[(toUInt8(if(goal = {:rev}, 2, 0)), toString(first_day), toFloat64(0), toFloat64(0))],
		arraySlice(arrayMap((x, c) -> (toUInt8(1), toString(tupleElement(x, 1)), tupleElement(x, 2),
			tupleElement(x, 2) * (2 * (c - tupleElement(x, 2)) + tupleElement(x, 2))), days, cum), 1, if(goal = {:rev}, length(days), 0)))) AS e)
	GROUP BY o_goal, variant, k, d`

const chOutcomeVisitorsSQL = ` AND visitor IN (SELECT visitor FROM experiment_events
	WHERE site_id = {:site} AND experiment = '' AND goal IN {:goals} AND day >= toDate({:from}))`

// outcomeRow is a variant's figures of one kind on a day (chOutcomeDaysSQL's k).
type outcomeRow struct {
	variant        string
	k              int
	n              float64
	total, squares float64
}

// outcomeDay is a goal's rows of a day with the basis they were computed on, and the version they
// are settled under ("": in memory only).
type outcomeDay = settledDay[outcomeRow]

// chOutcomeMemoMax bounds outcomeMemo's days (all experiments and goals): past it the memo starts again.
const chOutcomeMemoMax = 200_000

// outcomeBases is each of the goal's outcome days' basis: the experiment's exposure rows and the
// goal's outcome rows on that day and before.
func outcomeBases(xdays, outcomes map[string]uint64) map[string]string {
	days := make([]string, 0, len(xdays)+len(outcomes))
	for d := range xdays {
		days = append(days, d)
	}
	for d := range outcomes {
		if _, ok := xdays[d]; !ok {
			days = append(days, d)
		}
	}
	sort.Strings(days)
	out := map[string]string{}
	var x, o uint64
	for _, d := range days {
		x += xdays[d]
		o += outcomes[d]
		if outcomes[d] > 0 {
			out[d] = fmt.Sprintf("%d/%d", x, o)
		}
	}
	return out
}

func outcomeKey(siteID, expID, goal, day string) string {
	return siteID + "\x00" + expID + "\x00" + goal + "\x00" + day
}

// outcomeDays returns the goals' outcome rows per goal and day (every day with outcome rows) for
// the strata versions and the state st they were read with: from memory, else settled, else
// computed from the first day missing on. The settle pass (settleAll) settles every day it
// computes, open ones too (a request keeps open days in memory only: a bounded number of inserts,
// and a fresh server's first request finds the days of a quiet site settled).
func (s *chStore) outcomeDays(db *Client, siteID, expID string, goals, versions []string, st strataSnapshot, settleAll bool) (map[string]map[string][]outcomeRow, error) {
	bases := map[string]map[string]string{}
	out := map[string]map[string][]outcomeRow{}
	missing := map[string]string{} // goal -> its first day without rows
	s.outcomeMu.Lock()
	for _, g := range goals {
		bases[g], out[g] = outcomeBases(st.xdays, st.outcomes[g]), map[string][]outcomeRow{}
		for d, b := range bases[g] {
			if m, ok := s.outcomeMemo[outcomeKey(siteID, expID, g, d)]; ok && m.basis == b {
				out[g][d] = m.rows
			} else if missing[g] == "" || d < missing[g] {
				missing[g] = d
			}
		}
	}
	s.outcomeMu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	if err := s.readSettledOutcomes(db, siteID, expID, bases, missing, out); err != nil {
		return nil, err
	}
	from, todo := "", []string{}
	for g, d := range missing {
		todo = append(todo, g)
		if from == "" || d < from {
			from = d
		}
	}
	if len(todo) == 0 {
		return out, nil
	}
	sort.Strings(todo)
	computed, err := s.computeOutcomes(db, siteID, expID, todo, versions, from, st, bases, settleAll)
	if err != nil {
		return nil, err
	}
	for _, g := range todo {
		for d, rows := range computed[g] {
			out[g][d] = rows
		}
	}
	return out, nil
}

// readSettledOutcomes fills out with the settled days of the goals from their first missing day
// whose basis holds (the latest version of each), removing a goal from missing when every day is.
func (s *chStore) readSettledOutcomes(db *Client, siteID, expID string, bases map[string]map[string]string, missing map[string]string,
	out map[string]map[string][]outcomeRow) error {
	goals, from := missingGoals(missing)
	rows, err := queryOn(db, `SELECT goal, toString(o_day) AS d, basis, version, variant, k, n, total, squares FROM exposure_outcomes
		WHERE site_id = {:site} AND experiment = {:exp} AND goal IN {:goals} AND o_day >= toDate({:from})`,
		map[string]any{"site": siteID, "exp": expID, "goals": goals, "from": from})
	if err != nil {
		return err
	}
	parse := func(r Row) (outcomeRow, bool) {
		if r.Str("variant") == "" { // the day's mark: computed, no exposed visitor's outcome
			return outcomeRow{}, false
		}
		total, _ := strconv.ParseFloat(r.Str("total"), 64)
		squares, _ := strconv.ParseFloat(r.Str("squares"), 64)
		return outcomeRow{variant: r.Str("variant"), k: r.Int("k"), n: r.Num("n"), total: total, squares: squares}, true
	}
	key := func(g, d string) string { return outcomeKey(siteID, expID, g, d) }
	adoptSettledDays(s, rows, "d", key, parse, s.memoOutcome, bases, missing, out)
	return nil
}

// memoOutcome keeps a day in memory (outcomeMu held).
func (s *chStore) memoOutcome(key string, day outcomeDay) {
	keepSettledDay(&s.outcomeMemo, key, day)
}

// computeOutcomes computes the goals' outcome days from from on and keeps them (memory; closed
// days settled) when the bases read before (st) still hold after.
func (s *chStore) computeOutcomes(db *Client, siteID, expID string, goals, versions []string, from string, st strataSnapshot,
	bases map[string]map[string]string, settleAll bool) (map[string]map[string][]outcomeRow, error) {
	first := ""
	for _, g := range goals {
		for d := range st.outcomes[g] {
			if first == "" || d < first {
				first = d
			}
		}
	}
	visitors := ""
	if from > first { // the first computation reads every outcome row; later ones those of recent outcomes' visitors
		visitors = chOutcomeVisitorsSQL
	}
	rows, err := queryOn(db, strings.ReplaceAll(chOutcomeDaysSQL, "{{visitors}}", visitors), map[string]any{"site": siteID, "exp": expID,
		"goals": goals, "rev": eventrow.RevenueGoal, "strata": versions, "from": from})
	if err != nil {
		return nil, err
	}
	out := map[string]map[string][]outcomeRow{}
	for _, g := range goals {
		out[g] = map[string][]outcomeRow{}
		for d := range bases[g] {
			if d >= from {
				out[g][d] = []outcomeRow{}
			}
		}
	}
	for _, r := range rows {
		g, d := r.Str("o_goal"), r.Str("d")
		if out[g] == nil {
			continue
		}
		total, _ := strconv.ParseFloat(r.Str("total"), 64)
		squares, _ := strconv.ParseFloat(r.Str("squares"), 64)
		out[g][d] = append(out[g][d], outcomeRow{variant: r.Str("variant"), k: r.Int("k"), n: r.Num("n"), total: total, squares: squares})
	}
	// Kept only if nothing arrived meanwhile: the exposure and outcome rows read are those counted.
	after, err := s.strataState(db, siteID, expID)
	if err != nil {
		return out, err
	}
	if !sameCounts(after.xdays, st.xdays) {
		return out, nil
	}
	closed := time.Now().UTC().AddDate(0, 0, -s.settleLag).Format(time.DateOnly)
	if settleAll {
		closed = "9999-12-31"
	}
	version := strconv.FormatInt(time.Now().UnixNano(), 10)
	var settle []any
	s.outcomeMu.Lock()
	for _, g := range goals {
		if !sameCounts(after.outcomes[g], st.outcomes[g]) {
			continue
		}
		for d, rows := range out[g] {
			day := outcomeDay{basis: bases[g][d], rows: rows}
			if d <= closed {
				day.version = version
				settle = append(settle, outcomeRecords(siteID, expID, g, d, day)...)
			}
			s.memoOutcome(outcomeKey(siteID, expID, g, d), day)
		}
	}
	s.outcomeMu.Unlock()
	return out, db.Insert("exposure_outcomes", settle)
}

// outcomeRecords are a settled day's rows in exposure_outcomes, or its mark (variant "") when it
// has none.
func outcomeRecords(siteID, expID, goal, d string, day outcomeDay) []any {
	rec := func(r outcomeRow) any {
		return map[string]any{"site_id": siteID, "experiment": expID, "goal": goal, "o_day": d, "basis": day.basis, "version": day.version,
			"variant": r.variant, "k": r.k, "n": uint64(r.n), "total": strconv.FormatFloat(r.total, 'g', -1, 64),
			"squares": strconv.FormatFloat(r.squares, 'g', -1, 64)}
	}
	if len(day.rows) == 0 {
		return []any{rec(outcomeRow{})}
	}
	out := make([]any, len(day.rows))
	for i, r := range day.rows {
		out[i] = rec(r)
	}
	return out
}

func sameCounts(a, b map[string]uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// pruneOutcomes deletes the settled rows of the experiment older than age that memory no longer
// reads (a basis changed, or a later version of the same basis) and the visitor counts of strata
// versions no longer read, once they outnumber those read.
func (s *chStore) pruneOutcomes(siteID, expID string, strata []string, age time.Duration) error {
	keep := []string{}
	s.outcomeMu.Lock()
	for k, d := range s.outcomeMemo {
		if parts := strings.Split(k, "\x00"); d.version != "" && parts[0] == siteID && parts[1] == expID {
			keep = append(keep, parts[2]+"|"+parts[3]+"|"+d.version)
		}
	}
	s.outcomeMu.Unlock()
	return s.pruneSettledRows("exposure_outcomes", "concat(goal, '|', toString(o_day), '|', version)", siteID, expID, keep, strata, age)
}

// pruneSettledRows deletes the experiment's rows in table written before age ago that memory no
// longer reads (keyExpr, over the table's columns, not in keep) and the visitor counts (goal "")
// of strata versions no longer read, once they outnumber the rows kept: a delete rewrites parts,
// so it waits until it pays. The stale keys are found here from the table's keys (one row per
// key), so each delete names at most chPruneBatch of them, however many days memory keeps. The
// outcome days, CUPED's day sums and the guardrails' and ratio metrics' days prune alike.
func (s *chStore) pruneSettledRows(table, keyExpr, siteID, expID string, keep, strata []string, age time.Duration) error {
	db := s.background()
	p := map[string]any{"site": siteID, "exp": expID, "before": time.Now().Add(-age).Unix()}
	rows, err := queryOn(db, `SELECT goal = '' AS is_count, if(is_count, basis, `+keyExpr+`) AS k, written < toDateTime({:before}) AS old,
		count() AS rows_n FROM `+table+` WHERE site_id = {:site} AND experiment = {:exp} GROUP BY is_count, k, old`, p)
	if err != nil {
		return err
	}
	kept := map[string]bool{}
	for _, k := range keep {
		kept["0|"+k] = true
	}
	for _, v := range strata {
		kept["1|"+v] = true
	}
	var staleKeys, staleBases []string
	var stale, n float64
	for _, r := range rows {
		n += r.Num("rows_n")
		if r.Int("old") == 0 || kept[itoa(r.Int("is_count"))+"|"+r.Str("k")] {
			continue
		}
		stale += r.Num("rows_n")
		if r.Int("is_count") == 1 {
			staleBases = append(staleBases, r.Str("k"))
		} else {
			staleKeys = append(staleKeys, r.Str("k"))
		}
	}
	if stale == 0 || stale < n-stale {
		return nil
	}
	sort.Strings(staleKeys)
	sort.Strings(staleBases)
	for _, part := range []struct {
		cond string
		keys []string
	}{{"goal != '' AND " + keyExpr, staleKeys}, {"goal = '' AND basis", staleBases}} {
		for i := 0; i < len(part.keys); i += chPruneBatch {
			p["keys"] = part.keys[i:min(i+chPruneBatch, len(part.keys))]
			q, err := Bind("site_id = {:site} AND experiment = {:exp} AND written < toDateTime({:before}) AND "+part.cond+" IN {:keys}", p)
			if err == nil {
				err = db.Delete(table, q) // on a cluster, each shard's local table
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// chPruneBatch bounds the keys one delete of settled rows names (its statement's size).
var chPruneBatch = 500

// strataUsers are the exposed visitors per variant and day of first exposure of the strata
// versions. A version's rows never change, so each version's counts are read once per server,
// from exposure_outcomes (goal "", basis the version) or counted and written there.
func (s *chStore) strataUsers(db *Client, siteID, expID string, versions []string) ([]expfigures.DayRow, error) {
	s.outcomeMu.Lock()
	out, missing := s.usersMemo.cached(siteID, expID, versions)
	s.outcomeMu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	p := map[string]any{"site": siteID, "exp": expID, "strata": missing}
	rows, err := queryOn(db, `SELECT basis AS version, toString(o_day) AS d, variant, n FROM exposure_outcomes
		WHERE site_id = {:site} AND experiment = {:exp} AND goal = '' AND basis IN {:strata}`, p)
	if err != nil {
		return nil, err
	}
	read := map[string][]expfigures.DayRow{}
	add := func(r Row) {
		if read[r.Str("version")] == nil {
			read[r.Str("version")] = []expfigures.DayRow{}
		}
		if r.Str("variant") != "" { // "": the version's mark (no visitor first exposed that day)
			read[r.Str("version")] = append(read[r.Str("version")], expfigures.DayRow{Variant: r.Str("variant"), Day: r.Str("d"), Users: r.Num("n")})
		}
	}
	for _, r := range rows {
		if r.Str("version") != "" {
			add(r)
		}
	}
	var count []string
	for _, v := range missing {
		if read[v] == nil {
			count = append(count, v)
		}
	}
	if len(count) > 0 {
		p["strata"] = count
		rows, err := queryOn(db, `SELECT version, toString(x_day) AS d, x_variant AS variant, count() AS n FROM exposure_strata
			WHERE site_id = {:site} AND experiment = {:exp} AND version IN {:strata} GROUP BY version, x_day, x_variant`, p)
		if err != nil {
			return nil, err
		}
		var records []any
		rec := func(v, d, variant string, n float64) {
			records = append(records, map[string]any{"site_id": siteID, "experiment": expID, "goal": "", "o_day": d, "basis": v, "version": v,
				"variant": variant, "k": 3, "n": uint64(n), "total": "0", "squares": "0"})
		}
		for _, r := range rows {
			add(r)
			rec(r.Str("version"), r.Str("d"), r.Str("variant"), r.Num("n"))
		}
		for _, v := range count {
			if read[v] == nil {
				read[v] = []expfigures.DayRow{}
				rec(v, strings.SplitN(v, "/", 2)[0], "", 0)
			}
		}
		if err := db.Insert("exposure_outcomes", records); err != nil {
			return nil, err
		}
	}
	s.outcomeMu.Lock()
	defer s.outcomeMu.Unlock()
	return s.usersMemo.keep(siteID, expID, read, out), nil
}
