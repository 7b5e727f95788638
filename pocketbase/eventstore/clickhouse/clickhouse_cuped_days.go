package clickhouse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
)

// CUPED's sums per day, kept as the results' outcome days are (clickhouse_outcome_days.go). A
// cell's (variant, device, new/returning) sums over its visitors split by day: a visitor's pre
// value (the goal reached, or revenue, in the window before the first exposure) is fixed on the
// day of that exposure; the post value grows on outcome days after it (a goal: 1 on the first
// conversion; revenue: the day's purchases t, its square by t * (2 * total before + t), its product
// with pre by t * pre). The device and new/returning come from the strata (sessions up to the
// exposure), so a day's sums hold while the events stored, the experiment's exposure rows and the
// goal's outcome rows on that day and before are unchanged (the day's basis), and while the strata
// read were recorded ones (computed from whole inserts). Days are kept in the server's memory per
// window; the visitors per cell are counted once per strata version.

// chCupedDaysSQL are per goal, cell and day from {:from} the sums of the exposed visitors with
// outcomes ({{visitors}}: only those exposed or with outcomes from {:from}).
const chCupedDaysSQL = `SELECT o_goal, variant, device, vtype, d, sum(a_post) AS post, sum(a_post2) AS post2, sum(a_pre) AS pre,
	sum(a_pre2) AS pre2, sum(a_prod) AS prod FROM (
	SELECT goal AS o_goal, x_variant AS variant, device, if(returning, 'returning', 'new') AS vtype, tupleElement(e, 1) AS d,
		tupleElement(e, 2) AS a_post, tupleElement(e, 3) AS a_post2, tupleElement(e, 4) AS a_pre, tupleElement(e, 5) AS a_pre2,
		tupleElement(e, 6) AS a_prod FROM (
		SELECT goal, x_variant, device, returning, x_day, c_pre, c_days, arrayCumSum(arrayMap(x -> tupleElement(x, 2), c_days)) AS c_cum,
			c_first, c_any FROM (
			SELECT visitor, x_variant, device, returning, x_day, goal, if(goal = {:rev}, sum(pre_rev), toFloat64(max(pre_goal))) AS c_pre,
				arraySort(x -> tupleElement(x, 1), groupArrayIf((o_day, o_total), o_post)) AS c_days,
				argMinIf(o_day, o_first, o_post) AS c_first, max(o_post) AS c_any FROM (
				SELECT visitor, x_variant, device, returning, x_day, goal, o_day0 AS o_day, sumIf(o_value0, o_at >= x_at) AS o_total,
					countIf(o_at >= x_at) > 0 AS o_post, minIf(o_at, o_at >= x_at) AS o_first,
					maxIf(1, o_at + {:window} >= x_at AND o_at < x_at) AS pre_goal,
					sumIf(o_value0, o_at + {:window} >= x_at AND o_at < x_at) AS pre_rev
				FROM (SELECT visitor, goal, at AS o_at, day AS o_day0, value AS o_value0 FROM experiment_events
					WHERE site_id = {:site} AND experiment = '' AND goal IN {:goals}{{visitors}})
				ALL INNER JOIN (SELECT visitor, x_variant, x_at, x_day, device, returning FROM exposure_strata
					WHERE site_id = {:site} AND experiment = {:exp} AND version IN {:strata}{{visitors}}) USING (visitor)
				GROUP BY visitor, x_variant, device, returning, x_at, x_day, goal, o_day)
			GROUP BY visitor, x_variant, device, returning, x_day, goal))
	ARRAY JOIN arrayFilter(e -> tupleElement(e, 1) >= {:from}, arrayConcat(
		[(toString(x_day), toFloat64(0), toFloat64(0), c_pre, c_pre * c_pre, toFloat64(0))],
		arraySlice([(toString(c_first), toFloat64(1), toFloat64(1), toFloat64(0), toFloat64(0), c_pre)], 1, goal != {:rev} AND c_any),
		arraySlice(arrayMap((x, c) -> (toString(tupleElement(x, 1)), tupleElement(x, 2),
			tupleElement(x, 2) * (2 * (c - tupleElement(x, 2)) + tupleElement(x, 2)), toFloat64(0), toFloat64(0), tupleElement(x, 2) * c_pre),
			c_days, c_cum), 1, if(goal = {:rev}, length(c_days), 0)))) AS e)
	GROUP BY o_goal, variant, device, vtype, d`

