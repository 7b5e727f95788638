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

// Guardrails' and ratio metrics' figures per activity day (migration 25), as the results' outcome
// days (clickhouse_outcome_days.go): what a day D adds to them (clickhouse_metric_days_compute.go)
// depends only on the events stored on D and before (sessions, purchases, conversions, errors),
// the experiment's exposure rows and the capped revenue rows on D and before: D's basis,
// cumulative (a late event of an earlier day changes every later day's, retention too). A request
// reads its days from memory, then those settled in visitor_metric_days under a version, and
// computes only from the first day still missing (today after its inserts), reading the sources
// of the visitors active since then, where it read every exposed visitor's sessions each time.
// The closed days (chSettleLag) a request computes are settled; the settle pass computes the
// guardrails and the ratio metrics settled or asked for on that server, every day.
var metricDaysStep = Migration{Version: 25, Name: "visitor_metric_days", SQL: []string{
	`CREATE TABLE IF NOT EXISTS visitor_metric_days (site_id String, experiment String, goal String, d Date, basis String,
		version String, variant String, sums String, written DateTime DEFAULT now())
		ENGINE = MergeTree PARTITION BY toYYYYMM(d) ORDER BY (site_id, experiment, goal, d)`,
}}

// metricRow is a variant's figures of a day (metricSpec's fields).
type metricRow struct {
	variant string
	sums    []float64
}

type metricDay = settledDay[metricRow]

func itoa(n int) string { return strconv.Itoa(n) }

// metricBases is each day's basis from the first exposure day on: the events stored, the
// experiment's exposure rows and the revenue rows on that day and before.
func metricBases(st strataSnapshot) map[string]string {
	rev := st.outcomes[eventrow.RevenueGoal]
	seen := map[string]bool{}
	first := ""
	for _, m := range []map[string]uint64{st.counts, st.xdays, rev} {
		for d := range m {
			seen[d] = true
		}
	}
	for d, n := range st.xdays {
		if n > 0 && (first == "" || d < first) {
			first = d
		}
	}
	out := map[string]string{}
	if first == "" {
		return out
	}
	var e, x, o uint64
	for _, d := range sortedKeys(seen) {
		e, x, o = e+st.counts[d], x+st.xdays[d], o+rev[d]
		if d >= first {
			out[d] = fmt.Sprintf("%d/%d/%d", e, x, o)
		}
	}
	return out
}

// metricDays returns a metric's figures summed over every day per variant: each day from memory,
// else settled, else computed from the first day missing on (settleAll: the settle pass, which
// settles every day it computes).
func (s *chStore) metricDays(db *Client, siteID, expID string, m metricSpec, settleAll bool) (map[string][]float64, error) {
	versions, st, err := s.exposureStrata(db, siteID, expID)
	if err != nil {
		return nil, err
	}
	key := m.key()
	bases := map[string]map[string]string{key: metricBases(st)}
	days := map[string]map[string][]metricRow{key: {}}
	memoKey := func(_, d string) string { return "metric\x00" + outcomeKey(siteID, expID, key, d) }
	missing := map[string]string{}
	s.outcomeMu.Lock()
	if !settleAll {
		if s.metricWanted == nil {
			s.metricWanted = map[string]metricSpec{}
		}
		s.metricWanted[siteID+"\x00"+expID+"\x00"+key] = m
	}
	for d, b := range bases[key] {
		if mem, ok := s.metricMemo[memoKey(key, d)]; ok && mem.basis == b {
			days[key][d] = mem.rows
		} else if missing[key] == "" || d < missing[key] {
			missing[key] = d
		}
	}
	s.outcomeMu.Unlock()
	if len(missing) > 0 {
		if err := s.readSettledMetric(db, siteID, expID, bases, missing, days, memoKey); err != nil {
			return nil, err
		}
	}
	if from, ok := missing[key]; ok {
		computed, err := s.keepMetricDays(db, siteID, expID, m, versions, from, st, bases[key], settleAll)
		if err != nil {
			return nil, err
		}
		for d, rows := range computed {
			days[key][d] = rows
		}
	}
	total := map[string][]float64{}
	for _, d := range sortedKeys(days[key]) { // in day order: the same sums on every read
		for _, r := range days[key][d] {
			if total[r.variant] == nil {
				total[r.variant] = make([]float64, ratioFields)
			}
			for i, v := range r.sums {
				total[r.variant][i] += v
			}
		}
	}
	return total, nil
}

