package clickhouse

import (
	"strconv"
	"strings"
	"time"

	"cro/pocketbase/eventstore"
)

// CUPED's day sums settled (migration 21), as the results' outcome days are in exposure_outcomes
// (clickhouse_outcome_days.go): a day's rows per goal and window with the basis they were computed
// on, under a version (a nonce), so that a server that did not compute them (a fresh start, another
// server, after a bulk writer's settle pass) reads them instead of every exposed visitor's
// outcomes. A request settles the closed days it computes (chSettleLag), the settle pass every day
// it computes. Goal "" holds a strata version's exposed visitors per CUPED cell (basis: the
// version; post: the count), which never change, as exposure_outcomes' goal "" holds them per day.
var cupedDaysStep = Migration{Version: 21, Name: "cuped_days", SQL: []string{
	`CREATE TABLE IF NOT EXISTS cuped_days (site_id String, experiment String, goal String, w_days UInt32, d Date, basis String,
		version String, variant String, device String, vtype String, post String, post2 String, pre String, pre2 String, prod String,
		written DateTime DEFAULT now()) ENGINE = MergeTree PARTITION BY toYYYYMM(d) ORDER BY (site_id, experiment, goal, w_days, d)`,
}}

// chCupedDefaultWindow is the product's default CUPED window (DEFAULT_CUPED_WINDOW_DAYS in
// src/lib/experiment-statistics.ts): the settle pass computes it for every experiment with
// exposures, so that a fresh server's first results page finds its days.
const chCupedDefaultWindow = 14

func cupedFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func cupedParse(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

// readSettledCuped fills out with the settled days of the goals from their first missing day whose
// basis holds (the latest version of each), keeps them in memory and moves each goal's missing day
// to the first one still without sums (deleted when none).
func (s *chStore) readSettledCuped(db *Client, siteID, expID string, windowDays int, bases map[string]map[string]string,
	missing map[string]string, out map[string]map[string][]cupedSums) error {
	goals, from := missingGoals(missing)
	rows, err := queryOn(db, `SELECT goal, toString(d) AS day, basis, version, variant, device, vtype, post, post2, pre, pre2, prod
		FROM cuped_days WHERE site_id = {:site} AND experiment = {:exp} AND goal IN {:goals} AND w_days = {:w} AND d >= toDate({:from})`,
		map[string]any{"site": siteID, "exp": expID, "goals": goals, "w": uint64(windowDays), "from": from})
	if err != nil {
		return err
	}
	prefix := cupedPrefix(windowDays)
	parse := func(r Row) (cupedSums, bool) {
		if r.Str("variant") == "" { // the day's mark: computed, no sums
			return cupedSums{}, false
		}
		return cupedSums{variant: r.Str("variant"), device: r.Str("device"), vtype: r.Str("vtype"),
			post: cupedParse(r.Str("post")), post2: cupedParse(r.Str("post2")), pre: cupedParse(r.Str("pre")),
			pre2: cupedParse(r.Str("pre2")), prod: cupedParse(r.Str("prod"))}, true
	}
	key := func(g, d string) string { return prefix + outcomeKey(siteID, expID, g, d) }
	adoptSettledDays(s, rows, "day", key, parse, s.memoCuped, bases, missing, out)
	return nil
}

// memoCuped keeps a day's sums in memory (outcomeMu held).
func (s *chStore) memoCuped(key string, day cupedDay) {
	keepSettledDay(&s.cupedMemo, key, day)
}

// cupedRecords are a settled day's rows in cuped_days, or its mark (variant "") when it has none.
func cupedRecords(siteID, expID, goal string, windowDays int, d string, day cupedDay) []any {
	rec := func(r cupedSums) any {
		return map[string]any{"site_id": siteID, "experiment": expID, "goal": goal, "w_days": windowDays, "d": d, "basis": day.basis,
			"version": day.version, "variant": r.variant, "device": r.device, "vtype": r.vtype, "post": cupedFloat(r.post),
			"post2": cupedFloat(r.post2), "pre": cupedFloat(r.pre), "pre2": cupedFloat(r.pre2), "prod": cupedFloat(r.prod)}
	}
	if len(day.rows) == 0 {
		return []any{rec(cupedSums{})}
	}
	out := make([]any, len(day.rows))
	for i, r := range day.rows {
		out[i] = rec(r)
	}
	return out
}

// settledCells reads the strata versions' visitors per CUPED cell settled in cuped_days (goal "")
// and counts and settles those of the versions not there.
func (s *chStore) settledCells(db *Client, siteID, expID string, versions []string) (map[string][]eventstore.CupedCell, error) {
	p := map[string]any{"site": siteID, "exp": expID, "strata": versions}
	rows, err := queryOn(db, `SELECT basis AS version, variant, device, vtype, post AS n FROM cuped_days
		WHERE site_id = {:site} AND experiment = {:exp} AND goal = '' AND basis IN {:strata}`, p)
	if err != nil {
		return nil, err
	}
	read := map[string][]eventstore.CupedCell{}
	add := func(v, variant, device, vtype string, n float64) {
		if read[v] == nil {
			read[v] = []eventstore.CupedCell{}
		}
		if variant != "" { // "": the version's mark (no visitor first exposed that day)
			read[v] = append(read[v], eventstore.CupedCell{Variant: variant, Device: device, VisitorType: vtype, Count: n})
		}
	}
	for _, r := range rows {
		add(r.Str("version"), r.Str("variant"), r.Str("device"), r.Str("vtype"), cupedParse(r.Str("n")))
	}
	var count []string
	for _, v := range versions {
		if read[v] == nil {
			count = append(count, v)
		}
	}
	if len(count) == 0 {
		return read, nil
	}
	p["strata"] = count
	rows, err = queryOn(db, `SELECT version, x_variant AS variant, device, if(returning, 'returning', 'new') AS vtype, count() AS n
		FROM exposure_strata WHERE site_id = {:site} AND experiment = {:exp} AND version IN {:strata} GROUP BY version, variant, device, vtype`, p)
	if err != nil {
		return nil, err
	}
	var records []any
	rec := func(v, variant, device, vtype string, n float64) {
		records = append(records, map[string]any{"site_id": siteID, "experiment": expID, "goal": "", "w_days": 0,
			"d": strings.SplitN(v, "/", 2)[0], "basis": v, "version": v, "variant": variant, "device": device, "vtype": vtype,
			"post": cupedFloat(n), "post2": "0", "pre": "0", "pre2": "0", "prod": "0"})
	}
	for _, r := range rows {
		add(r.Str("version"), r.Str("variant"), r.Str("device"), r.Str("vtype"), r.Num("n"))
		rec(r.Str("version"), r.Str("variant"), r.Str("device"), r.Str("vtype"), r.Num("n"))
	}
	for _, v := range count {
		if read[v] == nil {
			read[v] = []eventstore.CupedCell{}
			rec(v, "", "", "", 0)
		}
	}
	return read, db.Insert("cuped_days", records)
}

// pruneCuped deletes the settled rows of the experiment older than age that memory no longer reads
// (a basis changed, or a later version of the same basis) and the cells of strata versions no
// longer read, once they outnumber those read (pruneOutcomes' rule).
func (s *chStore) pruneCuped(siteID, expID string, strata []string, age time.Duration) error {
	keep := []string{}
	s.outcomeMu.Lock()
	for k, d := range s.cupedMemo {
		// k: "cuped", window, site, experiment, goal, day
		if parts := strings.Split(k, "\x00"); len(parts) == 6 && d.version != "" && parts[2] == siteID && parts[3] == expID {
			keep = append(keep, parts[4]+"|"+parts[1]+"|"+parts[5]+"|"+d.version)
		}
	}
	s.outcomeMu.Unlock()
	return s.pruneSettledRows("cuped_days", "concat(goal, '|', toString(w_days), '|', toString(d), '|', version)", siteID, expID, keep, strata, age)
}