// chCupedVisitorsSQL narrows a computation from {:from} on to the visitors exposed or with outcomes since.
const chCupedVisitorsSQL = ` AND (visitor IN (SELECT visitor FROM experiment_events
	WHERE site_id = {:site} AND experiment = '' AND goal IN {:goals} AND day >= toDate({:from}))
	OR visitor IN (SELECT visitor FROM exposure_strata WHERE site_id = {:site} AND experiment = {:exp} AND version IN {:strata}
		AND x_day >= toDate({:from})))`

// cupedSums are a cell's sums of one metric on a day.
type cupedSums struct {
	variant, device, vtype       string
	post, post2, pre, pre2, prod float64
}

// cupedDay is a goal's sums of a day with the basis they were computed on, and the version they
// are settled under ("": in memory only).
type cupedDay = settledDay[cupedSums]

// cupedBases is each day's basis (exposure or outcome days of the goal): the events stored, the
// experiment's exposure rows and the goal's outcome rows on that day and before.
func cupedBases(st strataSnapshot, goal string) map[string]string {
	outcomes := st.outcomes[goal]
	seen := map[string]bool{}
	var days []string
	for _, m := range []map[string]uint64{st.counts, st.xdays, outcomes} {
		for d := range m {
			if !seen[d] {
				seen[d] = true
				days = append(days, d)
			}
		}
	}
	sort.Strings(days)
	out := map[string]string{}
	var e, x, o uint64
	for _, d := range days {
		e, x, o = e+st.counts[d], x+st.xdays[d], o+outcomes[d]
		if st.xdays[d] > 0 || outcomes[d] > 0 {
			out[d] = fmt.Sprintf("%d/%d/%d", e, x, o)
		}
	}
	return out
}

// cupedCells are CUPED's cells of each goal (a goal's conversion, or revenue) over the window,
// from the strata versions and the state st they were read with.
func (s *chStore) cupedCells(db *Client, siteID, expID string, goals, versions []string, st strataSnapshot, windowDays int) ([][]eventstore.CupedCell, error) {
	s.outcomeMu.Lock()
	if s.cupedWanted == nil || len(s.cupedWanted) >= chOutcomeMemoMax {
		s.cupedWanted = map[string]bool{}
	}
	s.cupedWanted[fmt.Sprintf("%s\x00%s\x00%d\x00%s", siteID, expID, windowDays, strings.Join(goals, "\x00"))] = true
	s.outcomeMu.Unlock()
	days, err := s.cupedDays(db, siteID, expID, goals, versions, st, windowDays, false)
	if err != nil {
		return nil, err
	}
	counts, err := s.strataCells(db, siteID, expID, versions)
	if err != nil {
		return nil, err
	}
	out := make([][]eventstore.CupedCell, len(goals))
	for i, g := range goals {
		cells := map[string]*eventstore.CupedCell{}
		var keys []string
		for _, c := range counts {
			k := c.Variant + "\x00" + c.Device + "\x00" + c.VisitorType
			if cells[k] == nil {
				cells[k] = &eventstore.CupedCell{Variant: c.Variant, Device: c.Device, VisitorType: c.VisitorType}
				keys = append(keys, k)
			}
			cells[k].Count += c.Count
		}
		dayList := make([]string, 0, len(days[g]))
		for d := range days[g] {
			dayList = append(dayList, d)
		}
		sort.Strings(dayList) // the sums add up in day order, the same on every read
		for _, d := range dayList {
			for _, r := range days[g][d] {
				c := cells[r.variant+"\x00"+r.device+"\x00"+r.vtype]
				if c == nil { // sums of a cell without visitors: cannot happen with the same strata
					return nil, fmt.Errorf("clickhouse: CUPED sums of a cell without exposed visitors (%s, %s, %s)", r.variant, r.device, r.vtype)
				}
				c.Post += r.post
				c.PostSquares += r.post2
				c.Pre += r.pre
				c.PreSquares += r.pre2
				c.Products += r.prod
			}
		}
		sort.Strings(keys)
		out[i] = make([]eventstore.CupedCell, 0, len(keys))
		for _, k := range keys {
			out[i] = append(out[i], *cells[k])
		}
	}
	return out, nil
}