// readSettledMetric fills days with the metric's settled days whose basis holds (adoptSettledDays).
func (s *chStore) readSettledMetric(db *Client, siteID, expID string, bases map[string]map[string]string, missing map[string]string,
	days map[string]map[string][]metricRow, key func(g, d string) string) error {
	goals, from := missingGoals(missing)
	rows, err := queryOn(db, `SELECT goal, toString(d) AS day, basis, version, variant, sums FROM visitor_metric_days
		WHERE site_id = {:site} AND experiment = {:exp} AND goal IN {:goals} AND d >= toDate({:from})`,
		map[string]any{"site": siteID, "exp": expID, "goals": goals, "from": from})
	if err != nil {
		return err
	}
	parse := func(r Row) (metricRow, bool) {
		if r.Str("variant") == "" { // the day's mark: computed, no figures
			return metricRow{}, false
		}
		fields := strings.Fields(r.Str("sums"))
		row := metricRow{variant: r.Str("variant"), sums: make([]float64, ratioFields)}
		for i := 0; i < len(fields) && i < ratioFields; i++ {
			row.sums[i] = cupedParse(fields[i])
		}
		return row, true
	}
	adoptSettledDays(s, rows, "day", key, parse, s.memoMetric, bases, missing, days)
	return nil
}

func (s *chStore) memoMetric(key string, day metricDay) { keepSettledDay(&s.metricMemo, key, day) }

// keepMetricDays computes the metric's days from `from` on and keeps them (memory; closed days, or
// every day for the settle pass, settled) when the inserts read were whole and the bases read
// before (st) still hold after: a figure from a half-applied insert is returned, never kept.
func (s *chStore) keepMetricDays(db *Client, siteID, expID string, m metricSpec, versions []string, from string, st strataSnapshot,
	bases map[string]string, settleAll bool) (map[string][]metricRow, error) {
	last := ""
	first := from
	for d := range bases {
		last = max(last, d)
		first = min(first, d)
	}
	whole, err := s.wholeDays(db, siteID, from, last, st.counts)
	if err != nil {
		return nil, err
	}
	figures, err := s.computeMetricDays(db, siteID, expID, m, versions, from, from > first)
	if err != nil {
		return nil, err
	}
	out := map[string][]metricRow{}
	for d := range bases {
		if d < from {
			continue
		}
		out[d] = []metricRow{}
		for _, v := range sortedKeys(figures[d]) {
			out[d] = append(out[d], metricRow{variant: v, sums: figures[d][v]})
		}
	}
	if !whole {
		return out, nil
	}
	after, err := s.strataState(db, siteID, expID)
	if err != nil {
		return out, err
	}
	rev := eventrow.RevenueGoal
	if !sameCounts(after.counts, st.counts) || !sameCounts(after.xdays, st.xdays) || !sameCounts(after.outcomes[rev], st.outcomes[rev]) {
		return out, nil
	}
	if whole, err = s.wholeDays(db, siteID, from, last, st.counts); err != nil || !whole {
		return out, err
	}
	closed := time.Now().UTC().AddDate(0, 0, -s.settleLag).Format(time.DateOnly)
	if settleAll {
		closed = eventstore.OpenEnd
	}
	version := strconv.FormatInt(time.Now().UnixNano(), 10)
	key := m.key()
	var settle []any
	s.outcomeMu.Lock()
	for d, rows := range out {
		day := metricDay{basis: bases[d], rows: rows}
		if d <= closed {
			day.version = version
			settle = append(settle, metricRecords(siteID, expID, key, d, day)...)
		}
		s.memoMetric("metric\x00"+outcomeKey(siteID, expID, key, d), day)
	}
	s.outcomeMu.Unlock()
	return out, db.Insert("visitor_metric_days", settle)
}

// metricRecords are a settled day's rows, or its mark (variant "") when it has none.
func metricRecords(siteID, expID, key, d string, day metricDay) []any {
	rec := func(r metricRow) any {
		f := make([]string, len(r.sums))
		for i, v := range r.sums {
			f[i] = cupedFloat(v)
		}
		return map[string]any{"site_id": siteID, "experiment": expID, "goal": key, "d": d, "basis": day.basis, "version": day.version,
			"variant": r.variant, "sums": strings.Join(f, " ")}
	}
	if len(day.rows) == 0 {
		return []any{rec(metricRow{})}
	}
	out := make([]any, len(day.rows))
	for i, r := range day.rows {
		out[i] = rec(r)
	}
	return out
}

// settleMetrics computes in the background the experiment's guardrails, the ratio metrics it shows
// (eventstore.Definitions: so that a metric's first read after the experiment is saved computes
// nothing) and those settled by any server or asked for on this one, then prunes what memory no
// longer reads.
func (s *chStore) settleMetrics(db *Client, siteID, expID string, strata []string) error {
	specs := s.definedMetrics(siteID, expID) // clickhouse_definitions.go
	specs["guardrails"] = metricSpec{guardrails: true}
	s.outcomeMu.Lock()
	for k, m := range s.metricWanted {
		if strings.HasPrefix(k, siteID+"\x00"+expID+"\x00") {
			specs[m.key()] = m
		}
	}
	s.outcomeMu.Unlock()
	rows, err := queryOn(db, `SELECT DISTINCT goal FROM visitor_metric_days WHERE site_id = {:site} AND experiment = {:exp}`,
		map[string]any{"site": siteID, "exp": expID})
	if err != nil {
		return err
	}
	for _, r := range rows {
		if m, ok := metricOfKey(siteID, expID, r.Str("goal")); ok {
			specs[m.key()] = m
		}
	}
	keys := sortedKeys(specs)
	for _, k := range keys {
		if _, err := s.metricDays(db, siteID, expID, specs[k], true); err != nil {
			return err
		}
	}
	return s.pruneMetrics(siteID, expID, strata, chStrataPruneAge)
}

// metricOfKey is the metric a settled key names (metricSpec.key).
func metricOfKey(siteID, expID, key string) (metricSpec, bool) {
	if key == "guardrails" {
		return metricSpec{guardrails: true}, true
	}
	p := strings.Split(key, "/")
	if len(p) != 5 || p[0] != "ratio" {
		return metricSpec{}, false
	}
	w, err := strconv.Atoi(p[4])
	if err != nil {
		return metricSpec{}, false
	}
	return metricSpec{q: eventstore.RatioQuery{SiteID: siteID, ExperimentID: expID, Numerator: p[1], Denominator: p[2], GoalID: p[3], WindowDays: w}}, true
}

// pruneMetrics deletes the settled rows memory no longer reads (pruneSettledRows' rule).
func (s *chStore) pruneMetrics(siteID, expID string, strata []string, age time.Duration) error {
	keep := []string{}
	s.outcomeMu.Lock()
	for k, d := range s.metricMemo {
		// k: "metric", site, experiment, metric, day
		if parts := strings.Split(k, "\x00"); len(parts) == 5 && d.version != "" && parts[1] == siteID && parts[2] == expID {
			keep = append(keep, parts[3]+"|"+parts[4]+"|"+d.version)
		}
	}
	s.outcomeMu.Unlock()
	sort.Strings(keep)
	return s.pruneSettledRows("visitor_metric_days", "concat(goal, '|', toString(d), '|', version)", siteID, expID, keep, strata, age)
}