// cupedPrefix is the memo keys' prefix of a window's days.
func cupedPrefix(windowDays int) string { return fmt.Sprintf("cuped\x00%d\x00", windowDays) }

// cupedDays returns the goals' CUPED day sums (every day with exposures or outcomes): from memory,
// else settled (clickhouse_cuped_days_settled.go), else computed from the first day missing on.
// settleAll: the settle pass's, which settles every day it computes (open ones too, as
// outcomeDays); a request settles the closed ones.
func (s *chStore) cupedDays(db *Client, siteID, expID string, goals, versions []string, st strataSnapshot, windowDays int,
	settleAll bool) (map[string]map[string][]cupedSums, error) {
	prefix := cupedPrefix(windowDays)
	bases := map[string]map[string]string{}
	out := map[string]map[string][]cupedSums{}
	missing := map[string]string{} // goal -> its first day without sums
	s.outcomeMu.Lock()
	for _, g := range goals {
		bases[g], out[g] = cupedBases(st, g), map[string][]cupedSums{}
		for d, b := range bases[g] {
			if m, ok := s.cupedMemo[prefix+outcomeKey(siteID, expID, g, d)]; ok && m.basis == b {
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
	if err := s.readSettledCuped(db, siteID, expID, windowDays, bases, missing, out); err != nil {
		return nil, err
	}
	if len(missing) == 0 {
		return out, nil
	}
	from, first, todo := "", "", []string{}
	for g, d := range missing {
		todo = append(todo, g)
		if from == "" || d < from {
			from = d
		}
		for d := range bases[g] {
			if first == "" || d < first {
				first = d
			}
		}
	}
	sort.Strings(todo)
	visitors := ""
	if from > first { // the first computation reads every outcome row; later ones those of recent visitors
		visitors = chCupedVisitorsSQL
	}
	rows, err := queryOn(db, strings.ReplaceAll(chCupedDaysSQL, "{{visitors}}", visitors), map[string]any{"site": siteID, "exp": expID,
		"goals": todo, "rev": eventrow.RevenueGoal, "strata": versions, "from": from, "window": uint64(windowDays) * 86_400_000})
	if err != nil {
		return nil, err
	}
	computed := map[string]map[string][]cupedSums{}
	for _, g := range todo {
		computed[g] = map[string][]cupedSums{}
		for d := range bases[g] {
			if d >= from {
				computed[g][d] = []cupedSums{}
			}
		}
	}
	for _, r := range rows {
		g, d := r.Str("o_goal"), r.Str("d")
		if computed[g] == nil {
			continue
		}
		computed[g][d] = append(computed[g][d], cupedSums{variant: r.Str("variant"), device: r.Str("device"), vtype: r.Str("vtype"),
			post: r.Num("post"), post2: r.Num("post2"), pre: r.Num("pre"), pre2: r.Num("pre2"), prod: r.Num("prod")})
	}
	for _, g := range todo {
		for d, rows := range computed[g] {
			out[g][d] = rows
		}
	}
	return out, s.keepCuped(db, siteID, expID, windowDays, todo, versions, from, bases, computed, settleAll)
}

// keepCuped keeps the computed days in memory and settles the closed ones (all with settleAll),
// only if the bases still hold and every exposure day's strata read are recorded ones.
func (s *chStore) keepCuped(db *Client, siteID, expID string, windowDays int, goals, versions []string, from string,
	bases map[string]map[string]string, computed map[string]map[string][]cupedSums, settleAll bool) error {
	after, err := s.strataState(db, siteID, expID)
	if err != nil {
		return err
	}
	used := map[string]bool{}
	for _, v := range versions {
		used[v] = true
	}
	for d, b := range strataBases(after.counts, after.xdays) {
		if v, ok := after.have[d+"|"+b]; !ok || !used[v] {
			return nil
		}
	}
	closed := time.Now().UTC().AddDate(0, 0, -s.settleLag).Format(time.DateOnly)
	if settleAll {
		closed = "9999-12-31"
	}
	version := strconv.FormatInt(time.Now().UnixNano(), 10)
	prefix := cupedPrefix(windowDays)
	var settle []any
	s.outcomeMu.Lock()
	for _, g := range goals {
		now := cupedBases(after, g)
		for d, rows := range computed[g] {
			if d < from || now[d] != bases[g][d] {
				continue
			}
			day := cupedDay{basis: bases[g][d], rows: rows}
			if d <= closed {
				day.version = version
				settle = append(settle, cupedRecords(siteID, expID, g, windowDays, d, day)...)
			}
			s.memoCuped(prefix+outcomeKey(siteID, expID, g, d), day)
		}
	}
	s.outcomeMu.Unlock()
	return db.Insert("cuped_days", settle)
}

// settleCuped computes in the background the CUPED day sums of the experiment that a request
// reads (the settle pass): the product's default window, the experiment's own with the goals it
// shows (eventstore.Definitions: a goal without outcomes yet, a window other than the default),
// the windows requests asked for on this server and those settled by any, for every goal with
// outcomes and those asked for; then prunes what no longer holds.
func (s *chStore) settleCuped(db *Client, siteID, expID string, versions []string, st strataSnapshot) error {
	windows := map[int]bool{chCupedDefaultWindow: true}
	goalSet := map[string]bool{}
	for g := range st.outcomes {
		if g != "" {
			goalSet[g] = true
		}
	}
	for w, gs := range s.definedCovariates(siteID, expID) { // clickhouse_definitions.go
		windows[w] = true
		for _, g := range gs {
			goalSet[g] = true
		}
	}
	s.outcomeMu.Lock()
	for k := range s.cupedWanted {
		if parts := strings.Split(k, "\x00"); len(parts) > 3 && parts[0] == siteID && parts[1] == expID {
			if w, err := strconv.Atoi(parts[2]); err == nil {
				windows[w] = true
			}
			for _, g := range parts[3:] {
				goalSet[g] = true
			}
		}
	}
	s.outcomeMu.Unlock()
	rows, err := queryOn(db, `SELECT DISTINCT w_days FROM cuped_days WHERE site_id = {:site} AND experiment = {:exp} AND goal != ''`,
		map[string]any{"site": siteID, "exp": expID})
	if err != nil {
		return err
	}
	for _, r := range rows {
		windows[r.Int("w_days")] = true
	}
	goals := make([]string, 0, len(goalSet))
	for g := range goalSet {
		goals = append(goals, g)
	}
	sort.Strings(goals)
	if len(goals) == 0 {
		return nil
	}
	for w := range windows {
		if _, err := s.cupedDays(db, siteID, expID, goals, versions, st, w, true); err != nil {
			return err
		}
	}
	if _, err := s.strataCells(db, siteID, expID, versions); err != nil {
		return err
	}
	return s.pruneCuped(siteID, expID, versions, chStrataPruneAge)
}

// strataCells are the exposed visitors per CUPED cell of the strata versions, each version's read
// once per server (a version's rows never change), settled in cuped_days or counted and settled.
func (s *chStore) strataCells(db *Client, siteID, expID string, versions []string) ([]eventstore.CupedCell, error) {
	s.outcomeMu.Lock()
	out, missing := s.cellsMemo.cached(siteID, expID, versions)
	s.outcomeMu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	read, err := s.settledCells(db, siteID, expID, missing)
	if err != nil {
		return nil, err
	}
	s.outcomeMu.Lock()
	defer s.outcomeMu.Unlock()
	return s.cellsMemo.keep(siteID, expID, read, out), nil
}
